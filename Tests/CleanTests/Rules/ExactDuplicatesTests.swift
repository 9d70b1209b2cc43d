import Clean
import HealthModel
import Testing

@Suite("Exact duplicates")
struct ExactDuplicatesTests {
  typealias F = Fixtures

  @Test("three copies of a hand entry keep one, the lowest origin, and reject two")
  func threeCopies() throws {
    var list = SampleList()
    list.add(.bodyMass, start: F.ten, 70.2, "kg", source: "Health", userEntered: true, file: 1)
    list.add(.bodyMass, start: F.ten, 70.2, "kg", source: "Health", userEntered: true)
    list.add(.bodyMass, start: F.ten, 70.2, "kg", source: "Health", userEntered: true)
    let result = try F.clean(list.samples)
    let kept = result.cleaned(.bodyMass)
    #expect(kept.count == 1)
    // Origins: record 2 and 3 of file 0, record 1 of file 1: file 0 record 2 is lowest.
    #expect(kept.first?.origin == Origin(file: 0, record: 2))
    let dups = result.rejects(.duplicate)
    #expect(dups.map(\.origin) == [Origin(file: 0, record: 3), Origin(file: 1, record: 1)])
    #expect(dups.allSatisfy { $0.reason.contains("input 0 record 2") })
    #expect(result.countsByMetric[.bodyMass]?.duplicate == 2)
  }

  @Test("equal after conversion is a duplicate: 1 mi from one input, 1.609344 km from another")
  func equalAfterConversion() throws {
    var list = SampleList()
    list.add(.distance, start: F.ten, end: F.ten + 600, 1.609_344, "km")
    list.add(.distance, start: F.ten, end: F.ten + 600, 1, "mi", file: 1)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.distance).count == 1)
    #expect(result.rejects(.duplicate).first?.unit == "mi")
  }

  @Test("a different value, source, time or category is not a duplicate")
  func nearMisses() throws {
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 60, "count/min")
    list.add(.heartRate, start: F.ten, 61, "count/min")
    list.add(.heartRate, start: F.ten + 1, 60, "count/min")
    list.add(.heartRate, start: F.ten, end: F.ten + 1, 60, "count/min")
    list.add(.sleep, start: F.ten, end: F.ten + 600, 10, "min", category: "inBed")
    list.add(.sleep, start: F.ten, end: F.ten + 600, 10, "min", category: "asleepCore")
    let result = try F.clean(list.samples)
    #expect(result.total.duplicate == 0)
    #expect(result.cleanedSamples.count == 6)
  }

  @Test("duplicates are removed before priority: the surviving copy still displaces")
  func beforePriority() throws {
    // Two identical watch heart rates and a phone reading 1 s later: one watch copy is a
    // duplicate, the phone one is overlapped by the surviving watch copy.
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 70, "count/min")
    list.add(.heartRate, start: F.ten, 70, "count/min")
    list.add(.heartRate, start: F.ten + 1, 71, "count/min", source: F.phone)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.heartRate).map(\.origin.record) == [1])
    #expect(result.rejects.map(\.code) == [.duplicate, .overlapped])
  }
}
