import HealthModel

extension WithingsRow {
  typealias WeightColumn = WithingsLayouts.WeightColumn

  /// A weigh-in of `weight.csv`: the weight in the header's unit; body fat as the fat mass
  /// over the weight of the same row (a fraction; both in the header's units, converted);
  /// lean body mass from the fat-free mass of older exports.
  func readWeight(zone: inout LocalTimeZone) throws {
    guard let at = try measurementTime(zone: &zone) else { return }
    let units = rows.map.unit
    func unit(_ c: WeightColumn) -> String { units[c.rawValue] ?? "" }
    let weight = try rows.keepNumber(
      WeightColumn.weight.rawValue,
      as: VendorRows.Target(metric: .bodyMass, unit: unit(.weight), kind: .scale), over: at)
    try rows.keepNumber(
      WeightColumn.fatFreeMass.rawValue,
      as: VendorRows.Target(metric: .leanBodyMass, unit: unit(.fatFreeMass), kind: .scale),
      over: at)
    try readFat(weight: weight, units: (unit(.weight), unit(.fatMass)), at: at)
  }

  private func readFat(weight: Double?, units: (weight: String, fat: String), at: VendorRows.Span)
    throws
  {
    let c = WeightColumn.fatMass.rawValue
    guard let fat = rows.number(c) else { return }
    guard case .success(let mass) = fat else {
      if case .failure(let bad) = fat {
        try rows.rejectNotANumber(column: c, bad, metric: .bodyFat, start: at.start)
      }
      return
    }
    guard let weight, weight > 0,
      let fatKg = UnitConverter.convert(mass, from: units.fat, to: "kg", percent: .hundred),
      let weightKg = UnitConverter.convert(weight, from: units.weight, to: "kg", percent: .hundred)
    else {
      return try rows.reject(
        column: c, .missingField,
        "fat mass needs a weight in a known unit on the same row to give body fat",
        metric: .bodyFat, start: at.start, end: at.end, utcOffset: at.offset, unit: units.fat)
    }
    try rows.keep(
      VendorRows.Target(metric: .bodyFat, unit: "fraction", kind: .scale), fatKg / weightKg,
      over: at, column: c)
  }

  /// A reading of `bp.csv`: systolic, diastolic (mmHg) and heart rate at one time.
  func readPressure(zone: inout LocalTimeZone) throws {
    guard let at = try measurementTime(zone: &zone) else { return }
    typealias C = WithingsLayouts.PressureColumn
    for (c, metric, unit) in [
      (C.systolic, MetricID.bloodPressureSystolic, "mmHg"),
      (.diastolic, .bloodPressureDiastolic, "mmHg"), (.heartRate, .heartRate, "count/min"),
    ] {
      try rows.keepNumber(
        c.rawValue, as: VendorRows.Target(metric: metric, unit: unit, kind: .unknown), over: at)
    }
  }

  /// A reading of `height.csv`, in the header's unit (`Height (m)`).
  func readHeight(zone: inout LocalTimeZone) throws {
    guard let at = try measurementTime(zone: &zone) else { return }
    try rows.keepNumber(
      1, as: VendorRows.Target(metric: .height, unit: rows.map.unit[1] ?? "", kind: .scale),
      over: at)
  }
}
