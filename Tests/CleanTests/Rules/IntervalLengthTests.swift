import Clean
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): a long-CSV steps row from
/// 1000-01-01 to 9999-01-01 passed clean and made aggregate split it pro rata over more than
/// three million days (it ran for hours). Clean now rejects any interval longer than 366
/// days as `out-of-range`, with the length in the reason.
@Suite("Regression: intervals longer than a year")
struct IntervalLengthTests {
  typealias F = Fixtures

  @Test("366 days is kept; 366 days and one second, and 9000 years, are rejected")
  func boundary() throws {
    let year: Int64 = 366 * 86_400
    var list = SampleList()
    list.add(.steps, start: F.ten, end: F.ten + year, 100, "count", file: 1)
    list.add(.steps, start: F.ten, end: F.ten + year + 1, 100, "count", file: 1)
    // 1000-01-01T08:00Z to 9999-01-01T09:00Z; no export date for input 1 (HAE), so the
    // future-date rule does not apply.
    list.add(.steps, start: -30_610_195_200, end: 253_370_797_200, 100, "count", file: 1)
    list.add(.heartRate, start: F.ten, end: F.ten + 2 * year, 60, "count/min", file: 1)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.steps).count == 1)
    #expect(result.cleaned(.heartRate).isEmpty)
    let rejects = result.rejects(.outOfRange)
    #expect(rejects.map(\.origin.record) == [2, 3, 4])
    // 366 days + 1 s = 366.0000116 days, rounded to four decimals.
    #expect(rejects[0].reason.contains("lasts 366 days ("))
    #expect(rejects[0].reason.hasSuffix("longer than 366 days"))
    // (253370797200 + 30610195200) / 86400 = 3286817.041666… → 3286817.0417.
    #expect(rejects[1].reason.contains("lasts 3286817.0417 days"))
    #expect(rejects[1].reason.contains("1000-01-01T08:00:00Z"))
  }
}
