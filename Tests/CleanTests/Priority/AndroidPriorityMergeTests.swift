import HealthCore
import HealthModel
import Testing

@testable import Clean

/// Android's merge of Health Connect records (docs/clean.md, "Health Connect: Android's
/// merge"), on hand-made records whose totals are worked out in the comments.
@Suite struct AndroidPriorityMergeTests {
  /// Input 0: a Health Connect export whose Activity order is Samsung Health, then Fit.
  static let input = InputDescriptor(
    index: 0, path: "Health Connect.zip", format: "health-connect", size: 1, crc32: "00000000")
  static let facts = HealthConnectFacts(
    input: 0, schemaVersion: 17,
    apps: [
      .init(
        package: "com.sec.android.app.shealth", name: "Samsung Health", source: "Samsung Health"),
      .init(package: "com.google.android.apps.fitness", name: "Fit", source: "Fit"),
      .init(package: "com.fitbit.FitbitMobile", name: "Fitbit", source: "Fitbit"),
    ],
    priority: ["activity": ["Samsung Health", "Fit"], "vitals": ["Fit", "Samsung Health"]])

  /// The priority as clean makes it from the samples table's header.
  static func priority(_ given: SourcePriority = .standard) throws -> SourcePriority {
    let header = TableHeader(
      kind: .samples, columns: Sample.columns, stage: "ingest", inputs: [input],
      facts: StageFacts(
        ingest: IngestFacts(
          recordsRead: 0, recordsKept: 0, recordsRejected: 0, inputsFailed: 0,
          healthConnect: [facts])))
    return given.applyingHealthConnect(header)
  }

  /// 2024-03-05 10:00 UTC.
  static let t0: Int64 = 1_709_632_800

  static func clean(_ list: SampleList, _ priority: SourcePriority) throws -> CleanResult {
    try Fixtures.clean(list.samples, inputs: [input], priority: priority)
  }

  @Test("a lower app counts only where the higher is not open, pro rata")
  func twoApps() throws {
    // Samsung Health [0, 600 s) 600 steps; Fit [300, 900) 300 steps. Slices: [0,300) and
    // [300,600) to Samsung Health; [600,900) to Fit: 300 × 300/600 = 150. Day: 750.
    var list = SampleList()
    list.add(.steps, start: Self.t0, end: Self.t0 + 600, 600, "count", source: "Samsung Health")
    list.add(.steps, start: Self.t0 + 300, end: Self.t0 + 900, 300, "count", source: "Fit")
    let result = try Self.clean(list, try Self.priority())
    let steps = result.cleaned(.steps)
    #expect(steps.map(\.value) == [600, 150])
    #expect(steps[1].start == Self.t0 + 600 && steps[1].end == Self.t0 + 900)
    #expect(result.sum(.steps) == 750)
  }

  @Test("within one app the record modified later wins (its record number is higher)")
  func sameAppLaterRecord() throws {
    // Fit record 1 [0, 3600) 1000 steps; Fit record 2 [1800, 5400) 1200 steps, numbered
    // after it (ingest numbers by last_modified_time). [0,1800): record 1, 1000 × 1/2 =
    // 500; [1800,5400): record 2, all 1200. Total 1700. (Apple's rule: both whole, 2200.)
    var list = SampleList()
    list.add(.steps, start: Self.t0, end: Self.t0 + 3600, 1000, "count", source: "Fit")
    list.add(.steps, start: Self.t0 + 1800, end: Self.t0 + 5400, 1200, "count", source: "Fit")
    let result = try Self.clean(list, try Self.priority())
    #expect(result.cleaned(.steps).map(\.value) == [500, 1200])
    #expect(result.sum(.steps) == 1700)
  }

  @Test("an instant counts when it is the best record open at its instant")
  func instants() throws {
    // Samsung Health [0, 600) 600 is open at 100: Fit's instant there counts nothing.
    // At 1000 nothing else is open: Fit's instant counts its 50.
    var list = SampleList()
    list.add(.steps, start: Self.t0, end: Self.t0 + 600, 600, "count", source: "Samsung Health")
    list.add(.steps, start: Self.t0 + 100, 40, "count", source: "Fit")
    list.add(.steps, start: Self.t0 + 1000, 50, "count", source: "Fit")
    let result = try Self.clean(list, try Self.priority())
    #expect(result.cleaned(.steps).map(\.value) == [600, 50])
    let overlapped = result.rejects(.overlapped)
    #expect(overlapped.count == 1 && overlapped[0].value == "40")
    #expect(overlapped[0].reason.contains("Samsung Health"))
  }

  @Test("records lie on the local timeline by their own offsets")
  func localTimeline() throws {
    // Samsung Health 10:00-10:10 at +02:00 (08:00-08:10 UTC); Fit 10:05-10:15 at +01:00
    // (09:05-09:15 UTC). Apart in UTC, they overlap on the local timeline: Fit keeps
    // 10:10-10:15 local, 5 of its 10 minutes: 100 × 1/2 = 50.
    let eight: Int64 = Self.t0 - 2 * 3600
    var list = SampleList()
    list.add(
      .steps, start: eight, end: eight + 600, 300, "count", source: "Samsung Health",
      offset: 7200)
    list.add(
      .steps, start: eight + 3900, end: eight + 4500, 100, "count", source: "Fit", offset: 3600)
    let result = try Self.clean(list, try Self.priority())
    let fit = result.cleaned(.steps).filter { $0.source == "Fit" }
    #expect(fit.count == 1 && fit[0].value == 50)
    #expect(fit[0].start == eight + 4200 && fit[0].end == eight + 4500 && fit[0].utcOffset == 3600)
  }

  @Test("an app missing from the export's order is left out, with the order in the reason")
  func unlistedApp() throws {
    var list = SampleList()
    list.add(.steps, start: Self.t0, end: Self.t0 + 600, 600, "count", source: "Fitbit")
    list.add(.heartRate, start: Self.t0, 70, "count/min", source: "Fitbit")
    let result = try Self.clean(list, try Self.priority())
    let left = result.rejects(.notInPriorityList)
    #expect(left.count == 1 && left[0].metric == "steps")
    #expect(
      left[0].reason
        == "'Fitbit' is not in the export's Activity order (Samsung Health › Fit): Android "
        + "leaves its records out of the day's totals")
    // Only Android's merged totals leave it out; its heart rate is kept.
    #expect(result.cleaned(.heartRate).count == 1)
    #expect(result.countsByMetric[.steps]?.balances == true)
  }

  @Test("a given priority list overrides the export's order, and nothing is left out")
  func givenListOverrides() throws {
    // With "Fit, *" Fit ranks first: Samsung Health keeps only [0,300): 600 × 1/2 = 300.
    var list = SampleList()
    list.add(.steps, start: Self.t0, end: Self.t0 + 600, 600, "count", source: "Samsung Health")
    list.add(.steps, start: Self.t0 + 300, end: Self.t0 + 900, 300, "count", source: "Fit")
    list.add(.steps, start: Self.t0 + 2000, end: Self.t0 + 2600, 80, "count", source: "Fitbit")
    let given = try Self.priority(try SourcePriority(parsing: "Fit, *"))
    #expect(given.healthConnect == nil && given.healthConnectInputs == [0])
    let result = try Self.clean(list, given)
    let steps = result.cleaned(.steps)
    #expect(steps.map(\.source) == ["Samsung Health", "Fit", "Fitbit"])
    #expect(steps.map(\.value) == [300, 300, 80])
    #expect(result.rejects(.notInPriorityList).isEmpty)
  }

  @Test("manual entry does not change the merge under the export's order")
  func manualEntryKeepsItsAppsPlace() throws {
    // Fit's typed-in walk would rank first under the standard list's `manual`; under the
    // export's order it ranks as Fit, below Samsung Health, and gets only [600, 900).
    var list = SampleList()
    list.add(.steps, start: Self.t0, end: Self.t0 + 600, 600, "count", source: "Samsung Health")
    list.add(
      .steps, start: Self.t0 + 300, end: Self.t0 + 900, 300, "count", source: "Fit",
      userEntered: true)
    let result = try Self.clean(list, try Self.priority())
    #expect(result.cleaned(.steps).map(\.value) == [600, 150])
  }

  /// The worked example of docs/clean.md ("Health Connect: Android's merge"), local times
  /// at offset 0 from 10:00; records in the order ingest numbers them (C before D: D was
  /// modified later).
  static func workedExample(file: Int32) -> SampleList {
    let m: Int64 = 60
    var list = SampleList()
    list.add(
      .steps, start: Self.t0, end: Self.t0 + 10 * m, 600, "count", source: "Samsung Health",
      file: file)
    list.add(
      .steps, start: Self.t0 + 5 * m, end: Self.t0 + 15 * m, 300, "count", source: "Fit", file: file
    )
    list.add(
      .steps, start: Self.t0 + 60 * m, end: Self.t0 + 120 * m, 1000, "count", source: "Fit",
      file: file)
    list.add(
      .steps, start: Self.t0 + 90 * m, end: Self.t0 + 150 * m, 1200, "count", source: "Fit",
      file: file)
    list.add(.steps, start: Self.t0 + 180 * m, 40, "count", source: "Fit", file: file)
    list.add(
      .steps, start: Self.t0, end: Self.t0 + 60 * m, 900, "count", source: "Pedometer",
      file: file)
    return list
  }

  @Test("the worked example of docs/clean.md: 2,490 steps, and 3,665 by Apple's rule")
  func workedExample() throws {
    let android = try Self.clean(Self.workedExample(file: 0), try Self.priority())
    #expect(android.sum(.steps) == 2490)
    #expect(android.rejects(.notInPriorityList).count == 1)
    // The same samples from an Apple export, with the list "Samsung Health, Fit, *".
    let apple = try Fixtures.clean(
      Self.workedExample(file: 0).samples, inputs: [Fixtures.appleInput],
      priority: try SourcePriority(parsing: "Samsung Health, Fit, *"))
    #expect(apple.sum(.steps) == 3665)
  }

  @Test("a given list, even the default one, is a different cache key from no list")
  func givenListIsAnotherKey() throws {
    // Without a list a Health Connect export's own order applies; the same text given
    // overrides it, so a pipeline that adds or drops the line must clean again.
    let none = CleanOptions(input: "s.hpt", output: "c.hpt")
    let standard = SourcePriority.defaultEntries.joined(separator: ", ")
    let given = CleanOptions(
      input: "s.hpt", output: "c.hpt", priority: try SourcePriority(parsing: standard))
    #expect(none.cacheKey == ["priority": standard])
    #expect(
      given.cacheKey == ["priority": standard, "priorityGiven": "yes"])
  }

  @Test("the order in force is written for the manifest and the report")
  func describesTheOrder() throws {
    let p = try Self.priority()
    #expect(
      p.effectiveDescription
        == "the export's own order per category (Health Connect), "
        + SourcePriority.defaultEntries.joined(separator: ", "))
    #expect(
      p.healthConnectNotes.contains("input 0 Activity order from the export: Samsung Health › Fit"))
    #expect(
      try Self.priority(try SourcePriority(parsing: "Fit, *")).effectiveDescription == "Fit, *")
  }
}
