import HealthCore

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
        let (a, b) = (String(shown[earlier].prefix(200)), String(shown[i].prefix(200)))
        let what =
          a == b
          ? "the column '\(b)' twice (columns \(earlier + 1) and \(i + 1))"
          : "two columns for one value ('\(a)' in column \(earlier + 1), '\(b)' in column "
            + "\(i + 1))"
        throw HealthError.malformed(
          "the header has \(what): which one holds the data cannot be told",
          at: SourceLocation(file: path, line: 1),
          hint: "remove or rename one of the two columns")
      }
      first[name] = i
    }
  }
}
