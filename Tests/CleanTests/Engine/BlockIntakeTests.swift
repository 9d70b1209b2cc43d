import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Clean

/// The clean stage takes its input as column blocks (`SampleIntake.take(_: SampleBlock)`),
/// the tests' engine as `Sample` values (`take(_: Sample)`): both must give the same rows,
/// side values, statuses and pool ids.
@Suite("Clean intake by blocks")
struct BlockIntakeTests {
  let inputs = [Fixtures.appleInput, Fixtures.haeInput]

  /// Rows that reach every branch of the intake: converted units with and without
  /// extremes, `%` on both conventions, an unknown unit, sleep with a valid and an invalid
  /// stage, an unknown metric, a non-finite value, a future date, an end before its start,
  /// hand-entered rows, empty texts, and sources that first appear in a later block.
  func rows() -> [Sample] {
    let t = Fixtures.ten
    var list = SampleList()
    list.add(.bodyMass, start: t, 150, "lb", device: Fixtures.watchDevice)
    list.add(.heartRate, start: t, 61, "count/min")
    list.add(.heartRate, start: t + 60, 62, "count/min", source: Fixtures.phone, file: 1)
    list.add(.spo2, start: t, 97, "%", file: 1)
    list.add(.spo2, start: t + 60, 0.97, "%")
    list.add(
      .heartRate, start: t + 120, 70, "count/s", file: 1, minimum: 1, maximum: 2)
    list.add(.heartRate, start: t + 180, 70, "furlong")
    list.add(
      .sleep, start: t, end: t + 3_600, 60, "min", category: SleepStage.asleepCore.rawValue)
    list.add(.sleep, start: t, end: t + 3_600, 60, "min", category: "nap")
    list.add("HKQuantityTypeIdentifierFoo", start: t, 5, "x")
    list.add(.steps, start: t, end: t + 60, .nan, "count")
    list.add(.steps, start: Fixtures.exportDate + 1, end: Fixtures.exportDate + 61, 10, "count")
    list.add(.steps, start: t + 60, end: t, 10, "count")
    list.add(.bodyMass, start: t + 1, 70, "kg", source: "Scale", userEntered: true)
    list.add(.steps, start: t + 600, end: t + 660, 12, "", source: "")
    list.add(.steps, start: t + 700, end: t + 760, 13, "count", source: "Late source")
    return list.samples
  }

  @Test("blocks of 1, 3 and 100 rows give the rows, sides and pools of a row-by-row intake")
  func sameAsRows() throws {
    let dir = TemporaryDirectory()
    let samples = rows()
    var byRows = SampleIntake(priority: .standard, inputs: inputs, tableName: "t")
    let expected = try samples.map { try byRows.take($0) }
    for rowsPerBlock in [1, 3, 100] {
      let path = dir.file("samples-\(rowsPerBlock).hpt")
      let writer = try TableWriter<Sample>(
        path: path, stage: "ingest", rowsPerBlock: rowsPerBlock)
      try writer.append(contentsOf: samples)
      try writer.commit()
      var byBlocks = SampleIntake(priority: .standard, inputs: inputs, tableName: "t")
      var got: [(row: StoredSample, side: SideValues?)] = []
      try TableFile.streamSamples(from: path) { block in
        try byBlocks.take(block) { got.append(($0, $1)) }
      }
      #expect(byBlocks.samplesRead == samples.count)
      #expect(got.count == expected.count)
      for (i, (a, b)) in zip(got, expected).enumerated() {
        #expect(Fields(a.row) == Fields(b.row), "row \(i), \(rowsPerBlock) per block")
        #expect(Fields(a.side) == Fields(b.side), "side \(i), \(rowsPerBlock) per block")
      }
      for pool in [\SampleStore.metrics, \.units, \.categories, \.sources, \.devices] {
        #expect(byBlocks.pools[keyPath: pool].strings == byRows.pools[keyPath: pool].strings)
      }

      // Hand-worked: 150 lb = 150 × 0.45359237 kg; 97 % on the 0-100 convention and 0.97
      // as a fraction are both 0.97; 70 count/s = 4,200 count/min with its min 1 and max 2
      // as 60 and 120; the order of the rules decides the statuses.
      let rows = got.map(\.row)
      #expect(abs(rows[0].value - 68.0388555) < 1e-9)
      #expect(rows[0].status == .kept && rows[1].status == .kept)
      #expect(abs(rows[3].value - 0.97) < 1e-12 && abs(rows[4].value - 0.97) < 1e-12)
      #expect(rows[5].value == 4_200 && rows[5].status == .outOfRange)
      #expect(got[5].side?.extremes?.minimum == 60 && got[5].side?.extremes?.maximum == 120)
      #expect(got[5].side?.original == 70)
      #expect(rows[6].status == .unknownUnit)
      #expect(rows[7].status == .kept && rows[8].status == .unknownCategory)
      #expect(rows[9].status == .kept && rows[9].value == 5)
      #expect(rows[10].status == .nonFinite && rows[11].status == .futureDate)
      #expect(rows[12].status == .endBeforeStart)
      #expect(rows[13].userEntered && rows[13].rank != rows[1].rank)
      // Sources by first use: the watch, the phone, "Scale", "", "Late source".
      #expect(
        byBlocks.pools.sources.strings == [
          Fixtures.watch, Fixtures.phone, "Scale", "", "Late source",
        ])
      #expect(rows[15].source == 4 && rows[14].source == 3 && rows[2].source == 1)
    }
  }

  @Test("a row whose input is not in the table's list fails with its row number, as by rows")
  func unknownInput() throws {
    let dir = TemporaryDirectory()
    var samples = rows()
    samples[4].origin.file = 7
    let path = dir.file("samples.hpt")
    try TableFile.write(samples, to: path, stage: "ingest")
    var byBlocks = SampleIntake(priority: .standard, inputs: inputs, tableName: "t")
    var taken = 0
    let error = #expect(throws: HealthError.self) {
      try TableFile.streamSamples(from: path) { block in
        try byBlocks.take(block) { _, _ in taken += 1 }
      }
    }
    // Rows 1-4 are taken; row 5 names input 7 of a table that lists 2.
    #expect(taken == 4)
    #expect(error?.message.contains("row 5 comes from input 7") == true)
    #expect(error?.message.contains("lists 2 input(s)") == true)
  }
}

/// The fields of a stored row or side values, comparable (the structs have padding bytes,
/// so their memory cannot be compared).
private struct Fields: Equatable {
  var values: [String]

  init(_ row: StoredSample) {
    values = [
      "\(row.start)", "\(row.end)", "\(row.value.bitPattern)", "\(row.record)", "\(row.file)",
      "\(row.utcOffset)", "\(row.metric)", "\(row.unit)", "\(row.category)", "\(row.source)",
      "\(row.device)", "\(row.side)", "\(row.related)", "\(row.rank)", "\(row.sourceKind)",
      "\(row.hrvKind)", "\(row.userEntered)", "\(row.status)",
    ]
  }

  init(_ side: SideValues?) {
    values = [
      "\(side?.original?.bitPattern as UInt64?)",
      "\(side?.extremes?.minimum?.bitPattern as UInt64?)",
      "\(side?.extremes?.maximum?.bitPattern as UInt64?)",
    ]
  }
}
