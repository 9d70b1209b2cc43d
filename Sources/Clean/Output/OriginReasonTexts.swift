import HealthModel

/// The reasons of duplicates and of cumulative and point overlaps, the rejects an
/// overlap-heavy export has by the hundred thousand, made from cached parts: each reason
/// is a fixed text around the displacing sample's origin (`input 0 record 12`), and the
/// fixed text depends only on the kind, the winner's source and rank and the sample's own
/// rank. The parts are cut from the texts the rules' own `reason` functions give (with a
/// NUL where the origin goes: no source name holds one, ingest rejects them), so the
/// bytes are exactly theirs; only the origin's digits are written per reject.
struct OriginReasonTexts {
  /// The three reasons that differ only in an origin.
  enum Kind: UInt64 {
    case duplicate, cumulative, point
  }

  private struct Parts {
    var prefix: String
    var suffix: String
  }

  private var cache: [UInt64: Parts] = [:]
  private var digits: [UInt8] = []

  /// The reason of `kind` naming `origin`; `parts` makes the text with a given origin text
  /// (called once per distinct key).
  mutating func reason(
    _ kind: Kind, keptSource: UInt32, keptRank: UInt16, ownRank: UInt16, origin: Origin,
    parts: (String) -> String
  ) -> String {
    let key =
      kind.rawValue << 62 | UInt64(keptSource & 0x3FFF_FFFF) << 32 | UInt64(keptRank) << 16
      | UInt64(ownRank)
    let cut: Parts
    if let cached = cache[key] {
      cut = cached
    } else {
      let text = parts("\u{0}")
      let pieces = text.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
      cut = Parts(prefix: String(pieces[0]), suffix: pieces.count > 1 ? String(pieces[1]) : "")
      cache[key] = cut
    }
    // `input F record R`, ASCII, then the cached texts around it (appending valid strings
    // copies bytes, with no UTF-8 check).
    digits.removeAll(keepingCapacity: true)
    digits.append(contentsOf: Self.inputText)
    Self.appendDecimal(Int64(origin.file), to: &digits)
    digits.append(contentsOf: Self.recordText)
    Self.appendDecimal(origin.record, to: &digits)
    var text = cut.prefix
    text.reserveCapacity(cut.prefix.utf8.count + digits.count + cut.suffix.utf8.count)
    text.append(String(decoding: digits, as: UTF8.self))
    text.append(cut.suffix)
    return text
  }

  private static let inputText = Array("input ".utf8)
  private static let recordText = Array(" record ".utf8)

  /// `value` in decimal, as `"\(value)"` writes it.
  static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 { out.append(0x2D) }
    var magnitude = value.magnitude
    var divisor: UInt64 = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      out.append(UInt8(truncatingIfNeeded: magnitude / divisor) + 0x30)
      magnitude %= divisor
      divisor /= 10
    }
  }
}
