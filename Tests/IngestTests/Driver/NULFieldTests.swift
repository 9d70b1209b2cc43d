import HealthModel
import Testing

@testable import Ingest

/// `IngestSink.fieldWithNUL`: which text field of a sample holds U+0000, the first in the
/// order source, device, unit, category, metric.
@Suite("NUL characters in sample texts")
struct NULFieldTests {
  func sample(
    source: String = "Jane’s Apple Watch", device: String = "", unit: String = "count",
    category: String = "", metric: String = "steps"
  ) -> Sample {
    Sample(
      metric: MetricID(metric), start: 0, end: 0, utcOffset: 0, value: 1, minimum: nil,
      maximum: nil, unit: unit, category: category, source: source, device: device,
      sourceKind: .unknown, userEntered: false, origin: Origin(file: 0, record: 1))
  }

  @Test("each field is named; none gives nil; the first field in order wins")
  func fields() {
    // A long non-ASCII text with the NUL as its last byte, and one at the first byte.
    let long = String(repeating: "é", count: 40) + "\u{0}"
    #expect(IngestSink.fieldWithNUL(of: sample()) == nil)
    #expect(IngestSink.fieldWithNUL(of: sample(source: "", unit: "")) == nil)
    #expect(IngestSink.fieldWithNUL(of: sample(source: long)) == "source name")
    #expect(IngestSink.fieldWithNUL(of: sample(device: "\u{0}x")) == "device")
    #expect(IngestSink.fieldWithNUL(of: sample(unit: "c\u{0}unt")) == "unit")
    #expect(IngestSink.fieldWithNUL(of: sample(category: long)) == "category")
    #expect(IngestSink.fieldWithNUL(of: sample(metric: "st\u{0}eps")) == "metric name")
    #expect(IngestSink.fieldWithNUL(of: sample(device: long, category: long)) == "device")
  }

  @Test("a text built from a slice is read through its own bytes")
  func substringStorage() {
    // A text made from a slice, so it is not the literal's storage.
    let text = String("ab\u{0}cd".dropFirst())
    #expect(IngestSink.hasNUL(text))
    #expect(!IngestSink.hasNUL(String("abcd".dropFirst())))
  }
}
