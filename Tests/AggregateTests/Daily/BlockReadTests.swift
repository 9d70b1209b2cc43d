import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Aggregate

/// The aggregate stage reads its input as column blocks (`TableFile.streamSamples`,
/// `DailyAggregator.add(_: SampleBlock)`) instead of `Sample` values.
@Suite("Daily values read by blocks")
struct BlockReadTests {
  let asOf = S.day("2024-03-20")

  /// Every kind of row `add(_: SampleBlock)` routes: plain series of all three
  /// aggregations, hrvSDNN (which also feeds hrvLnSDNN), an unknown metric, sleep, a
  /// workout, a row after the as-of date and a row outside the representable time range.
  func rows() -> [Sample] {
    var out = [
      S.sample(.heartRate, "2024-03-10 08:00:00 -0700", value: 60, min: 55, max: 70),
      S.sample(.heartRate, "2024-03-10 20:00:00 -0700", value: 80),
      S.sample(.steps, "2024-03-10 23:50:00 -0700", minutes: 20, value: 200),
      S.sample(.hrvSDNN, "2024-03-10 09:00:00 -0700", value: exp(3), hrv: .sdnn),
      S.sample(.bodyMass, "2024-03-10 08:00:00 -0700", value: 71),
      S.sample(.bodyMass, "2024-03-10 07:00:00 -0700", value: 70),
      S.sample("HKQuantityTypeIdentifierFoo", "2024-03-10 12:00:00 -0700", value: 5, unit: "x"),
      S.sleep(.asleepCore, "2024-03-10 23:00:00 -0700", minutes: 480),
      S.sample(.workout, "2024-03-11 18:00:00 -0700", minutes: 30, value: 30, category: "Running"),
      S.sample(.heartRate, "2024-03-25 08:00:00 -0700", value: 90),
    ]
    var far = S.sample(.restingHeartRate, "2024-03-10 08:00:00 -0700", value: 50)
    far.start = SampleTimeRange.latest + 1
    far.end = far.start
    out.append(far)
    return out
  }

  @Test("a table read by blocks gives the hand-worked values and counts, as row by row")
  func sameAsRows() throws {
    let dir = TemporaryDirectory()
    let samples = rows()
    for rowsPerBlock in [1, 3, 100] {
      let path = dir.file("clean-\(rowsPerBlock).hpt")
      let writer = try TableWriter<Sample>(path: path, stage: "clean", rowsPerBlock: rowsPerBlock)
      try writer.append(contentsOf: samples)
      try writer.commit()
      let byBlocks = DailyAggregator(asOf: asOf)
      try TableFile.streamSamples(from: path) { byBlocks.add($0) }
      let blocks = byBlocks.finish()
      let byRows = DailyAggregator(asOf: asOf)
      byRows.add(contentsOf: samples)
      let expected = byRows.finish()

      let d = blocks.values
      // (60 + 80) / 2, the first reading's own min 55, the second's value 80 as max.
      let hr = S.value(d, .heartRate, "2024-03-10")
      #expect(hr?.value == 70 && hr?.count == 2 && hr?.minimum == 55 && hr?.maximum == 80)
      // 23:50-00:10: 100 steps on each side of midnight.
      #expect(S.value(d, .steps, "2024-03-10")?.value == 100)
      #expect(S.value(d, .steps, "2024-03-11")?.value == 100)
      #expect(close(S.value(d, .hrvLnSDNN, "2024-03-10")?.value, 3))
      // The latest start wins, not the last row: 71 at 08:00 over 70 at 07:00.
      #expect(S.value(d, .bodyMass, "2024-03-10")?.value == 71)
      #expect(S.value(d, "HKQuantityTypeIdentifierFoo", "2024-03-10")?.value == 5)
      #expect(S.value(d, .workoutMinutes, "2024-03-11")?.value == 30)
      #expect(blocks.counts[.heartRate]?.read == 3 && blocks.counts[.heartRate]?.afterAsOf == 1)
      #expect(blocks.counts[.restingHeartRate]?.read == 1)
      #expect(blocks.counts[.restingHeartRate]?.ignored == 1)
      #expect(S.days(d, .restingHeartRate).isEmpty)
      #expect(!blocks.nights.isEmpty)

      #expect(d == expected.values, "rows per block: \(rowsPerBlock)")
      #expect(blocks.counts == expected.counts)
      #expect(blocks.nights.keys.sorted() == expected.nights.keys.sorted())
    }
  }

  /// A samples-table row whose `hrvKind` is any word, also one no valid table holds;
  /// the other columns as `Sample.write(to:)` writes them.
  struct AnyHRVRow: TableRecord {
    static let tableKind = TableKind.samples
    static let columns = Sample.columns
    var sample: Sample
    var hrvWord: String

    init(sample: Sample, hrvWord: String) {
      self.sample = sample
      self.hrvWord = hrvWord
    }

    init(reading row: inout RowReader) throws {
      throw InvalidTableValue(column: "hrvKind", value: "written by tests only")
    }

    func write(to row: inout RowWriter) {
      let s = sample
      row.string(s.metric.rawValue)
      row.timestamp(s.start)
      row.timestamp(s.end)
      row.int(Int64(s.utcOffset))
      row.double(s.value)
      row.double(s.minimum)
      row.double(s.maximum)
      row.string(s.unit)
      row.string(s.category)
      row.string(s.source)
      row.string(s.device)
      row.string(s.sourceKind.rawValue)
      row.bool(s.userEntered)
      row.string(hrvWord)
      row.int(Int64(s.origin.file))
      row.int(s.origin.record)
    }
  }

  @Test("an unknown hrvKind word fails with the row, as the row-by-row read does")
  func badWord() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("bad.hpt")
    let good = S.sample(.heartRate, "2024-03-10 08:00:00 -0700", value: 60)
    // Rows 1, 2 and 4 have none (the empty word); row 3 says "bogus". Two rows per block: row 3 is the
    // first of the second block.
    let writer = try TableWriter<AnyHRVRow>(path: path, stage: "clean", rowsPerBlock: 2)
    for word in ["", "", "bogus", ""] {
      try writer.append(AnyHRVRow(sample: good, hrvWord: word))
    }
    try writer.commit()
    var blocksSeen = 0
    let byBlocks = #expect(throws: HealthError.self) {
      try TableFile.streamSamples(from: path) { _ in blocksSeen += 1 }
    }
    let byRows = #expect(throws: HealthError.self) {
      try TableFile.stream(Sample.self, from: path) { _ in }
    }
    #expect(byBlocks?.message == "column hrvKind holds bogus, which no valid table contains")
    #expect(byBlocks?.location?.path == "row 3")
    #expect(byBlocks?.code == .dataError)
    #expect(byBlocks.map(String.init(describing:)) == byRows.map(String.init(describing:)))
    #expect(blocksSeen == 1)
  }
}
