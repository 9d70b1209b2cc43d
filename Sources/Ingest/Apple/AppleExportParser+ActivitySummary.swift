import HealthModel

extension AppleExportParser {
  /// An `ActivitySummary` (one local day, no time): up to three samples, the move,
  /// exercise and stand rings, each over the whole local day.
  ///
  /// The day has no offset of its own: the `--timezone` zone is used when given, else the
  /// `ExportDate`'s offset (the phone's zone at export), else UTC.
  func activitySummary() throws {
    let line = Int64(scanner.tagLine)
    var date: XMLAttribute?
    var energy: XMLAttribute?
    var exercise: XMLAttribute?
    var stand: XMLAttribute?
    var energyUnit = ""
    for i in 0..<scanner.attributeCount {
      let a = scanner.attribute(i)
      let n = scanner.name(of: a)
      if bytesEqual(n, "dateComponents") {
        date = a
      } else if bytesEqual(n, "activeEnergyBurned") {
        energy = a
      } else if bytesEqual(n, "activeEnergyBurnedUnit") {
        energyUnit = intern(a, in: &units)
      } else if bytesEqual(n, "appleExerciseTime") {
        exercise = a
      } else if bytesEqual(n, "appleStandHours") {
        stand = a
      }
    }
    func rejectWhole(_ code: RejectCode, _ reason: String) throws {
      sink.read(type: "ActivitySummary")
      try sink.reject(
        type: "ActivitySummary", code: code, reason: reason,
        metric: MetricID.activitySummaryEnergy.rawValue, record: line)
    }
    if let defect = scanner.defect { return try rejectWhole(.malformed, defect) }
    guard let date else {
      return try rejectWhole(.missingField, "ActivitySummary has no dateComponents")
    }
    guard let ts = scanner.withDecodedValue(of: date, { TimestampParser.parse($0) }) else {
      return try rejectWhole(
        .badDate, "dateComponents '\(scanner.value(of: date))' is not a date")
    }
    let rings: [(XMLAttribute?, String, MetricID, String)] = [
      (energy, "ActivitySummary.activeEnergyBurned", .activitySummaryEnergy, energyUnit),
      (exercise, "ActivitySummary.appleExerciseTime", .activitySummaryExercise, "min"),
      (stand, "ActivitySummary.appleStandHours", .activitySummaryStand, "count"),
    ]
    guard rings.contains(where: { $0.0 != nil }) else {
      return try rejectWhole(.missingField, "ActivitySummary has no ring values")
    }
    let startLocal = Int64(ts.localDay.dayNumber) * 86_400
    let endLocal = startLocal + 86_400
    let (startOffset, endOffset) = activitySummaryOffsets(
      startLocal: startLocal, endLocal: endLocal)
    let start = startLocal - Int64(startOffset)
    let end = endLocal - Int64(endOffset)
    for (attribute, typeName, metric, unit) in rings {
      guard let attribute else { continue }
      sink.read(type: typeName)
      if let value = parseNumber(attribute) {
        try sink.keep(
          Sample(
            metric: metric, start: start, end: end, utcOffset: startOffset, value: value,
            unit: unit,
            source: "", sourceKind: .unknown, origin: sink.origin(line)),
          type: typeName)
      } else {
        try sink.reject(
          type: typeName, code: .badNumber,
          reason:
            "\(String(typeName.dropFirst(16))) '\(scanner.value(of: attribute))' is not a number",
          metric: metric.rawValue, start: start, end: end, utcOffset: startOffset,
          value: scanner.value(of: attribute), unit: unit, record: line)
      }
    }
  }

  /// The UTC offsets at the start and end of an `ActivitySummary` day: the `--timezone`
  /// zone's when given, else the `ExportDate`'s offset, else UTC; the first call names the
  /// zone assumed.
  func activitySummaryOffsets(startLocal: Int64, endLocal: Int64) -> (Int32, Int32) {
    if let zone = options.timeZone, let s = zones.offset(zone: zone, atLocal: startLocal),
      let e = zones.offset(zone: zone, atLocal: endLocal)
    {
      if sink.assumedTimeZone == nil {
        sink.assumedTimeZone = "\(zone) (\(options.timeZoneOrigin))"
      }
      return (s, e)
    }
    let offset = exportOffset ?? 0
    if sink.assumedTimeZone == nil {
      sink.assumedTimeZone =
        exportOffset.map {
          "UTC\(Self.formatOffset($0)) (ExportDate offset, for ActivitySummary days)"
        }
        ?? "UTC (no ExportDate, for ActivitySummary days)"
    }
    return (offset, offset)
  }

  /// `+0200`, `-0700`.
  static func formatOffset(_ seconds: Int32) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let m = abs(Int(seconds)) / 60
    let hh = m / 60
    let mm = m % 60
    return sign + (hh < 10 ? "0" : "") + "\(hh)" + (mm < 10 ? "0" : "") + "\(mm)"
  }
}
