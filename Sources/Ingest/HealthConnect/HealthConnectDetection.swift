/// How `FormatDetector` knows a Health Connect export from its first bytes: a SQLite
/// database (`SQLite format 3\0`; the reader then checks for Health Connect's tables and
/// refuses any other database), or a zip whose first entry is named `….db` (the export
/// zip holds one entry, `health_connect_export.db`; an Apple export's first entry is a
/// folder or `.xml`).
enum HealthConnectDetection {
  /// Whether the first bytes are a SQLite database or a zip whose first entry is a `.db`.
  static func matches(prefix head: [UInt8]) -> Bool {
    if HealthConnectHeader.isSQLite(head) { return true }
    // Local file header: signature PK\3\4, name length at 26, name at 30.
    guard head.count >= 30, head[0] == 0x50, head[1] == 0x4B, head[2] == 0x03, head[3] == 0x04
    else { return false }
    let length = Int(head[26]) | Int(head[27]) << 8
    guard length >= 3, head.count >= 30 + length else { return false }
    let name = String(decoding: head[30..<(30 + length)], as: UTF8.self).lowercased()
    return name.hasSuffix(".db") && !name.hasPrefix("__macosx/")
  }
}
