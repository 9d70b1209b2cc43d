import HealthModel

/// The JSON files of a Garmin Connect data export for the days of `days`, laid out as the
/// export writes them (docs/ingest-garmin.md; the shape rests on the projects listed there):
/// a root array per file, one element per day, `…Gmt`/`…GMT` times in UTC without a suffix.
struct GarminConnectJSON {
  let days: [WearableDay]
  let zones: ZoneSchedule
  let dense: Bool

  /// `UDSFile_*.json`: one daily summary per day.
  func dailySummaries() -> String {
    let items = days.map { d -> String in
      let p = d.plan
      let rhr = Int(p.body.restingHeartRate.rounded())
      let steps = GarminConnectJSON.steps(d)
      let heart = GarminConnectJSON.heartRange(d)
      let stress = GarminConnectJSON.stress(d)
      let bb = d.bodyBattery
      let off = zones.offset(at: p.midnight)
      let offEnd = zones.offset(at: p.nextMidnight)
      return "{\"userProfilePK\": \(GarminDeviceProfile.userNumber), "
        + "\"calendarDate\": \"\(LocalDay(dayNumber: Int32(p.day)))\", "
        + "\"uuid\": \"\(String(UInt64(bitPattern: p.midnight) &* 2_654_435_761, radix: 16))\", "
        + "\"wellnessStartTimeGmt\": \"\(JSONText.garminTime(p.midnight))\", "
        + "\"wellnessStartTimeLocal\": \"\(JSONText.garminTime(p.midnight, offset: off))\", "
        + "\"wellnessEndTimeGmt\": \"\(JSONText.garminTime(p.nextMidnight))\", "
        + "\"wellnessEndTimeLocal\": \"\(JSONText.garminTime(p.nextMidnight, offset: offEnd))\", "
        + "\"durationInMilliseconds\": \((p.nextMidnight - p.midnight) * 1000), "
        + "\"totalSteps\": \(steps), \"totalDistanceMeters\": \(Int(Double(steps) * 0.76)), "
        + "\"activeKilocalories\": \(JSONText.number(Double(steps) * 0.04)), "
        + "\"bmrKilocalories\": 1745.0, \"restingHeartRate\": \(rhr), "
        + "\"minHeartRate\": \(heart.min), \"maxHeartRate\": \(heart.max), "
        + "\"includesWellnessData\": true, \"source\": \"GARMIN\", "
        + "\"allDayStress\": {\"calendarDate\": \"\(LocalDay(dayNumber: Int32(p.day)))\", "
        + "\"aggregatorList\": [{\"type\": \"TOTAL\", \"averageStressLevel\": \(stress.total), "
        + "\"maxStressLevel\": 91, \"totalDuration\": 86400}, {\"type\": \"AWAKE\", "
        + "\"averageStressLevel\": \(stress.awake)}, {\"type\": \"ASLEEP\", "
        + "\"averageStressLevel\": \(stress.asleep)}]}, "
        + "\"bodyBattery\": {\"chargedValue\": \(bb.high - bb.low), \"bodyBatteryStatList\": ["
        + "{\"bodyBatteryStatType\": \"HIGHEST\", \"statsValue\": \(bb.high)}, "
        + "{\"bodyBatteryStatType\": \"LOWEST\", \"statsValue\": \(bb.low)}, "
        + "{\"bodyBatteryStatType\": \"ENDOFDAY\", \"statsValue\": \(bb.low + 5)}]}, "
        + "\"respiration\": {\"avgWakingRespirationValue\": "
        + "\(JSONText.number(p.body.respiratoryRate + 2))}}"
    }
    return "[" + items.joined(separator: ", ") + "]"
  }

  /// The day's steps as the watch's monitoring counts them.
  static func steps(_ d: WearableDay) -> Int {
    stride(from: d.plan.midnight, to: d.plan.nextMidnight, by: 60).reduce(0) {
      $0 + d.steps(minute: $1).steps
    }
  }

  /// The lowest and highest heart rate of the day's worn minutes.
  static func heartRange(_ d: WearableDay) -> (min: Int, max: Int) {
    var lo = 300.0
    var hi = 0.0
    for t in stride(from: d.plan.midnight, to: d.plan.nextMidnight, by: 300) where d.worn(at: t) {
      let hr = d.heartRate(at: t)
      lo = min(lo, hr)
      hi = max(hi, hr)
    }
    for w in d.plan.workouts { hi = max(hi, w.heartRateMaximum) }
    return (Int(lo.rounded()), Int(hi.rounded()))
  }

  /// The day's average stress, awake and asleep (readings 0-100 only).
  static func stress(_ d: WearableDay) -> (total: Int, awake: Int, asleep: Int) {
    var all: [Int] = []
    var awake: [Int] = []
    var asleep: [Int] = []
    for t in stride(from: d.plan.midnight, to: d.plan.nextMidnight, by: 900) {
      let s = d.stress(at: t)
      guard s >= 0 else { continue }
      all.append(s)
      if d.plan.asleep(at: t) { asleep.append(s) } else { awake.append(s) }
    }
    func mean(_ v: [Int]) -> Int { v.isEmpty ? -1 : v.reduce(0, +) / v.count }
    return (mean(all), mean(awake), mean(asleep))
  }

  /// `*_sleepData.json`: one element per wake date; an off-wrist night is an `OFF_WRIST`
  /// element without stage seconds; an afternoon nap goes into `napList`.
  func sleep() -> String {
    let items = days.map { d -> String in
      let p = d.plan
      let date = "\"calendarDate\": \"\(LocalDay(dayNumber: Int32(p.day)))\""
      guard let night = d.night, let first = night.first, let last = night.last else {
        return "{\(date), \"sleepWindowConfirmationType\": \"OFF_WRIST\", \"retro\": false}"
      }
      var seconds = [Int64](repeating: 0, count: 4)  // deep, light, rem, awake
      for s in night {
        switch s.stage {
        case .deep: seconds[0] += s.span.length
        case .rem: seconds[2] += s.span.length
        case .awake: seconds[3] += s.span.length
        default: seconds[1] += s.span.length
        }
      }
      let score = min(99, 40 + Int(Double(seconds[0] + seconds[1] + seconds[2]) / 720))
      let nap =
        p.nap.map { n -> String in
          guard let s = n.segments.first, let e = n.segments.last else { return "" }
          return "{\"napStartTimestampGMT\": \"\(JSONText.garminTime(s.span.start))\", "
            + "\"napEndTimestampGMT\": \"\(JSONText.garminTime(e.span.end))\"}"
        } ?? ""
      return "{\(date), "
        + "\"sleepStartTimestampGMT\": \"\(JSONText.garminTime(first.span.start))\", "
        + "\"sleepEndTimestampGMT\": \"\(JSONText.garminTime(last.span.end))\", "
        + "\"sleepWindowConfirmationType\": \"ENHANCED_CONFIRMED_FINAL\", "
        + "\"deepSleepSeconds\": \(seconds[0]), \"lightSleepSeconds\": \(seconds[1]), "
        + "\"remSleepSeconds\": \(seconds[2]), \"awakeSleepSeconds\": \(seconds[3]), "
        + "\"unmeasurableSeconds\": 0, "
        + "\"averageRespiration\": \(JSONText.number(p.body.respiratoryRate)), "
        + "\"awakeCount\": \(night.filter { $0.stage == .awake }.count), \"retro\": false, "
        + "\"sleepScores\": {\"overallScore\": \(score), \"qualityScore\": \(score - 3)}, "
        + "\"spo2SleepSummary\": {\"averageSPO2\": \(JSONText.number(p.body.spo2 * 100)), "
        + "\"lowestSPO2\": 89}, \"napList\": [\(nap)]}"
    }
    return "[" + items.joined(separator: ", ") + "]"
  }

  /// `*_userBioMetrics.json`: a weigh-in per scale or hand-entered weight, in grams.
  func bioMetrics() -> String {
    var items: [String] = []
    for d in days {
      for (time, manual) in [(d.plan.weighIn, false), (d.plan.manualWeighIn, true)] {
        guard let time else { continue }
        let grams = (d.plan.body.weightKg * 1000).rounded()
        items.append(
          "{\"version\": 3, \"metaData\": {\"calendarDate\": "
            + "\"\(JSONText.garminTime(d.plan.midnight, offset: zones.offset(at: d.plan.midnight)))\", "
            + "\"sequence\": \(items.count + 1)}, \"weight\": {\"weight\": \(JSONText.number(grams)), "
            + "\"sourceType\": \"\(manual ? "MANUAL" : "INDEX_SCALE")\", "
            + "\"timestampGMT\": \"\(JSONText.garminTime(time))\"}, \"height\": 177.8}")
      }
    }
    return "[" + items.joined(separator: ", ") + "]"
  }

  /// `*_healthStatusData.json`: the overnight HRV (RMSSD) and other baselines per wake date.
  func healthStatus() -> String {
    let items = days.compactMap { d -> String? in
      guard d.night != nil else { return nil }
      let p = d.plan
      let hrv = (p.body.hrvRMSSD * 10).rounded() / 10
      return "{\"calendarDate\": \"\(LocalDay(dayNumber: Int32(p.day)))\", \"metrics\": ["
        + "{\"type\": \"HRV\", \"value\": \(JSONText.number(hrv)), \"baselineLowerLimit\": 38, "
        + "\"baselineUpperLimit\": 62, \"status\": \"NORMAL\"}, "
        + "{\"type\": \"HR\", \"value\": \(Int(p.body.restingHeartRate.rounded())), "
        + "\"baselineLowerLimit\": 50, \"baselineUpperLimit\": 62, \"status\": \"NORMAL\"}, "
        + "{\"type\": \"SKIN_TEMP_C\", \"value\": -0.2, \"baselineLowerLimit\": -1.0, "
        + "\"baselineUpperLimit\": 1.0, \"status\": \"NORMAL\"}]}"
    }
    return "[" + items.joined(separator: ", ") + "]"
  }
}
