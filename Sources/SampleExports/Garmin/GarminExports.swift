import HealthModel

/// The Garmin files of `healthpipe sample` (docs/ingest-garmin.md, "Sample files"): the
/// person also wears a Garmin watch through the Apple export's days.
///
/// - `garmin-fit`: one file of FIT files chained one after the other (the protocol allows
///   it): per day its monitoring file, then an activity file per workout.
/// - `garmin-json`: the export's JSON files unzipped, `DI_CONNECT/…`.
/// - `garmin-export`: the Garmin Connect data export zip: the JSON files, files no reader
///   reads, and `DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip` (a zip in the zip,
///   stored) with an activity FIT file per workout and the monitoring files of the last 14
///   days, whose steps then replace the daily totals of those days.
struct GarminExports {
  let timeline: SyntheticTimeline

  /// Separates the Garmin watch's noise from other devices'.
  static let channel: UInt64 = 501
  /// Days at the end whose monitoring files the export zip holds.
  static let monitoringDays = 14

  var dense: Bool { timeline.options.density == .full }

  var days: [WearableDay] {
    let c = timeline.calendar
    return (c.appleFirst...c.appleLast).compactMap { day in
      timeline.plan(day).map {
        WearableDay(plan: $0, seed: timeline.options.seed, channel: Self.channel)
      }
    }
  }

  /// `garmin-2026-07-09-2026-11-15.fit`: the chain of every day's files.
  func chainedFIT() -> (bytes: [UInt8], files: Int) {
    var out: [UInt8] = []
    var files = 0
    for d in days {
      out += GarminMonitoringFIT(day: d, dense: dense, zones: timeline.calendar.zones).bytes()
      files += 1
      for w in d.plan.workouts {
        out += activity(d, w)
        files += 1
      }
    }
    return (out, files)
  }

  func activity(_ d: WearableDay, _ w: WorkoutPlan) -> [UInt8] {
    GarminActivityFIT(
      day: d, workout: w, dense: dense, offset: timeline.calendar.zones.offset(at: w.span.start)
    ).bytes()
  }

  /// The JSON files of the export by their path under the export's root, in 100-day
  /// chunks as Garmin writes them.
  func jsonFiles() -> [(path: String, text: String)] {
    var files: [(String, String)] = []
    let all = days
    let user = GarminDeviceProfile.userNumber
    for start in stride(from: 0, to: all.count, by: 100) {
      let chunk = Array(all[start..<min(all.count, start + 100)])
      let json = GarminConnectJSON(days: chunk, zones: timeline.calendar.zones, dense: dense)
      let from = LocalDay(dayNumber: Int32(chunk.first!.plan.day))
      let to = LocalDay(dayNumber: Int32(chunk.first!.plan.day + 99))
      files.append(
        ("DI_CONNECT/DI-Connect-Aggregator/UDSFile_\(from)_\(to).json", json.dailySummaries()))
      files.append(
        ("DI_CONNECT/DI-Connect-Wellness/\(from)_\(to)_\(user)_sleepData.json", json.sleep()))
      files.append(
        (
          "DI_CONNECT/DI-Connect-Wellness/\(from)_\(to)_\(user)_healthStatusData.json",
          json.healthStatus()
        ))
    }
    let bio = GarminConnectJSON(days: all, zones: timeline.calendar.zones, dense: dense)
    files.append(("DI_CONNECT/DI-Connect-Wellness/\(user)_userBioMetrics.json", bio.bioMetrics()))
    return files
  }

  /// The export zip's bytes.
  func exportZip() throws -> (bytes: [UInt8], entries: Int) {
    var bytes: [UInt8] = []
    let zip = ZipWriter { bytes.append(contentsOf: $0) }
    let stamp = ZipTimestamp(
      epochSeconds: timeline.calendar.exportEpoch, utcOffset: 0)
    var entries = 0
    for (path, text) in jsonFiles() {
      try zip.addEntry(path, data: Array(text.utf8), modified: stamp)
      entries += 1
    }
    let activities = days.flatMap { d in d.plan.workouts.map { (d, $0) } }
    let summaries = activities.map { (_, w) in
      "{\"activityId\": \(w.span.start), \"sportType\": \"\(w.kind)\", "
        + "\"duration\": \(w.activeSeconds * 1000)}"
    }
    try zip.addEntry(
      "DI_CONNECT/DI-Connect-Fitness/sam@example.com_0_summarizedActivities.json",
      data: Array(
        "[{\"summarizedActivitiesExport\": [\(summaries.joined(separator: ", "))]}]".utf8),
      modified: stamp)
    try zip.addEntry(
      "DI_CONNECT/DI-Connect-User/user_profile.json",
      data: Array("{\"userName\": \"sam\", \"locale\": \"en_US\"}".utf8), modified: stamp)
    try zip.addEntry(
      "DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip", data: try uploaded(),
      modified: stamp, method: .stored)
    entries += 3
    try zip.finish()
    return (bytes, entries)
  }

  /// The zip inside: activity files and the last days' monitoring files.
  private func uploaded() throws -> [UInt8] {
    var bytes: [UInt8] = []
    let zip = ZipWriter { bytes.append(contentsOf: $0) }
    let stamp = ZipTimestamp(epochSeconds: timeline.calendar.exportEpoch, utcOffset: 0)
    let all = days
    for (i, d) in all.enumerated() {
      if i >= all.count - Self.monitoringDays {
        let data = GarminMonitoringFIT(day: d, dense: dense, zones: timeline.calendar.zones).bytes()
        try zip.addEntry("\(d.plan.midnight)_WELLNESS.fit", data: data, modified: stamp)
      }
      for w in d.plan.workouts {
        try zip.addEntry("\(w.span.start)_ACTIVITY.fit", data: activity(d, w), modified: stamp)
      }
    }
    try zip.finish()
    return bytes
  }
}
