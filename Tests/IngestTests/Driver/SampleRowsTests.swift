import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Ingest

/// The compact form pieces keep their samples in (`SampleRows`) and its writer
/// (`SampleRowWriter`), which must write the bytes of appending each `Sample`.
@Suite("Samples kept as compact rows")
struct SampleRowsTests {
  /// Samples with repeated, alternating and new texts, optional min/max, a decomposed and
  /// a precomposed `é` (equal as Swift strings, different bytes), and an empty device.
  static func samples(file: Int32 = 0, first: Int64 = 1) -> [Sample] {
    let watch = "Jane’s Apple Watch"
    let nfc = "Caf\u{E9} app"
    let nfd = "Cafe\u{301} app"
    let rows: [(String, String, String, Double?, Double?)] = [
      ("heartRate", watch, "Watch7,2", nil, nil),
      ("heartRate", "iPhone", "iPhone15,2", 50, 90),
      ("heartRate", watch, "Watch7,2", nil, 100),
      ("steps", nfc, "", nil, nil),
      ("steps", nfd, "", 1, nil),
      ("steps", nfc, "", nil, nil),
      ("HKQuantityTypeIdentifierFoo", watch, "Watch7,2", nil, nil),
    ]
    return rows.enumerated().map { i, r in
      Sample(
        metric: MetricID(r.0), start: 1_700_000_000 + Int64(i) * 60,
        end: 1_700_000_060 + Int64(i) * 60, utcOffset: -18_000, value: Double(i) + 0.5,
        minimum: r.3, maximum: r.4, unit: i == 3 ? "count" : "count/min", category: "",
        source: r.1, device: r.2, sourceKind: i == 1 ? .phone : .watch,
        userEntered: i == 2, hrvKind: .none,
        origin: Origin(file: file, record: first + Int64(i)))
    }
  }

  /// The bytes of a text, to tell canonically equivalent spellings apart.
  static func utf8(_ s: Sample) -> [[UInt8]] {
    [s.metric.rawValue, s.unit, s.category, s.source, s.device].map { Array($0.utf8) }
  }

  @Test("rows give back the samples added, texts byte for byte, lines shifted")
  func roundTrip() {
    var rows = SampleRows()
    let samples = Self.samples()
    for s in samples { rows.append(s) }
    #expect(rows.count == 7)
    // Distinct texts by bytes: 3 metrics, 2 units, "" (category and device), 4 sources
    // (watch, iPhone, nfc, nfd) and 2 device models: 12.
    #expect(rows.texts.count == 12)
    for (i, s) in samples.enumerated() {
      let back = rows.sample(at: i)
      #expect(back == s)
      #expect(Self.utf8(back) == Self.utf8(s), "row \(i)")
      #expect(rows.sample(at: i, lineShift: 100).origin.record == s.origin.record + 100)
    }
  }

  @Test("the writer writes the bytes of the samples, with a full text list too")
  func sameBytes() throws {
    let dir = TemporaryDirectory()
    // Two batches, each with its own text ids, as two pieces of one input.
    let first = Self.samples(first: 1)
    let second = Array(Self.samples(first: 1).reversed())
    // Written as samples: the second batch's lines are 50 further on.
    let expectedPath = dir.file("samples.hpt")
    let plain = try TableWriter<Sample>(path: expectedPath, stage: "ingest", rowsPerBlock: 4)
    for s in first { try plain.append(s) }
    for var s in second {
      s.origin.record += 50
      try plain.append(s)
    }
    try plain.commit()
    let expected = try Data(contentsOf: URL(fileURLWithPath: expectedPath))
    // 65,536 texts (all fit), 5 (the second batch's new texts do not) and 0 (none do).
    for limit in [SampleRowWriter.defaultTextLimit, 5, 0] {
      let path = dir.file("rows-\(limit).hpt")
      let table = try TableWriter<Sample>(path: path, stage: "ingest", rowsPerBlock: 4)
      let writer = SampleRowWriter(table, textLimit: limit)
      var a = SampleRows()
      for s in first { a.append(s) }
      var b = SampleRows()
      for s in second { b.append(s) }
      try writer.append(a, lineShift: 0)
      try writer.append(b, lineShift: 50)
      try table.commit()
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected, "limit \(limit)")
    }
  }
}
