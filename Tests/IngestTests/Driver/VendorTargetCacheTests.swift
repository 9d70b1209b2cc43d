import HealthCore
import HealthModel
import Testing

@testable import Ingest

/// The per-column and per-type caches of resolved targets (`VendorTargetCache`), the
/// readers' target tables (`VendorRows.TargetTable`) and the stage table's positions.
@Suite("Vendor target caches")
struct VendorTargetCacheTests {
  /// A resolution told apart by its metric id.
  static func resolution(_ id: UInt32) -> SampleTarget {
    SampleTarget(
      ids: SampleTextIDs(metric: id, unit: 0, category: 0, source: 0, device: 0),
      sourceKind: .watch, hrvKind: .none)
  }

  @Test("a stage's position is its place in allCases")
  func stagePositions() {
    for (i, stage) in SleepStage.allCases.enumerated() {
      #expect(stage.position == i, "\(stage)")
    }
  }

  @Test("a slot answers for its own key only, and is resolved again when its target changes")
  func slotHitsAndMisses() {
    let cache = VendorTargetCache(slots: 3)
    let steps = VendorRows.Target(metric: .steps, unit: "count")
    let heart = VendorRows.Target(metric: .heartRate, unit: "count/min")
    let stepsKey = VendorTargetCache.Key(steps)
    #expect(cache.hit(1, stepsKey) == nil)
    cache.store(1, steps, key: stepsKey, Self.resolution(7))
    #expect(cache.hit(1, stepsKey)??.ids.metric == 7)
    #expect(cache.hit(0, stepsKey) == nil)
    #expect(cache.hit(1, VendorTargetCache.Key(heart)) == nil)
    #expect(cache.holds(1, steps) && !cache.holds(1, heart))
    // A slot whose target was kept as samples answers "no resolution", not a miss.
    cache.store(2, heart, key: VendorTargetCache.Key(heart), nil)
    let kept = cache.hit(2, VendorTargetCache.Key(heart))
    #expect(kept != nil && kept! == nil)
  }

  @Test("find resolves each target once and takes the oldest slot again when all are full")
  func findReusesTheOldestSlot() {
    let cache = VendorTargetCache(slots: 2)
    var resolved: [String] = []
    func find(_ unit: String) -> UInt32? {
      cache.find(VendorRows.Target(metric: .steps, unit: unit)) { t in
        resolved.append(t.unit)
        return Self.resolution(UInt32(resolved.count))
      }?.ids.metric
    }
    #expect(find("a") == 1)
    #expect(find("b") == 2)
    #expect(find("a") == 1)
    #expect(resolved == ["a", "b"])
    // A third target takes slot 0 ("a"), so "a" is resolved anew and takes slot 1.
    #expect(find("c") == 3)
    #expect(find("b") == 2)
    #expect(find("a") == 4)
    #expect(resolved == ["a", "b", "c", "a"])
  }

  @Test("a table's keys are those of its targets, made once")
  func tableKeys() {
    let targets = [
      VendorRows.Target(metric: .steps, unit: "count"),
      VendorRows.Target(metric: .sleep, unit: "min", category: "asleepDeep"),
    ]
    let table = VendorRows.TargetTable(targets.enumerated().map { ($0.offset + 3, $0.element) })
    for (i, t) in targets.enumerated() {
      #expect(table.targets[i] == t)
      #expect(table.keys[i] == VendorTargetCache.Key(table.targets[i]))
    }
    #expect(table.keys[0] != table.keys[1])
  }
}
