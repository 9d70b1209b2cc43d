import Testing

@testable import SampleExports

/// The truth of Android's merge on hand-made records, worked out by hand: the generator's
/// independent check of clean is itself checked here.
@Suite struct AndroidMergeTruthTests {
  typealias Record = HealthConnectSyntheticRecord

  /// Day 20,000 (2024-10-04) at local 10:00, on the local timeline in milliseconds.
  static let ten: Int64 = 20_000 * 86_400_000 + 10 * 3_600_000

  static func steps(
    _ app: HealthConnectSyntheticApp, _ start: Int64, _ end: Int64, _ value: Double,
    modified: Int64 = 0, offset: Int32 = 0, endOffset: Int32? = nil
  ) -> Record {
    // Local times given; stored UTC = local − offset.
    let off = Int64(offset) * 1000
    let endOff = Int64(endOffset ?? offset) * 1000
    return Record(
      table: "steps_record_table", app: app, start: start - off, end: end - endOff,
      startOffset: offset, endOffset: endOffset ?? offset, lastModified: modified,
      values: [value])
  }

  static func total(_ records: [Record]) -> Double? {
    AndroidMergeTruth.total(day: 20_000, table: "steps_record_table", records: records)
  }

  @Test("the higher app wins each slice; the lower counts pro rata elsewhere")
  func twoApps() {
    // Samsung Health (1st) 10:00-10:10, 600; Fit (2nd) 10:05-10:15, 300: 600 + 300 × 5/10.
    let m = 60_000 as Int64
    #expect(
      Self.total([
        Self.steps(.samsungHealth, Self.ten, Self.ten + 10 * m, 600),
        Self.steps(.fit, Self.ten + 5 * m, Self.ten + 15 * m, 300),
      ]) == 750)
  }

  @Test("same app: later modified wins; an unlisted app and a reversed record are left out")
  func tiesAndLeftOut() {
    let h = 3_600_000 as Int64
    // Fit A 10-11 1000 (modified 1), Fit B 10:30-11:30 1200 (modified 2): 500 + 1200.
    // Fitbit is in no list; the Oura record ends before it starts on the local timeline.
    #expect(
      Self.total([
        Self.steps(.fit, Self.ten, Self.ten + h, 1000, modified: 1),
        Self.steps(.fit, Self.ten + h / 2, Self.ten + 3 * h / 2, 1200, modified: 2),
        Self.steps(.fitbit, Self.ten, Self.ten + h, 5000),
        Self.steps(.oura, Self.ten + 4 * h, Self.ten + 3 * h, 777),
      ]) == 1700)
  }

  @Test("an instant counts when it ranks best among the records open at it")
  func instants() {
    let m = 60_000 as Int64
    // Fit's instant at 10:05 under Samsung Health's open record: nothing. Fit's instant
    // at 12:00 alone: 50. Samsung Health's instant at 13:00 where a Fit record is open:
    // 40, plus Fit's record's full 100.
    #expect(
      Self.total([
        Self.steps(.samsungHealth, Self.ten, Self.ten + 10 * m, 600),
        Self.steps(.fit, Self.ten + 5 * m, Self.ten + 5 * m, 30),
        Self.steps(.fit, Self.ten + 120 * m, Self.ten + 120 * m, 50),
        Self.steps(.fit, Self.ten + 170 * m, Self.ten + 190 * m, 100),
        Self.steps(.samsungHealth, Self.ten + 180 * m, Self.ten + 180 * m, 40),
      ]) == 790.0)
  }

  @Test("a record across local midnight is shared by its local length")
  func acrossMidnight() {
    // 23:00 +02:00 to 01:00 +01:00 on the local timeline is 23:00-01:00 (2 h local, 3 h
    // UTC): 1200 × 1/2 in day 20,000.
    let eleven = Int64(20_000) * 86_400_000 + 23 * 3_600_000
    let r = Self.steps(.fit, eleven, eleven + 2 * 3_600_000, 1200, offset: 7200, endOffset: 3600)
    #expect(r.end - r.start == 3 * 3_600_000)
    #expect(Self.total([r]) == 600)
  }
}
