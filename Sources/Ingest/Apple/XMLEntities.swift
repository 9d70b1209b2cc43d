/// XML character and entity references: `&lt; &gt; &amp; &quot; &apos; &#N; &#xN;`.
enum XMLEntities {
  /// Whether `body` (the text between `&` and `;`) is a known entity or a character
  /// reference to a character XML 1.0 allows.
  static func isValidReference(_ body: UnsafeRawBufferPointer) -> Bool {
    scalar(of: body) != nil
  }

  /// The scalar a reference body stands for, nil if it is not a valid reference.
  static func scalar(of body: UnsafeRawBufferPointer) -> UInt32? {
    guard let first = body.first else { return nil }
    if first == 0x23 {  // '#'
      var value: UInt32 = 0
      var i = 1
      var radix: UInt32 = 10
      if body.count > 1, body[1] == 0x78 {  // 'x'
        radix = 16
        i = 2
      }
      guard i < body.count else { return nil }
      while i < body.count {
        let b = body[i]
        let digit: UInt32
        switch b {
        case 0x30...0x39: digit = UInt32(b - 0x30)
        case 0x61...0x66 where radix == 16: digit = UInt32(b - 0x61 + 10)
        case 0x41...0x46 where radix == 16: digit = UInt32(b - 0x41 + 10)
        default: return nil
        }
        value = value &* radix &+ digit
        if value > 0x10FFFF { return nil }
        i += 1
      }
      return isXMLCharacter(value) ? value : nil
    }
    switch body.count {
    case 2:
      if body[0] == 0x6C && body[1] == 0x74 { return 0x3C }  // lt
      if body[0] == 0x67 && body[1] == 0x74 { return 0x3E }  // gt
    case 3:
      if body[0] == 0x61 && body[1] == 0x6D && body[2] == 0x70 { return 0x26 }  // amp
    case 4:
      if body[0] == 0x71 && body[1] == 0x75 && body[2] == 0x6F && body[3] == 0x74 { return 0x22 }
      if body[0] == 0x61 && body[1] == 0x70 && body[2] == 0x6F && body[3] == 0x73 { return 0x27 }
    default: break
    }
    return nil
  }

  /// XML 1.0's `Char` production.
  static func isXMLCharacter(_ v: UInt32) -> Bool {
    switch v {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// Decodes references and normalises tab, CR and LF to spaces (attribute-value
  /// normalisation) into `out` (cleared first). Invalid references are kept as written
  /// (the scanner has already reported them as a defect).
  static func decodeBytes(_ raw: UnsafeRawBufferPointer, into out: inout [UInt8]) {
    out.removeAll(keepingCapacity: true)
    var i = 0
    let n = raw.count
    while i < n {
      let b = raw[i]
      if b == 0x26 {
        var j = i + 1
        while j < n, j < i + 12, raw[j] != 0x3B { j += 1 }
        if j < n, raw[j] == 0x3B,
          let v = scalar(of: UnsafeRawBufferPointer(rebasing: raw[(i + 1)..<j]))
        {
          appendUTF8(v, to: &out)
          i = j + 1
          continue
        }
        out.append(b)
      } else if b == 0x09 || b == 0x0A || b == 0x0D {
        out.append(0x20)
      } else {
        out.append(b)
      }
      i += 1
    }
  }

  /// `decodeBytes` as a String.
  static func decode(_ raw: UnsafeRawBufferPointer, into scratch: inout [UInt8]) -> String {
    decodeBytes(raw, into: &scratch)
    return String(decoding: scratch, as: UTF8.self)
  }

  private static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
    switch v {
    case 0..<0x80: out.append(UInt8(v))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | (v >> 6)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | (v >> 12)))
      out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    default:
      out.append(UInt8(0xF0 | (v >> 18)))
      out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
      out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    }
  }
}
