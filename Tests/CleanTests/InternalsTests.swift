import HealthCore
import Testing

@testable import Clean

@Suite("Clean internals: memory layout and the reconciliation guard")
struct InternalsTests {
  typealias F = Fixtures

  @Test("a stored sample takes 88 bytes, the figure the memory budget is built on")
  func compactRow() {
    #expect(MemoryLayout<StoredSample>.stride == 88)
  }

  @Test("a row lost between the rules and the files breaks its metric's line (exit 70 path)")
  func reconciliationDetectsLoss() throws {
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 70, "count/min")
    list.add(.heartRate, start: F.ten + 60, 312, "count/min")
    list.add(.steps, start: F.ten, end: F.ten + 60, 10, "count")
    let result = try F.clean(list.samples)
    var tally = WriteTally()
    result.forEachCleaned { sample, _ in
      tally.cleaned[sample.metric.rawValue, default: 0] += 1
      tally.rows[sample.metric.rawValue, default: 0] += 1
    }
    result.forEachReject { tally.countReject(metric: $0.metric, code: $0.code) }
    let balanced = CleanManifest.reconciliation(result.summary, tally: tally).allSatisfy {
      $0.holds
    }
    #expect(balanced)

    // Drop the heart-rate row as if the writer had lost it.
    tally.cleaned["heartRate"] = 0
    let lines = CleanManifest.reconciliation(result.summary, tally: tally)
    #expect(lines.filter { !$0.holds }.map(\.key) == ["heartRate", "all"])
  }
}
