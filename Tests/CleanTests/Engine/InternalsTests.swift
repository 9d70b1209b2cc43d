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

  @Test("the packed kinds give back every source kind, HRV kind and hand-entered flag")
  func packedKinds() {
    for source in SourceKind.allCases {
      for hrv in HRVKind.allCases {
        for manual in [false, true] {
          let row = StoredSample(
            start: 0, end: 0, value: 0, record: 0, file: 0, utcOffset: 0, metric: 0, unit: 0,
            category: 0, source: 0, device: 0, rank: 0, sourceKind: source, hrvKind: hrv,
            userEntered: manual, status: .kept)
          #expect(row.sourceKind == source && row.hrvKind == hrv && row.userEntered == manual)
        }
      }
    }
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
