import Foundation

/// A MIME message read back for the invariant check: the decoded subject, the text and
/// HTML parts (quoted-printable or base64 decoded), the inline images and attachments.
/// Enough MIME for the messages healthpipe writes; anything else is left out.
public struct MailMessage: Sendable {
  /// The decoded `Subject:`.
  public var subject = ""
  /// The first `text/plain` part.
  public var text = ""
  /// The first `text/html` part that is not an attachment.
  public var html = ""
  /// Content types of the inline images.
  public var images: [String] = []
  /// File names of the attachments.
  public var attachments: [String] = []

  /// Reads a message (CRLF or LF line ends).
  public init(_ bytes: [UInt8]) {
    let raw = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    read(raw, top: true)
  }

  private mutating func read(_ entity: String, top: Bool) {
    let split = entity.range(of: "\n\n")
    let head = split.map { String(entity[..<$0.lowerBound]) } ?? entity
    let body = split.map { String(entity[$0.upperBound...]) } ?? ""
    let headers = Self.headers(head)
    if top { subject = Self.decodeWords(headers["subject"] ?? "") }
    let type = headers["content-type"] ?? "text/plain"
    let disposition = headers["content-disposition"] ?? ""
    if type.lowercased().hasPrefix("multipart/"),
      let b = type.firstMatch(of: /boundary="([^"]+)"/)
    {
      for part in body.components(separatedBy: "--" + b.1).dropFirst() {
        if part.hasPrefix("--") { break }
        read(String(part.drop { $0 == "\n" }), top: false)
      }
      return
    }
    let decoded = Self.decode(body, encoding: headers["content-transfer-encoding"] ?? "")
    if disposition.hasPrefix("attachment") {
      attachments.append(
        disposition.firstMatch(of: /filename="([^"]+)"/).map { String($0.1) } ?? "")
    } else if type.hasPrefix("text/plain"), text.isEmpty {
      text = decoded
    } else if type.hasPrefix("text/html"), html.isEmpty {
      html = decoded
    } else if type.hasPrefix("image/") {
      images.append(String(type.prefix { $0 != ";" }))
    }
  }

  static func headers(_ head: String) -> [String: String] {
    var out: [String: String] = [:]
    var last = ""
    for line in head.split(separator: "\n") {
      if line.first == " " || line.first == "\t", !last.isEmpty {
        out[last, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
      } else if let colon = line.firstIndex(of: ":") {
        last = line[..<colon].lowercased()
        out[last] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return out
  }

  static func decode(_ body: String, encoding: String) -> String {
    switch encoding.lowercased() {
    case "base64":
      let compact = body.filter { !$0.isWhitespace }
      return Data(base64Encoded: compact).map { String(decoding: $0, as: UTF8.self) } ?? ""
    case "quoted-printable":
      var bytes: [UInt8] = []
      let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
      for (i, line) in lines.enumerated() {
        var l = Array(line.utf8)
        let soft = l.last == UInt8(ascii: "=")
        if soft { l.removeLast() }
        var k = 0
        while k < l.count {
          if l[k] == UInt8(ascii: "="), k + 2 < l.count + 0,
            let v = UInt8(String(decoding: l[(k + 1)...(k + 2)], as: UTF8.self), radix: 16)
          {
            bytes.append(v)
            k += 3
          } else {
            bytes.append(l[k])
            k += 1
          }
        }
        if !soft, i < lines.count - 1 { bytes.append(UInt8(ascii: "\n")) }
      }
      return String(decoding: bytes, as: UTF8.self)
    default:
      return body
    }
  }

  /// RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) decoded and joined.
  static func decodeWords(_ s: String) -> String {
    let words = s.matches(of: /=\?[Uu][Tt][Ff]-8\?([BbQq])\?([^?]*)\?=/)
    guard !words.isEmpty else { return s }
    var bytes: [UInt8] = []
    for w in words {
      if w.1.uppercased() == "B" {
        bytes += Data(base64Encoded: String(w.2)).map(Array.init) ?? []
      } else {
        bytes += Array(
          decode(String(w.2).replacingOccurrences(of: "_", with: " "), encoding: "quoted-printable")
            .utf8)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
