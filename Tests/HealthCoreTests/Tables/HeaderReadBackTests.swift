import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// A table header is checked to read back as the value written before the table is written
/// (docs/table-format.md, "Facts"). Found in review: a last day after 9999-12-31 encodes as
/// a five-digit year, which `LocalDay`'s decoder refuses, so the writing stage exited 0 and
/// the next stage found the whole header unreadable.
@Suite("Table headers read back as written")
struct HeaderReadBackTests {
  /// 10000-01-01: one day after the last day a `yyyy-MM-dd` text can name.
  static let yearTenThousand = LocalDay(year: 9999, month: 12, day: 31)!.adding(days: 1)

  @Test("a fact that would not read back stops the writer (exit 70) and leaves no file")
  func refused() throws {
    let temporary = TemporaryDirectory("header-read-back")
    let path = temporary.path + "/t.hpt"
    let facts = StageFacts(aggregate: AggregateFacts(lastDays: ["steps": Self.yearTenThousand]))
    #expect {
      try TableFile.write([Sample](), to: path, stage: "test", facts: facts)
    } throws: { error in
      let error = error as? HealthError
      return error?.code == .internalError
        && error?.message.contains("would not read back") == true
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  @Test("the last day a date text can name writes and reads back")
  func lastWritableDay() throws {
    let temporary = TemporaryDirectory("header-read-back-ok")
    let path = temporary.path + "/t.hpt"
    let last = LocalDay(year: 9999, month: 12, day: 31)!
    let facts = StageFacts(aggregate: AggregateFacts(asOf: last, lastDays: ["steps": last]))
    try TableFile.write([Sample](), to: path, stage: "test", facts: facts)
    let back = try TableFile.header(of: path).facts.aggregate
    #expect(back?.asOf?.description == "9999-12-31")
    #expect(back?.lastDays["steps"]?.description == "9999-12-31")
  }
}
