import Foundation
import Testing

@testable import HealthModel

/// The byte parser against a reference written another way (a regular expression for the
/// forms, Howard Hinnant's `days_from_civil` for the days), on valid times of every form
/// and on those times with a byte changed, dropped or added: the two agree on what is
/// refused and on every field of what is accepted.
@Suite("Timestamp parsing against a reference")
struct TimestampParserDifferentialTests {
  @Test("every form, and every form damaged, parses as the reference says")
  func differential() throws {
    var rng = SeededRandom(seed: 20_261_128)
    var accepted = 0
    for _ in 0..<20_000 {
      var text = Array(Self.randomTimestamp(&rng).utf8)
      if Bool.random(using: &rng) { Self.damage(&text, &rng) }
      let string = String(decoding: text, as: UTF8.self)
      let got = text.withUnsafeBytes { TimestampParser.parse($0) }
      let want = Self.reference(string)
      #expect(got == want, "\(string.debugDescription)")
      if got != nil { accepted += 1 }
    }
    // Both sides of the comparison are exercised.
    #expect(accepted > 5_000 && accepted < 15_000, "accepted \(accepted)")
  }

  static func randomTimestamp(_ rng: inout SeededRandom) -> String {
    func pad(_ v: Int, _ n: Int) -> String {
      String(repeating: "0", count: max(0, n - String(v).count)) + String(v)
    }
    let date =
      "\(pad(Int.random(in: 1890...2110, using: &rng), 4))-\(pad(Int.random(in: 0...13, using: &rng), 2))-"
      + pad(Int.random(in: 0...32, using: &rng), 2)
    if Int.random(in: 0..<6, using: &rng) == 0 { return date }
    let hour = Int.random(in: 0..<10, using: &rng) == 0 ? 24 : Int.random(in: 0...23, using: &rng)
    var time = "\(pad(hour, 2)):\(pad(Int.random(in: 0...60, using: &rng), 2))"
    if Bool.random(using: &rng) {
      time += ":" + pad(Int.random(in: 0...61, using: &rng), 2)
      if Int.random(in: 0..<4, using: &rng) == 0 {
        time +=
          (Bool.random(using: &rng) ? "." : ",") + String(Int.random(in: 0...999, using: &rng))
      }
    }
    let zone: String
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: zone = ""
    case 1: zone = "Z"
    case 2:
      zone =
        " " + (Bool.random(using: &rng) ? "+" : "-") + pad(Int.random(in: 0...1900, using: &rng), 4)
    case 3:
      zone = (Bool.random(using: &rng) ? "+" : "-") + pad(Int.random(in: 0...19, using: &rng), 2)
    default:
      zone =
        (Bool.random(using: &rng) ? "+" : "-") + pad(Int.random(in: 0...19, using: &rng), 2) + ":"
        + pad(Int.random(in: 0...60, using: &rng), 2)
    }
    let blanks = ["", "", "", " ", "\t", "  "]
    return blanks.randomElement(using: &rng)! + date + (Bool.random(using: &rng) ? " " : "T")
      + time + zone + blanks.randomElement(using: &rng)!
  }

  static func damage(_ text: inout [UInt8], _ rng: inout SeededRandom) {
    let alphabet = Array("0123456789-:+ TZ.,x\t".utf8)
    let at = Int.random(in: 0...text.count, using: &rng)
    switch Int.random(in: 0..<3, using: &rng) {
    case 0 where at < text.count: text[at] = alphabet.randomElement(using: &rng)!
    case 1 where at < text.count: text.remove(at: at)
    default: text.insert(alphabet.randomElement(using: &rng)!, at: at)
    }
  }

  // swift-format-ignore
  static let pattern = try! NSRegularExpression(
    pattern: "^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[ T]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:[.,][0-9]+)?)? *(?:(Z)|([+-])([0-9]{2})(?::?([0-9]{2}))?)?)?$")

  static func reference(_ raw: String) -> Timestamp? {
    let text = raw.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    let ns = text as NSString
    guard let m = pattern.firstMatch(in: text, range: NSRange(location: 0, length: ns.length))
    else { return nil }
    func group(_ i: Int) -> String? {
      let r = m.range(at: i)
      return r.location == NSNotFound ? nil : ns.substring(with: r)
    }
    func int(_ i: Int) -> Int? { group(i).map { Int($0)! } }
    let (y, mo, d) = (int(1)!, int(2)!, int(3)!)
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(mo), d >= 1, d <= lengths[mo - 1] else { return nil }
    let days = Int64(daysFromCivil(y, mo, d))
    guard let h = int(4), let mi = int(5) else {
      return Timestamp(localSeconds: days * 86_400, utcOffset: nil, hasTime: false)
    }
    let s = int(6) ?? 0
    guard h <= 24, mi <= 59, s <= 60, h < 24 || (mi == 0 && s == 0) else { return nil }
    let local = days * 86_400 + Int64(h * 3600 + mi * 60 + s)
    if group(7) != nil { return Timestamp(localSeconds: local, utcOffset: 0) }
    guard let sign = group(8) else { return Timestamp(localSeconds: local, utcOffset: nil) }
    let oh = int(9)!
    let om = int(10) ?? 0
    guard oh <= 18, om <= 59 else { return nil }
    let offset = (sign == "-" ? -1 : 1) * (oh * 3600 + om * 60)
    return Timestamp(localSeconds: local, utcOffset: Int32(offset))
  }

  /// Howard Hinnant's `days_from_civil` (chrono-Compatible Low-Level Date Algorithms).
  static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
    let y = m <= 2 ? y0 - 1 : y0
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }
}
