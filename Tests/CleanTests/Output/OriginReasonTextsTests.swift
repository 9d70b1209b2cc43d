import HealthModel
import Testing

@testable import Clean

/// The reasons of duplicates and overlaps made from cached parts (`OriginReasonTexts`) are
/// the texts the rules write, byte for byte: the expected strings below are written out by
/// hand from docs/clean.md's wording, for sources with typographic quotes and a no-break
/// space, and origins from 0 to the largest record number.
@Suite("Overlap and duplicate reasons from cached parts")
struct OriginReasonTextsTests {
  @Test("each kind gives the rule's text for every origin, with the parts cached once per key")
  func texts() {
    var texts = OriginReasonTexts()
    let watch = "Sam\u{2019}s Apple\u{00A0}Watch"
    let cumulative = { (at: String) in
      CumulativeArbitration.reason(
        coveredBy: watch, label: "Apple Watch", at: at, ownLabel: "iPhone")
    }
    let point = { (at: String) in
      PointArbitration.reason(keptSource: watch, label: "Apple Watch", at: at, ownLabel: "*")
    }
    for origin in [
      Origin(file: 0, record: 0), Origin(file: 3, record: 12), Origin(file: 12, record: 90_210),
      Origin(file: 1, record: Int64.max),
    ] {
      let at = "input \(origin.file) record \(origin.record)"
      #expect(
        texts.reason(
          .cumulative, keptSource: 7, keptRank: 1, ownRank: 2, origin: origin, parts: cumulative)
          == "entirely covered by higher-priority 'Sam\u{2019}s Apple\u{00A0}Watch' (Apple Watch) from "
          + at + "; this sample ranks as iPhone")
      #expect(
        texts.reason(.point, keptSource: 7, keptRank: 1, ownRank: 3, origin: origin, parts: point)
          == "same start and end (within 1 s) as higher-priority 'Sam\u{2019}s Apple\u{00A0}Watch'"
          + " (Apple Watch) from " + at + ", which was kept; this sample ranks as *")
      #expect(
        texts.reason(
          .duplicate, keptSource: 2, keptRank: 0, ownRank: 0, origin: origin,
          parts: ExactDuplicates.reason(at:))
          == "same metric, source, start, end and value as " + at + ", which was kept")
    }
    // Another winner under the same ranks is another key: its own text, not the cached one.
    #expect(
      texts.reason(
        .cumulative, keptSource: 8, keptRank: 1, ownRank: 2, origin: Origin(file: 0, record: 5)
      ) { at in
        CumulativeArbitration.reason(
          coveredBy: "Oura", label: "Apple Watch", at: at, ownLabel: "iPhone")
      }
        == "entirely covered by higher-priority 'Oura' (Apple Watch) from input 0 record 5;"
        + " this sample ranks as iPhone")
  }

  @Test("decimal digits as string interpolation writes them")
  func decimals() {
    for value: Int64 in [0, 7, 10, 99, 100, 123_456_789, -1, -40, Int64.max, Int64.min] {
      var bytes: [UInt8] = []
      OriginReasonTexts.appendDecimal(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "\(value)")
    }
  }
}
