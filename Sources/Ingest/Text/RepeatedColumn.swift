import HealthModel

/// The one rule for a CSV header that names a column twice (docs/reliability.md,
/// "Duplicates and mixed shapes"): when the reader uses that column, which of the two holds
/// the data cannot be told, so the file is refused (exit 65 at line 1) instead of one of
/// them being read and the other dropped. A repeated column the reader does not use is
/// harmless and passes.
enum RepeatedColumn {
  /// Throws for the first name in `names` (already in the form the reader matches them,
  /// e.g. lower-cased) that appears twice among those `isUsed` accepts.
  static func check(
    _ names: [String], shown: [String], path: String, isUsed: (String) -> Bool
  ) throws {
    var first: [String: Int] = [:]
    for (i, name) in names.enumerated() where !name.isEmpty && isUsed(name) {
      if let earlier = first[name] {
        try refuse(first: (earlier, shown[earlier]), second: (i, shown[i]), path: path)
      }
      first[name] = i
    }
  }

  /// Throws exit 65 for two header cells (0-based index and text) that name one column.
  static func refuse(first: (Int, String), second: (Int, String), path: String) throws -> Never {
    let (a, b) = (String(first.1.prefix(200)), String(second.1.prefix(200)))
    let what =
      a == b
      ? "the column '\(b)' twice (columns \(first.0 + 1) and \(second.0 + 1))"
      : "two columns for one value ('\(a)' in column \(first.0 + 1), '\(b)' in column "
        + "\(second.0 + 1))"
    throw HealthError.malformed(
      "the header has \(what): which one holds the data cannot be told",
      at: SourceLocation(file: path, line: 1), hint: "remove or rename one of the two columns")
  }
}
