import HealthCore
import HealthModel
import TestSupport
import Testing

/// Regression (docs/reliability.md): delta decoding wrapped on overflow, so a block whose checksums
/// hold could decode `max + max` as a 1969 date, and any 64-bit value reached the stages.
/// Integer columns now decode only inside their range (±2^62; days of the years
/// 0000-10000), with every delta sum checked for overflow; the rest is damage (65).
@Suite("Regression: integer ranges behind valid checksums")
struct TableValueRangeTests {
  static func sample(start: Int64) -> Sample {
    Sample(
      metric: .steps, start: start, end: 1_704_096_600, utcOffset: 0, value: 1, unit: "count",
      source: "P", origin: Origin(file: 0, record: 1))
  }

  @Test("values up to ±2^62 read back exactly, in any order")
  func insideRange() throws {
    let dir = TemporaryDirectory("range")
    // Consecutive differences of up to 2^63 - 1 (from -2^62 to 2^62 - 1) still fit.
    let starts: [Int64] = [1 << 62, -(1 << 62), (1 << 62) - 1, 0, -1]
    try TableFile.write(starts.map(Self.sample), to: dir.file("t.hpt"), stage: "test")
    #expect(try TableFile.read(Sample.self, from: dir.file("t.hpt")).rows.map(\.start) == starts)
  }

  @Test(
    "Int64.max, a value past 2^62, or deltas that overflow are refused as damage",
    arguments: [[Int64.max], [(1 << 62) + 1], [Int64.min], [Int64.max, -2]] as [[Int64]])
  func outsideRange(_ starts: [Int64]) throws {
    let dir = TemporaryDirectory("range")
    // [max, -2] is stored as the deltas [max, max] (the writer wraps): max + max overflows.
    try TableFile.write(starts.map(Self.sample), to: dir.file("t.hpt"), stage: "test")
    let error = #expect(throws: HealthError.self) {
      _ = try TableFile.read(Sample.self, from: dir.file("t.hpt"))
    }
    #expect(error?.code == .dataError)
    #expect(error?.location?.byteOffset != nil)
  }

  @Test("a day column holds only the days of the years 0000-10000")
  func dayRange() throws {
    let dir = TemporaryDirectory("range")
    let row = { (day: Int32) in
      DailyValue(day: LocalDay(dayNumber: day), metric: .steps, value: 1, count: 1, unit: "count")
    }
    let first = LocalDay(year: 0, month: 1, day: 1)!.dayNumber
    let last = LocalDay(year: 10_000, month: 12, day: 31)!.dayNumber
    try TableFile.write([row(first), row(last)], to: dir.file("ok.hpt"), stage: "test")
    #expect(
      try TableFile.read(DailyValue.self, from: dir.file("ok.hpt")).rows.map(\.day.dayNumber)
        == [first, last])
    for day in [first - 1, last + 1, Int32.max] {
      try TableFile.write([row(day)], to: dir.file("bad.hpt"), stage: "test")
      #expect(throws: HealthError.self) {
        _ = try TableFile.read(DailyValue.self, from: dir.file("bad.hpt"))
      }
    }
  }
}
