import Foundation
import HealthModel

/// A mailbox `Name <local@domain>` or `local@domain`, checked so that it cannot inject
/// headers, and written with an RFC 2047 display name when that is not ASCII.
public struct EmailAddress: Sendable, Hashable {
  /// Display name, possibly empty.
  public var name: String
  /// `local@domain`.
  public var address: String

  /// Parses `Name <addr>` or `addr`; a usage error (64) when it is not an address.
  public init(parsing text: String, option: String) throws {
    let t = text.trimmingCharacters(in: .whitespaces)
    var name = ""
    var addr = t
    if let open = t.lastIndex(of: "<"), t.hasSuffix(">") {
      name = String(t[..<open]).trimmingCharacters(in: .whitespaces)
      if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
        name = String(name.dropFirst().dropLast())
      }
      addr = String(t[t.index(after: open)..<t.index(before: t.endIndex)])
    }
    let parts = addr.split(separator: "@", omittingEmptySubsequences: false)
    let allowed = addr.unicodeScalars.allSatisfy {
      $0.isASCII && $0.value > 0x20 && $0.value < 0x7F
        && !"<>()[]\\,;:\"".unicodeScalars.contains($0)
    }
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, allowed,
      !name.contains("\r"), !name.contains("\n")
    else {
      throw HealthError.usage(
        "--\(option) is not an e-mail address: '\(text)'",
        hint: "write it as name@example.com or \"Name <name@example.com>\"")
    }
    self.name = name
    self.address = addr
  }

  /// The domain part.
  public var domain: String {
    String(address[address.index(after: address.lastIndex(of: "@")!)...])
  }

  /// The header form.
  public var header: String {
    guard !name.isEmpty else { return address }
    if MIMEEncoding.isPlainASCII(name) {
      let atext = name.unicodeScalars.allSatisfy { CharacterSetLite.isAtextOrSpace($0) }
      return
        (atext
        ? name
        : "\""
          + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"") + "\"") + " <\(address)>"
    }
    let words = MIMEEncoding.encodedWords(name)
    let lastLine = words.components(separatedBy: "\r\n").last ?? words
    // Fold before the address when the line would pass 76 characters.
    return words + (lastLine.count + address.count + 3 > 70 ? "\r\n <" : " <") + address + ">"
  }
}

enum CharacterSetLite {
  static func isAtextOrSpace(_ s: Unicode.Scalar) -> Bool {
    if s == " " { return true }
    if s.properties.isAlphabetic && s.isASCII { return true }
    if ("0"..."9").contains(s) { return true }
    return "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(s)
  }
}
