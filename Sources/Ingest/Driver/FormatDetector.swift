import HealthCore

/// Detects an input's format from its first bytes, never from its name.
public enum FormatDetector {
  /// How many leading bytes are looked at.
  public static let prefixLength = 64 << 10

  /// The format of the file at `path`: exit 66 when it cannot be opened, 65 when it is
  /// empty or not a format healthpipe reads.
  public static func detect(path: String) throws -> InputFormat {
    let reader = try FileReader(path: path)
    let head = try reader.read(at: 0, count: prefixLength)
    return try detect(head, path: path)
  }

  /// The format of a file starting with `head`.
  public static func detect(_ head: [UInt8], path: String) throws -> InputFormat {
    guard !head.isEmpty else {
      throw HealthError.malformed(
        "the file is empty", at: SourceLocation(file: path, line: 1, byteOffset: 0),
        hint: "export the data again; an empty file holds no records")
    }
    if let format = format(of: head) { return format }
    throw HealthError.malformed(
      "unknown format: it starts with \(preview(head)); expected an Apple Health export.zip "
        + "or export.xml, a Health Auto Export JSON or CSV file (daily metrics or workouts), or "
        + "a long CSV with the columns date,metric,value,unit,source",
      at: SourceLocation(file: path, byteOffset: 0),
      hint:
        "formats are recognised by content, not by file name; check that this is the file you meant"
    )
  }

  /// The format of a file starting with `head`, nil when unknown.
  public static func format(of head: [UInt8]) -> InputFormat? {
    if head.count >= 4, head[0] == 0x50, head[1] == 0x4B,
      (head[2] == 0x03 && head[3] == 0x04) || (head[2] == 0x05 && head[3] == 0x06)
    {
      return .appleZip
    }
    var bytes = ArraySlice(head)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    while let b = bytes.first, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
      bytes = bytes.dropFirst()
    }
    guard let first = bytes.first else { return nil }
    let firstKB = String(decoding: bytes.prefix(1024), as: UTF8.self)
    if first == 0x3C {  // '<'
      if firstKB.hasPrefix("<?xml") || firstKB.contains("<!DOCTYPE HealthData")
        || firstKB.contains("<HealthData")
      {
        return .appleXML
      }
      return nil
    }
    if first == 0x7B {  // '{'
      return firstKB.contains("\"data\"") ? .autoExportJSON : nil
    }
    let line = firstLine(bytes)
    if line.hasPrefix("Date,") && line.contains("(") && line.contains(")") {
      return .autoExportCSV
    }
    if line.hasPrefix("Type,Start,End") { return .autoExportWorkoutsCSV }
    let columns = Set(
      line.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: " \t\"").lowercased()
      })
    if ["date", "metric", "value", "unit", "source"].allSatisfy(columns.contains) {
      return .longCSV
    }
    return nil
  }

  private static func firstLine(_ bytes: ArraySlice<UInt8>) -> String {
    let end = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.endIndex
    return String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
  }

  private static func preview(_ head: [UInt8]) -> String {
    let shown = head.prefix(16).map { b -> String in
      b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16)
    }
    return "'" + shown.joined() + "'" + (head.count > 16 ? "…" : "")
  }
}

extension StringProtocol {
  /// The text without leading and trailing characters from `set`.
  fileprivate func trimmingCharacters(in set: String) -> String {
    var s = Substring(self)
    while let c = s.first, set.contains(c) { s = s.dropFirst() }
    while let c = s.last, set.contains(c) { s = s.dropLast() }
    return String(s)
  }
}
