/// Tells a text file saved in UTF-16 or UTF-32 (an `export.xml` re-saved by an editor, a
/// CSV from a spreadsheet's "Unicode text") from unknown content, by its byte order mark or,
/// without one, by the zero bytes around its first ASCII characters. healthpipe reads UTF-8
/// only; the format detector names the encoding and says how to convert
/// (docs/changelog/reliability.md, round 3, finding 19).
public enum ForeignEncoding {
  /// The encoding's name (`UTF-16 little-endian`) when `head` is UTF-16 or UTF-32 text.
  public static func name(of head: [UInt8]) -> String? {
    let b = head
    if b.count >= 4 {
      if b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return "UTF-32 little-endian" }
      if b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return "UTF-32 big-endian" }
    }
    if b.count >= 2 {
      if b[0] == 0xFF, b[1] == 0xFE { return "UTF-16 little-endian" }
      if b[0] == 0xFE, b[1] == 0xFF { return "UTF-16 big-endian" }
    }
    // No mark: ASCII text in these encodings has a pattern of zero bytes.
    guard b.count >= 8 else { return nil }
    func ascii(_ x: UInt8) -> Bool { x >= 0x09 && x < 0x80 }
    let units = (0..<min(b.count, 64) / 4).map { Array(b[$0 * 4..<$0 * 4 + 4]) }
    if units.allSatisfy({ ascii($0[0]) && $0[1] == 0 && $0[2] == 0 && $0[3] == 0 }) {
      return "UTF-32 little-endian"
    }
    if units.allSatisfy({ $0[0] == 0 && $0[1] == 0 && $0[2] == 0 && ascii($0[3]) }) {
      return "UTF-32 big-endian"
    }
    if units.allSatisfy({ ascii($0[0]) && $0[1] == 0 && ascii($0[2]) && $0[3] == 0 }) {
      return "UTF-16 little-endian"
    }
    if units.allSatisfy({ $0[0] == 0 && ascii($0[1]) && $0[2] == 0 && ascii($0[3]) }) {
      return "UTF-16 big-endian"
    }
    return nil
  }

  /// The `iconv` name of an encoding `name(of:)` returned.
  static func iconvName(_ name: String) -> String {
    (name.hasPrefix("UTF-32") ? "UTF-32" : "UTF-16")
      + (name.hasSuffix("little-endian") ? "LE" : "BE")
  }
}
