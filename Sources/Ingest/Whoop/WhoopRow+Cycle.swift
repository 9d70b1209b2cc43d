extension WhoopRow {
  typealias CycleColumn = WhoopLayouts.CycleColumn

  /// The night's values of a cycle, whole-day rows of its sleep day.
  static let nightValues: [(CycleColumn, VendorRows.Target)] = [
    (.recovery, VendorRows.Target(metric: .whoopRecovery, unit: "%")),
    (.restingHeartRate, VendorRows.Target(metric: .restingHeartRate, unit: "count/min")),
    (.hrv, VendorRows.Target(metric: .hrvRMSSD, unit: "ms", hrv: .rmssd)),
    (.skinTemperature, VendorRows.Target(metric: .wristTemperature, unit: "degC")),
    (.bloodOxygen, VendorRows.Target(metric: .spo2, unit: "%")),
  ]

  /// The cycle's own totals, whole-day rows of its day (only for a closed cycle).
  static let dayValues: [(CycleColumn, VendorRows.Target)] = [
    (.dayStrain, VendorRows.Target(metric: .whoopDayStrain, unit: "count")),
    // WHOOP's header says `cal`, its values are kilocalories (about 2,000 a day).
    (.energy, VendorRows.Target(metric: .whoopEnergy, unit: "kcal")),
  ]

  /// `nightValues` and `dayValues` as tables: a loop over the pairs copied each one through
  /// the generic tuple witnesses (about 240 instructions a value), and each target.
  static let nightTable = VendorRows.TargetTable(nightValues.map { ($0.0.rawValue, $0.1) })
  static let dayTable = VendorRows.TargetTable(dayValues.map { ($0.0.rawValue, $0.1) })

  /// A row of `physiological_cycles.csv`.
  func readCycle(_ cycle: Cycle, zone: inout LocalTimeZone) throws {
    let sleep = WhoopSleep(rows: rows, base: WhoopLayouts.cycleSleepBase, offset: cycle.offset)
    // Without a sleep (a cycle after a gap), the night's values go to the cycle's day.
    let night = try sleep.read(zone: &zone) ?? cycle.daySpan
    try rows.keepNumbers(Self.nightTable, over: night)
    let day = cycle.daySpan
    guard cycle.end != nil else {
      let open = "the cycle is still open (no Cycle end time): its day totals are not final"
      let columns =
        Self.dayValues.map { ($0.0, $0.1.metric) }
        + [(.averageHeartRate, .heartRate), (.maxHeartRate, .heartRate)]
      for (c, metric) in columns where rows.cell(c.rawValue) != nil {
        try rows.reject(
          column: c.rawValue, .missingField, open, metric: metric, start: day.start,
          end: day.end, utcOffset: day.offset)
      }
      return
    }
    try rows.keepNumbers(Self.dayTable, over: day)
    try readHeartRate(day)
  }

  /// `Average HR` with `Max HR` as its maximum: one heart-rate summary of the cycle's day. A
  /// maximum without an average is rejected (there is no value to keep it with).
  private func readHeartRate(_ day: VendorRows.Span) throws {
    let avg = CycleColumn.averageHeartRate.rawValue
    let max = CycleColumn.maxHeartRate.rawValue
    let target = VendorRows.Target(metric: .heartRate, unit: "count/min")
    var maximum: Double?
    if let m = rows.number(max) {
      switch m {
      case .success(let v): maximum = v
      case .failure(let bad):
        try rows.rejectNotANumber(
          column: max, bad, metric: .heartRate, start: day.start, utcOffset: day.offset)
      }
    }
    guard let a = rows.number(avg) else {
      if maximum != nil {
        try rows.reject(
          column: max, .missingField, "Max HR without Average HR", metric: .heartRate,
          start: day.start, end: day.end, utcOffset: day.offset, unit: target.unit)
      }
      return
    }
    switch a {
    case .failure(let bad):
      try rows.rejectNotANumber(
        column: avg, bad, metric: .heartRate, start: day.start, utcOffset: day.offset)
    case .success(let v):
      try rows.keep(target, v, over: day, column: avg, maximum: maximum)
    }
  }
}
