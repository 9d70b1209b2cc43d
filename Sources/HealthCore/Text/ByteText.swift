/// Bytes in messages about binary or damaged input, readable at a glance: `0x04` (two hex
/// digits, upper case), never `\x4` run into the next character.
public enum ByteText {
  /// `0x04`, `0xFF`.
  public static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }

  /// The first `limit` bytes: runs of printable ASCII in single quotes, other bytes as
  /// `0xNN`, separated by spaces, and `…` when there are more: `'PK' 0x03 0x04 0x14 0x00`.
  public static func preview(_ bytes: some Collection<UInt8>, limit: Int = 16) -> String {
    var parts: [String] = []
    var run = ""
    for byte in bytes.prefix(limit) {
      if byte >= 0x20 && byte < 0x7F {
        run.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        if !run.isEmpty { parts.append("'\(run)'") }
        run = ""
        parts.append(hex(byte))
      }
    }
    if !run.isEmpty { parts.append("'\(run)'") }
    return parts.joined(separator: " ") + (bytes.count > limit ? " …" : "")
  }
}
