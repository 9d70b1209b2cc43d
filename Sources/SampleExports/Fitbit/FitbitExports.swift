import HealthModel

/// The Fitbit files of `healthpipe sample` (docs/ingest-fitbit.md, "Sample files"): the
/// person's Fitbit tracker through the Apple export's days.
///
/// - `fitbit-json`: a Takeout's `Fitbit/` folder unzipped: `Global Export Data/*.json`
///   (heart rate a file a day, steps, sleep and weight in 30-day files, resting heart rate a
///   year a file with placeholders for days without data and the days after the export)
///   and the nightly HRV and SpO2 summary CSVs (HRV file names one day early, CRLF after the
///   header, no line break at the end).
/// - `fitbit-csv`: the newer `_GoogleData` CSV layout of the same days.
/// - `fitbit-takeout`: the Takeout zip: the `fitbit-json` files, a calories series and a
///   page no reader reads, and two `_GoogleData` CSVs that repeat the JSON (the reader
///   reads the JSON once).
struct FitbitExports {
  let timeline: SyntheticTimeline

  static let channel: UInt64 = 502
  /// The tracker's name in `data source` cells.
  static let deviceName = "Charge 6"

  var dense: Bool { timeline.options.density == .full }
  var zones: ZoneSchedule { timeline.calendar.zones }

  var days: [WearableDay] {
    let c = timeline.calendar
    return (c.appleFirst...c.appleLast).compactMap { day in
      timeline.plan(day).map {
        WearableDay(plan: $0, seed: timeline.options.seed, channel: Self.channel)
      }
    }
  }

  /// Pretty-printed elements as Fitbit writes them: `[{` … `},{` … `}]`, no final newline.
  static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

  /// `heart_rate-DAY.json`: UTC times from the local day's start to its end.
  func heartRate(_ d: WearableDay) -> String {
    let step: Int64 = dense ? 10 : 300
    var items: [String] = []
    var t: Int64 = d.plan.midnight + 7
    while t < d.plan.nextMidnight {
      defer { t += step }
      guard d.worn(at: t) else { continue }
      let bpm = Int(d.heartRate(at: t).rounded())
      let confidence = d.noise(t, 9) < 0.1 ? 1 : 2
      let time = JSONText.fitbitDateTime(t, offset: 0)
      items.append(
        "{\n  \"dateTime\" : \"\(time)\",\n  \"value\" : {\n"
          + "    \"bpm\" : \(bpm),\n    \"confidence\" : \(confidence)\n  }\n}")
    }
    return Self.array(items)
  }

  /// The minutes with steps (UTC), and a 0 before each walk as Fitbit writes.
  func stepMinutes(_ d: WearableDay) -> [(Int64, Int)] {
    var out: [(Int64, Int)] = []
    var previous = 0
    for t in stride(from: d.plan.midnight, to: d.plan.nextMidnight, by: 60) {
      let s = d.steps(minute: t).steps
      if s > 0 || previous > 0 { out.append((t, s)) }
      previous = s
    }
    return out
  }

  /// `steps-FIRST.json` of some days: `"value" : "13"` (a string).
  func steps(_ days: [WearableDay]) -> String {
    Self.array(
      days.flatMap(stepMinutes).map { (t, s) in
        "{\n  \"dateTime\" : \"\(JSONText.fitbitDateTime(t, offset: 0))\",\n  \"value\" : \"\(s)\"\n}"
      })
  }

  /// `calories-FIRST.json`: a minute series no reader reads.
  func calories(_ days: [WearableDay]) -> String {
    Self.array(
      days.flatMap(stepMinutes).map { (t, s) in
        "{\n  \"dateTime\" : \"\(JSONText.fitbitDateTime(t, offset: 0))\",\n  \"value\" : \""
          + JSONText.number(1.2 + Double(s) * 0.05, 2) + "\"\n}"
      })
  }

  /// `resting_heart_rate-FIRST.json`: 365 days from `first`, placeholders where no night was
  /// recorded and after the last day.
  func restingHeartRate(from first: LocalDayNumber) -> String {
    var items: [String] = []
    for day in first..<(first + 365) {
      let date = JSONText.fitbitDate(LocalDay(dayNumber: Int32(day)).description)
      var value = "{\n    \"date\" : null,\n    \"value\" : 0.0,\n    \"error\" : 0.0\n  }"
      if let p = timeline.plan(day), day <= timeline.calendar.appleLast,
        WearableDay(plan: p, seed: timeline.options.seed, channel: Self.channel).night != nil
      {
        let bpm = JSONText.number(p.body.restingHeartRate + 0.37, 13)
        let error = JSONText.number(8.5 + Double(day % 7), 13)
        value =
          "{\n    \"date\" : \"\(date)\",\n    \"value\" : \(bpm),\n    \"error\" : \(error)\n  }"
      }
      items.append("{\n  \"dateTime\" : \"\(date) 00:00:00\",\n  \"value\" : \(value)\n}")
    }
    return Self.array(items)
  }

  /// `sleep-FIRST.json`: the logs of days whose wake date is in `days`, newest first.
  func sleep(_ days: [WearableDay]) -> String {
    let logs = FitbitSleepLogs(zones: zones, cutover: timeline.calendar.cutover)
    var items: [String] = []
    for d in days {
      if let night = d.night, let log = logs.log(night, day: d.plan.day, main: true) {
        items.append(log)
      }
      if let nap = d.plan.nap?.segments, let log = logs.log(nap, day: d.plan.day, main: false) {
        items.append(log)
      }
    }
    return Self.array(items.reversed())
  }

  /// `weight-FIRST.json`: weigh-ins in pounds with BMI and body fat; scale weigh-ins carry
  /// `"source" : "API"`, hand entries none.
  func weight(_ days: [WearableDay]) -> String {
    var items: [String] = []
    for d in days {
      for (time, manual) in [(d.plan.weighIn, false), (d.plan.manualWeighIn, true)] {
        guard let time else { continue }
        let kg = d.plan.body.weightKg
        let pounds = (kg / 0.45359237 * 10).rounded() / 10
        let bmi = (kg / (1.778 * 1.778) * 100).rounded() / 100
        let local = JSONText.isoSeconds(time, offset: zones.offset(at: time))
        var text = "{\n  \"logId\" : \((time + Int64(zones.offset(at: time))) * 1000),\n"
        text += "  \"weight\" : \(JSONText.number(pounds)),\n  \"bmi\" : \(bmi),\n"
        if !manual {
          text += "  \"fat\" : \(JSONText.number(d.plan.body.bodyFat * 100, 3)),\n"
        }
        text += "  \"date\" : \"\(JSONText.fitbitDate(String(local.prefix(10))))\",\n"
        text += "  \"time\" : \"\(local.suffix(8))\""
        text += manual ? "\n}" : ",\n  \"source\" : \"API\"\n}"
        items.append(text)
      }
    }
    return Self.array(items)
  }
}
