import HealthCore
import HealthModel
import Testing

@testable import Clean

@Suite("Clean internals: memory layout and the reconciliation guard")
struct InternalsTests {
  typealias F = Fixtures

  @Test("a stored sample takes 72 bytes, the figure the memory budget is built on")
  func compactRow() {
    #expect(MemoryLayout<StoredSample>.stride == 72)
  }

  @Test("a stored sample is its compact row and clean's four fields, read through")
  func storedRow() {
    let sample = CompactSample(
      start: 10, end: 70, value: 3, origin: Origin(file: 2, record: 8), utcOffset: 3600,
      texts: SampleTextIDs(metric: 4, unit: 5, category: 6, source: 7, device: 8),
      sourceKind: .phone, hrvKind: .rmssd, userEntered: true)
    var row = StoredSample(sample, rank: 3, status: .kept)
    #expect(row.side == .max && row.related == .max && row.rank == 3 && row.status == .kept)
    #expect(row.start == 10 && row.end == 70 && row.value == 3 && row.hasLength)
    #expect(row.file == 2 && row.record == 8 && row.utcOffset == 3600)
    #expect([row.metric, row.unit, row.category, row.source, row.device] == [4, 5, 6, 7, 8])
    #expect(row.sourceKind == .phone && row.hrvKind == .rmssd && row.userEntered)
    row.start = 20
    row.value = 4
    #expect(row.sample.start == 20 && row.sample.value == 4)
  }

  @Test("side values: only what a sample has, and nothing for a plain sample")
  func sideValues() {
    #expect(SideValues(original: nil, extremes: nil) == nil)
    #expect(SideValues(original: nil, extremes: Extremes(minimum: nil, maximum: nil)) == nil)
    let converted = SideValues(original: 154, extremes: nil)
    #expect(converted?.original == 154 && converted?.extremes == nil)
    let range = SideValues(original: nil, extremes: Extremes(minimum: -.infinity, maximum: nil))
    #expect(range?.original == nil)
    #expect(range?.extremes?.minimum == -.infinity && range?.extremes?.maximum == nil)
    // A NaN as read keeps its payload (the rejects print what was read).
    let nan = Double(nan: 7, signaling: false)
    #expect(SideValues(original: nan, extremes: nil)?.original?.bitPattern == nan.bitPattern)
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
