import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// The one compact sample row (docs/architecture.md, "One compact sample row"): its layout,
/// the packed kinds, and that writing it gives the bytes of writing the `Sample` it stands for.
@Suite("CompactSample: the samples table's row as the stages hold it")
struct CompactSampleTests {
  @Test("61 bytes: four 8-byte numbers, two 4-byte ones, five 4-byte text ids, one byte of kinds")
  func layout() {
    // By hand: 4 × 8 (start, end, value, record) + 2 × 4 (file, utcOffset) + 5 × 4 (texts) + 1.
    #expect(MemoryLayout<CompactSample>.size == 61)
    #expect(MemoryLayout<CompactSample>.alignment == 8)
  }

  @Test("the packed byte gives back every source kind, HRV kind and hand-entered flag")
  func packedKinds() {
    #expect(CompactSample.kindsFit)
    let texts = SampleTextIDs(metric: 1, unit: 2, category: 3, source: 4, device: 5)
    for source in SourceKind.allCases {
      for hrv in HRVKind.allCases {
        for manual in [false, true] {
          let row = CompactSample(
            start: -5, end: 7, value: 1.5, origin: Origin(file: 3, record: 42), utcOffset: -18000,
            texts: texts, sourceKind: source, hrvKind: hrv, userEntered: manual)
          #expect(row.sourceKind == source && row.hrvKind == hrv && row.userEntered == manual)
          #expect(row.origin == Origin(file: 3, record: 42) && row.texts == texts)
          #expect(row.start == -5 && row.end == 7 && row.value == 1.5 && row.utcOffset == -18000)
        }
      }
    }
  }

  @Test("appended by id, a compact row writes the bytes of its Sample")
  func sameBytes() throws {
    let temporary = TemporaryDirectory("compact-sample")
    let lists = SampleTextLists(
      metric: ["heartRate", "steps"], unit: ["count/min", "count"], category: ["", "x"],
      source: ["Sam’s Apple Watch", "iPhone"], device: ["", "Watch6,2"])
    let rows: [(CompactSample, Double?, Double?)] = [
      (
        CompactSample(
          start: 1_700_000_000, end: 1_700_000_000, value: 62, origin: Origin(file: 0, record: 9),
          utcOffset: -18000,
          texts: SampleTextIDs(metric: 0, unit: 0, category: 0, source: 0, device: 1),
          sourceKind: .watch, hrvKind: .none, userEntered: false), 55, 71
      ),
      (
        CompactSample(
          start: 1_700_000_060, end: 1_700_000_120, value: 12, origin: Origin(file: 1, record: 3),
          utcOffset: 3600,
          texts: SampleTextIDs(metric: 1, unit: 1, category: 1, source: 1, device: 0),
          sourceKind: .phone, hrvKind: .none, userEntered: true), nil, nil
      ),
    ]
    let compactPath = temporary.path + "/compact.hpt"
    let compact = try TableWriter<Sample>(path: compactPath, stage: "test")
    for (row, minimum, maximum) in rows {
      try compact.append(row, in: lists, minimum: minimum, maximum: maximum)
    }
    try compact.commit()
    // The same rows written as `Sample` values, their texts spelt out by hand.
    let samplePath = temporary.path + "/samples.hpt"
    let samples = try TableWriter<Sample>(path: samplePath, stage: "test")
    try samples.append(
      Sample(
        metric: .heartRate, start: 1_700_000_000, end: 1_700_000_000, utcOffset: -18000,
        value: 62, minimum: 55, maximum: 71, unit: "count/min", category: "",
        source: "Sam’s Apple Watch", device: "Watch6,2", sourceKind: .watch,
        origin: Origin(file: 0, record: 9)))
    try samples.append(
      Sample(
        metric: .steps, start: 1_700_000_060, end: 1_700_000_120, utcOffset: 3600, value: 12,
        unit: "count", category: "x", source: "iPhone", device: "", sourceKind: .phone,
        userEntered: true, origin: Origin(file: 1, record: 3)))
    try samples.commit()
    let a = try Data(contentsOf: URL(fileURLWithPath: compactPath))
    let b = try Data(contentsOf: URL(fileURLWithPath: samplePath))
    #expect(a == b)
    #expect(try TableFile.read(Sample.self, from: compactPath).rows.count == 2)
  }
}
