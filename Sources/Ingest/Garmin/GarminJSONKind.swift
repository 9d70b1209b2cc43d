/// The Garmin Connect export's JSON files healthpipe reads, told apart by the member names
/// of their first object (docs/ingest-garmin.md, "The Garmin Connect export"); the file
/// names (`UDSFile_*.json`, `*_sleepData.json`, ...) are never looked at.
enum GarminJSONKind: String, Sendable {
  /// `DI-Connect-Aggregator/UDSFile_*.json`: one daily summary per day.
  case dailySummary = "UDSFile"
  /// `DI-Connect-Wellness/*_sleepData.json`: one night per wake date.
  case sleep = "sleepData"
  /// `DI-Connect-Wellness/*_userBioMetrics.json`: weigh-ins.
  case bioMetrics = "userBioMetrics"
  /// `DI-Connect-Wellness/*_healthStatusData.json`: the nightly HRV and other baselines.
  case healthStatus = "healthStatusData"
  /// `DI-Connect-Fitness/*_summarizedActivities.json`: activity summaries (not read: the
  /// activities' own FIT files are in the export).
  case summarizedActivities = "summarizedActivities"

  /// The member names the kind's parser reads, in the order of their ids in
  /// `GarminJSONContext.members`.
  var memberNames: [String] {
    switch self {
    case .dailySummary: GarminDailySummary.Member.allCases.map(\.name)
    case .sleep: GarminSleepNight.used
    case .healthStatus: ["calendarDate", "metrics"]
    case .bioMetrics, .summarizedActivities: []
    }
  }

  /// The kind of a JSON file starting with `prefix`, nil when it is none of these.
  static func detect(prefix: [UInt8]) -> GarminJSONKind? {
    let m = { (keys: [String]) in JSONRootArray.matches(prefix: prefix, keys: keys) }
    if m(["sleepStartTimestampGMT"]) || m(["calendarDate", "deepSleepSeconds"]) {
      return .sleep
    }
    if m(["calendarDate", "metrics", "baselineLowerLimit"]) { return .healthStatus }
    if m(["calendarDate", "wellnessStartTimeGmt"]) || m(["calendarDate", "userDailySummaryId"])
      || m(["calendarDate", "totalSteps"])
    {
      return .dailySummary
    }
    if m(["metaData", "weight"]) { return .bioMetrics }
    if m(["summarizedActivitiesExport"]) { return .summarizedActivities }
    return nil
  }
}
