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
    var prefix: [UInt8]
    var suffix: [UInt8]
  }

  private var cache: [UInt64: Parts] = [:]
  /// The last key and its parts: consecutive rejects mostly share their key.
  private var lastKey: UInt64 = .max
  private var last = Parts(prefix: [], suffix: [])

  /// The reason of `kind` naming `origin`; `parts` makes the text with a given origin text
  /// (called once per distinct key).
  mutating func reason(
    _ kind: Kind, keptSource: UInt32, keptRank: UInt16, ownRank: UInt16, origin: Origin,
    parts: (String) -> String
  ) -> String {
    var bytes: [UInt8] = []
    append(
      kind, keptSource: keptSource, keptRank: keptRank, ownRank: ownRank, origin: origin,
      to: &bytes, parts: parts)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 bytes of the reason `reason(...)` gives to `out`: the cached parts
  /// around `input F record R`, with no `String` made (docs/performance.md, "Clean's
  /// rejects as bytes").
  mutating func append(
    _ kind: Kind, keptSource: UInt32, keptRank: UInt16, ownRank: UInt16, origin: Origin,
    to out: inout [UInt8], parts: (String) -> String
  ) {
    let key =
      kind.rawValue << 62 | UInt64(keptSource & 0x3FFF_FFFF) << 32 | UInt64(keptRank) << 16
      | UInt64(ownRank)
    if key != lastKey {
      if let cached = cache[key] {
        last = cached
      } else {
        let text = parts("\u{0}")
        let pieces = text.utf8.split(
          separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        last = Parts(prefix: Array(pieces[0]), suffix: pieces.count > 1 ? Array(pieces[1]) : [])
        cache[key] = last
      }
      lastKey = key
    }
    out.append(contentsOf: last.prefix)
    out.append(contentsOf: Self.inputText)
    Self.appendDecimal(Int64(origin.file), to: &out)
    out.append(contentsOf: Self.recordText)
    Self.appendDecimal(origin.record, to: &out)
    out.append(contentsOf: last.suffix)
  }

  private static let inputText = Array("input ".utf8)
  private static let recordText = Array(" record ".utf8)

  /// `value` in decimal, as `"\(value)"` writes it.
  static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 { out.append(0x2D) }
    var magnitude = value.magnitude
    if magnitude < 10 {
      out.append(UInt8(truncatingIfNeeded: magnitude) + 0x30)
      return
    }
    // At most 20 digits, written from the last into a fixed buffer.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var at = 20
      while magnitude > 0 {
        at -= 1
        digits[at] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
        magnitude /= 10
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[at...]))
    }
  }
}
