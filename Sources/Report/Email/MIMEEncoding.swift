import Foundation

/// The MIME encodings an e-mail needs: base64 in 76-character lines, quoted-printable,
/// RFC 2047 encoded-words, all with CRLF line ends.
public enum MIMEEncoding {
  static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Base64 without line breaks.
  public static func base64(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < bytes.count {
      let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
      out += [
        alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)],
        alphabet[Int(n & 63)],
      ]
      i += 3
    }
    let rest = bytes.count - i
    if rest == 1 {
      let n = UInt32(bytes[i]) << 16
      out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], 0x3D, 0x3D]
    } else if rest == 2 {
      let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
      out += [
        alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], 0x3D,
      ]
    }
    return out
  }

  /// Base64 in lines of at most 76 characters, each ended by CRLF.
  public static func base64Lines(_ bytes: [UInt8]) -> [UInt8] {
    let flat = base64(bytes)
    var out: [UInt8] = []
    out.reserveCapacity(flat.count + flat.count / 76 * 2 + 2)
    var i = 0
    while i < flat.count {
      let end = min(flat.count, i + 76)
      out += flat[i..<end]
      out += [0x0D, 0x0A]
      i = end
    }
    return out
  }

  /// Quoted-printable (RFC 2045) of UTF-8 text: line breaks become CRLF hard breaks, lines
  /// are at most 76 characters with `=` soft breaks, `=`, control and non-ASCII bytes and
  /// trailing blanks are `=XX`, and a line starting with `.` or `From ` is protected.
  public static func quotedPrintable(_ text: String) -> [UInt8] {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
    let normalized = text.replacingOccurrencesOfCRLF()
    var lines = normalized.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
    for line in lines {
      let bytes = Array(line.utf8)
      var tokens: [[UInt8]] = []
      tokens.reserveCapacity(bytes.count)
      for (i, b) in bytes.enumerated() {
        let last = i == bytes.count - 1
        let protectStart =
          i == 0 && (b == 0x2E || (b == 0x46 && bytes.starts(with: Array("From ".utf8))))
        if (b >= 33 && b <= 126 && b != 0x3D && !protectStart) || (b == 0x20 && !last) {
          tokens.append([b])
        } else {
          tokens.append([0x3D, hex[Int(b >> 4)], hex[Int(b & 15)]])
        }
      }
      var length = 0
      for t in tokens {
        if length + t.count > 75 {
          out += [0x3D, 0x0D, 0x0A]
          length = 0
        }
        out += t
        length += t.count
      }
      out += [0x0D, 0x0A]
    }
    return out
  }

  /// Whether text is printable ASCII only.
  public static func isPlainASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// RFC 2047 `=?UTF-8?B?…?=` words of at most 75 characters, split between characters,
  /// joined by CRLF + space (folding). Plain ASCII text is returned as it is.
  public static func encodedWords(_ text: String) -> String {
    if isPlainASCII(text) { return text }
    // 36 bytes → 48 base64 characters → 60-character words, so that a word fits on a
    // line after a header name such as `Subject: ` within 76 characters.
    var words: [String] = []
    var chunk: [UInt8] = []
    for ch in text {
      let bytes = Array(String(ch).utf8)
      if chunk.count + bytes.count > 36 {
        words.append("=?UTF-8?B?" + String(decoding: base64(chunk), as: UTF8.self) + "?=")
        chunk = []
      }
      chunk += bytes
    }
    if !chunk.isEmpty {
      words.append("=?UTF-8?B?" + String(decoding: base64(chunk), as: UTF8.self) + "?=")
    }
    return words.joined(separator: "\r\n ")
  }
}

extension String {
  /// CRLF and lone CR become LF.
  func replacingOccurrencesOfCRLF() -> String {
    guard utf8.contains(0x0D) else { return self }
    var out = ""
    var previousCR = false
    for ch in unicodeScalars {
      if ch == "\r" {
        out += "\n"
        previousCR = true
        continue
      }
      if ch == "\n" && previousCR {
        previousCR = false
        continue
      }
      previousCR = false
      out.unicodeScalars.append(ch)
    }
    return out
  }
}
