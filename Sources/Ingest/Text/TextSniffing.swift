/// Small helpers for recognising text formats from the first bytes of a file.
public enum TextSniffing {
  /// The bytes after a UTF-8 byte order mark, if there is one.
  public static func droppingByteOrderMark(_ prefix: [UInt8]) -> ArraySlice<UInt8> {
    if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF {
      return prefix[3...]
    }
    return prefix[...]
  }

  /// The first line (without its line break), or everything when there is no line break.
  /// The second value says whether the line was complete.
  public static func firstLine(_ bytes: ArraySlice<UInt8>) -> (
    line: ArraySlice<UInt8>, complete: Bool
  ) {
    if let nl = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
      return (bytes[bytes.startIndex..<nl], true)
    }
    return (bytes, false)
  }

  /// The line after the first one, if present in the bytes.
  public static func secondLine(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let nl = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
    var rest = bytes[(nl + 1)...]
    if bytes[nl] == 0x0D, rest.first == 0x0A { rest = rest.dropFirst() }
    return firstLine(rest).line
  }

  /// The header cells of a CSV line, simply split (quotes around a cell removed, blanks
  /// trimmed). Good enough for recognising headers, not for reading data.
  public static func headerCells(_ line: ArraySlice<UInt8>) -> [String] {
    var cells: [String] = []
    var current: [UInt8] = []
    var quoted = false
    for b in line {
      if b == 0x22 {
        quoted.toggle()
      } else if b == 0x2C && !quoted {
        cells.append(trimmed(current))
        current.removeAll(keepingCapacity: true)
      } else {
        current.append(b)
      }
    }
    cells.append(trimmed(current))
    return cells
  }

  private static func trimmed(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).trimmingASCIIBlanks()
  }
}

extension String {
  /// The string without leading and trailing ASCII spaces and tabs.
  func trimmingASCIIBlanks() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return String(s)
  }
}
