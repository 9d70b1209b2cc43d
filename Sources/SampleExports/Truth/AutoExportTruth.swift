/// The truth of the Health Auto Export and ring periods: the daily values the files hold,
/// in canonical units, and the sleep arbitration between watch and ring.
struct AutoExportTruth {
  let timeline: SyntheticTimeline

  /// Adds the JSON and CSV periods' measures (from the daily aggregates).
  func fill(_ ledger: inout TruthLedger) {
    for (period, label) in [
      (SyntheticPeriod.autoExportJSON, "hae_json"), (.autoExportCSV, "hae_csv"),
    ] {
      let data = AutoExportData(timeline, period: period, hourly: false)
      for day in data.days {
        ledger.set(day, "day", "period", text: label == "hae_json" ? "hae-json" : "hae-csv")
      }
      for b in data.buckets {
        func put(_ metric: String, _ column: String, _ scale: (Double) -> Double = { $0 }) {
          let raw: Double?
          if period == .autoExportCSV {
            raw = AutoExportCSVWriter.value(column, b)
          } else {
            raw = AutoExportMetric.all.first { $0.columns.contains { $0.0 == column } }
              .flatMap { m in m.columns.first { $0.0 == column }!.1(b) }
          }
          if let raw { ledger.set(b.day, metric, label, scale(raw)) }
        }
        put("steps", "Step Count")
        put("activeEnergy", "Active Energy")
        put("restingHeartRate", "Resting Heart Rate")
        put("hrvSDNN", "Heart Rate Variability")
        put("heartRate", "Heart Rate [Avg]")
        put("spo2", "Blood Oxygen Saturation") { $0 / 100 }
        put("respiratoryRate", "Respiratory Rate")
        put("bodyMass", "Weight & Body Mass") { $0 * 0.453_592_37 }
        put("distance", "Walking + Running Distance") { $0 * 1.609_344 }
        put("wristTemperature", "Apple Sleeping Wrist Temperature") { ($0 - 32) * 5 / 9 }
      }
      for (day, nights) in Dictionary(grouping: data.nights, by: \.sleepDay) {
        let h = AutoExportCSVWriter.sleep(nights)
        ledger.set(day, "sleep", "asleep_" + label, (h[0] + h[2] + h[3] + h[4]) * 60)
        ledger.set(day, "sleep", "in_bed_" + label, h[1] * 60)
      }
      var workouts: [LocalDayNumber: Int] = [:]
      for (_, w) in data.workouts {
        workouts[timeline.calendar.zones.day(of: w.span.start), default: 0] += 1
      }
      for (day, n) in workouts { ledger.set(day, "workouts", "count_" + label, Double(n)) }
      if period == .autoExportJSON {
        for day in data.duplicatedSteps {
          ledger.add(day, "steps", "duplicates_hae_json", 1)
          ledger.add(Int.max, "steps", "duplicates_hae_json", 1)
        }
        for day in data.absurdInBed
        where data.nights.contains(where: { $0.sleepDay == day && $0.inBed > 0 }) {
          ledger.add(day, "sleep", "absurd_in_bed_hae_json", 1)
          ledger.add(Int.max, "sleep", "absurd_in_bed_hae_json", 1)
        }
      }
    }
  }

  /// Adds the ring's measures and the watch-or-ring sleep arbitration; returns the sleep
  /// days of the ring's nights.
  @discardableResult
  func fillRing(_ ledger: inout TruthLedger, watchAsleep: [LocalDayNumber: Double])
    -> Set<LocalDayNumber>
  {
    let zones = timeline.calendar.zones
    var asleep: [LocalDayNumber: Double] = [:]
    var hrv: [LocalDayNumber: [Double]] = [:]
    for row in RingExport(timeline: timeline).rows() {
      switch row.metric {
      case "sleep":
        let offset = Int64(zones.offset(at: row.start))
        let sleepDay = CivilFloor.div(row.end! + 6 * 3600 + offset, 86_400)
        asleep[sleepDay, default: 0] += row.value
      case "hrvRMSSD":
        hrv[zones.day(of: row.start), default: []].append(row.value)
      default:
        let day = zones.day(of: row.start)
        ledger.set(day, "restingHeartRate", "ring", row.value)
        if row.copies > 1 {
          ledger.add(day, "restingHeartRate", "duplicates_ring", Double(row.copies - 1))
          ledger.add(Int.max, "restingHeartRate", "duplicates_ring", Double(row.copies - 1))
        }
      }
    }
    for (day, minutes) in asleep {
      ledger.set(day, "sleep", "asleep_ring", minutes)
      if watchAsleep[day] == nil { ledger.set(day, "sleep", "asleep_expected", minutes) }
    }
    for (day, values) in hrv {
      ledger.set(day, "hrvRMSSD", "n", Double(values.count))
      ledger.set(day, "hrvRMSSD", "mean", values.reduce(0, +) / Double(values.count))
    }
    return Set(asleep.keys)
  }
}
