import HealthModel

/// Fitbit's CSV files: the nightly HRV and SpO2 summaries of a Global Export Takeout and
/// the newer `_GoogleData` layout (docs/ingest-fitbit.md, "CSV files").
extension FitbitExports {
  /// `Daily Heart Rate Variability Summary - …csv`: one night per file, named one day early
  /// as Fitbit does (`2026-07-.csv` holds 07-01, `2026-07-(1).csv` holds 07-02), CRLF after
  /// the header and no line break after the row.
  func hrvSummaries() -> [(name: String, text: String)] {
    days.compactMap { d in
      guard d.night != nil else { return nil }
      let (y, m, day) = LocalDay(dayNumber: Int32(d.plan.day)).components
      let name =
        "Daily Heart Rate Variability Summary - \(y)-\(JSONText.two(m))-"
        + (day == 1 ? "" : "(\(day - 1))") + ".csv"
      let rmssd = JSONText.number(d.rmssd(at: d.plan.midnight), 3)
      let text =
        "timestamp,rmssd,nremhr,entropy\r\n\(LocalDay(dayNumber: Int32(d.plan.day)))T00:00:00,"
        + "\(rmssd),\(JSONText.number(d.plan.body.restingHeartRate + 3, 3)),2.7"
      return (name, text)
    }
  }

  /// `Daily SpO2 - FIRST-LAST.csv` in 100-day files: the night's average with its bounds,
  /// stamped with the wake time in UTC.
  func spo2Files() -> [(name: String, text: String)] {
    let all = days
    return stride(from: 0, to: all.count, by: 100).map { start in
      let chunk = all[start..<min(all.count, start + 100)]
      var text = "timestamp,average_value,lower_bound,upper_bound\n"
      for d in chunk {
        guard let night = d.night, let last = night.last else { continue }
        let avg = d.plan.body.spo2 * 100
        text +=
          "\(JSONText.isoSeconds(last.span.end, offset: 0))Z,\(JSONText.number(avg)),"
          + "\(JSONText.number(avg - 2.5)),\(JSONText.number(min(100, avg + 2)))\n"
      }
      let from = LocalDay(dayNumber: Int32(chunk.first!.plan.day))
      let to = LocalDay(dayNumber: Int32(chunk.last!.plan.day))
      return ("Daily SpO2 - \(from)-\(to).csv", text)
    }
  }

  /// The `_GoogleData` CSVs by path under `Fitbit/`.
  func googleDataFiles() -> [(name: String, text: String)] {
    let source = Self.deviceName
    var files: [(String, String)] = []
    let all = days
    // Steps in 30-day files, heart rate a file a day (UTC `Z` times).
    for start in stride(from: 0, to: all.count, by: 30) {
      let chunk = all[start..<min(all.count, start + 30)]
      var text = "timestamp,steps,data source\n"
      for (t, s) in chunk.flatMap(stepMinutes) {
        text += "\(JSONText.isoSeconds(t, offset: 0))Z,\(s),\(source)\n"
      }
      files.append(
        (
          "Physical Activity_GoogleData/steps_\(LocalDay(dayNumber: Int32(chunk.first!.plan.day))).csv",
          text
        ))
    }
    let step: Int64 = dense ? 10 : 300
    for d in all {
      var text = "timestamp,beats per minute,data source\n"
      var t: Int64 = d.plan.midnight + 7
      while t < d.plan.nextMidnight {
        if d.worn(at: t) {
          let bpm = Int(d.heartRate(at: t).rounded())
          text += "\(JSONText.isoSeconds(t, offset: 0))Z,\(bpm),\(source)\n"
        }
        t += step
      }
      files.append(
        (
          "Physical Activity_GoogleData/heart_rate_\(LocalDay(dayNumber: Int32(d.plan.day))).csv",
          text
        ))
    }
    files += dailyGoogleData(all, source: source)
    files.append(
      (
        "Health Fitness Data_GoogleData/UserSleepStages_\(LocalDay(dayNumber: Int32(all[0].plan.day))).csv",
        sleepStages(all)
      ))
    return files
  }

  private func dailyGoogleData(_ all: [WearableDay], source: String) -> [(String, String)] {
    var rhr = "timestamp,beats per minute,data source\n"
    var hrv =
      "timestamp,average heart rate variability milliseconds,non rem heart rate beats per minute,"
      + "entropy,deep sleep root mean square of successive differences milliseconds,data source\n"
    var weight = "timestamp,weight grams,data source\n"
    for d in all {
      let date = LocalDay(dayNumber: Int32(d.plan.day))
      if d.night != nil {
        rhr += "\(date)T00:00:00Z,\(JSONText.number(d.plan.body.restingHeartRate, 2)),\(source)\n"
        hrv +=
          "\(date)T00:00:00Z,\(JSONText.number(d.rmssd(at: d.plan.midnight), 3)),"
          + "\(JSONText.number(d.plan.body.restingHeartRate + 3)),2.7,"
          + "\(JSONText.number(d.plan.body.hrvRMSSD * 1.1, 3)),\(source)\n"
      }
      if let t = d.plan.weighIn {
        weight +=
          "\(JSONText.isoSeconds(t, offset: 0))Z,\(Int((d.plan.body.weightKg * 1000).rounded())),"
          + "Aria Air\n"
      }
    }
    return [
      ("Physical Activity_GoogleData/daily_resting_heart_rate.csv", rhr),
      ("Physical Activity_GoogleData/daily_heart_rate_variability.csv", hrv),
      ("Physical Activity_GoogleData/weight.csv", weight),
    ]
  }

  /// `UserSleepStages_*.csv`: the nights' stages, UTC times with `+0000` and the wearer's
  /// offset beside them.
  private func sleepStages(_ all: [WearableDay]) -> String {
    var text =
      "sleep_id,sleep_stage_type,start_utc_offset,sleep_stage_start,end_utc_offset,"
      + "sleep_stage_end,data_source\n"
    for d in all {
      guard let night = d.night, let first = night.first else { continue }
      let id = 7_000_000_000_000_000_000 as Int64 + first.span.start
      for s in night {
        let type =
          s.stage == .deep ? "DEEP" : s.stage == .rem ? "REM" : s.stage == .awake ? "WAKE" : "LIGHT"
        func offset(_ t: Int64) -> String {
          let o = Int(zones.offset(at: t))
          return (o < 0 ? "-" : "+") + JSONText.two(abs(o) / 3600) + ":"
            + JSONText.two(abs(o) / 60 % 60)
        }
        text +=
          "\(id),\(type),\(offset(s.span.start)),"
          + "\(JSONText.isoSeconds(s.span.start, offset: 0).replacingOccurrences(of: "T", with: " "))+0000,"
          + "\(offset(s.span.end)),"
          + "\(JSONText.isoSeconds(s.span.end, offset: 0).replacingOccurrences(of: "T", with: " "))+0000,"
          + "\(Self.deviceName)\n"
      }
    }
    return text
  }
}
