import HealthModel

extension WithingsRow {
  typealias SleepColumn = WithingsLayouts.SleepColumn

  /// The stage columns, in seconds.
  static let stages: [(SleepColumn, SleepStage)] = [
    (.light, .asleepCore), (.deep, .asleepDeep), (.rem, .asleepREM), (.awake, .awake),
  ]

  /// The record type of the in-bed row each session gives (it has no column: it is the
  /// span `from` → `to`).
  static let inBedType = "in bed (from, to)"

  /// A night of `sleep.csv`: the stage totals as per-night summary rows over `[from, to)`,
  /// the span as an in-bed row, the heart rate as a whole-day row of the sleep day.
  func readSleep() throws {
    // Times in sleep.csv carry their offset.
    let fromCell = rows.cell(SleepColumn.from.rawValue)
    let toCell = rows.cell(SleepColumn.to.rawValue)
    let from = fromCell.flatMap { TimestampParser.parse($0) }
    let to = toCell.flatMap { TimestampParser.parse($0) }
    guard let f = from?.epochSeconds, let fo = from?.utcOffset, let t = to?.epochSeconds,
      let to, t > f
    else {
      let reason =
        fromCell == nil
        ? "from is empty"
        : toCell == nil
          ? "to is empty"
          : from?.utcOffset == nil || to?.utcOffset == nil
            ? "from '\(rows.text(0))' or to '\(rows.text(1))' is not a time with an offset"
            : "to is not after from"
      return try rejectNight(.badDate, reason)
    }
    if !overlaps.isEmpty, let loser = overlaps[rows.line] {
      return try rejectNight(
        .duplicate, span: VendorRows.Span(start: f, end: t, offset: fo),
        "this session overlaps the one on line \(loser.winnerLine) (\(loser.winnerSpan)), which "
          + "holds more asleep time and is read: Withings wrote the night twice")
    }
    let night = VendorRows.Span(start: f, end: t, offset: fo)
    for (column, stage) in Self.stages {
      try rows.keepStage(column.rawValue, stage, unitSeconds: 1, over: night)
    }
    try rows.keep(
      VendorRows.Target(metric: .sleep, unit: "min", category: SleepStage.inBed.rawValue),
      Double(t - f) / 60, over: night, type: Self.inBedType)
    let offset = to.utcOffset ?? fo
    let whole = VendorDay.interval(VendorDay.sleepDay(end: t, offset: offset), offset: offset)
    try readNightHeartRate(VendorRows.Span(start: whole.start, end: whole.end, offset: offset))
  }

  /// Rejects every value of the row, its in-bed span included.
  private func rejectNight(_ code: RejectCode, span: VendorRows.Span? = nil, _ reason: String)
    throws
  {
    let values = readColumns.filter { rows.cell($0) != nil }
    guard !values.isEmpty || code == .duplicate || rows.cell(0) != nil else { return }
    try rows.reject(
      type: Self.inBedType, code, reason, metric: .sleep,
      value: "\(rows.text(0)) → \(rows.text(1))", start: span?.start, end: span?.end,
      utcOffset: span?.offset)
    for c in values {
      let metric: MetricID = c >= SleepColumn.averageHeartRate.rawValue ? .heartRate : .sleep
      try rows.reject(
        column: c, code, reason, metric: metric, start: span?.start, end: span?.end,
        utcOffset: span?.offset)
    }
  }

  /// `Average heart rate` with `Heart rate (min)` and `(max)`: one heart-rate summary of the
  /// sleep day. Withings writes 0 in all three when it measured nothing: no sample
  /// (`heartRateNotMeasured`).
  private func readNightHeartRate(_ day: VendorRows.Span) throws {
    let avg = SleepColumn.averageHeartRate.rawValue
    let extremes = [SleepColumn.minHeartRate, .maxHeartRate].map(\.rawValue)
    var values: [Double?] = []
    for c in extremes {
      switch rows.number(c) {
      case .success(let v)?: values.append(v == 0 ? nil : v)
      case .failure(let bad)?:
        try rows.rejectNotANumber(column: c, bad, metric: .heartRate, start: day.start)
        values.append(nil)
      case nil: values.append(nil)
      }
    }
    switch rows.number(avg) {
    case .success(let v)? where v == 0:
      rows.sink.extra["heartRateNotMeasured", default: 0] += 1
    case .success(let v)?:
      try rows.keep(
        VendorRows.Target(metric: .heartRate, unit: "count/min"), v, over: day, column: avg,
        minimum: values[0], maximum: values[1])
    case .failure(let bad)?:
      try rows.rejectNotANumber(column: avg, bad, metric: .heartRate, start: day.start)
    case nil:
      for (i, c) in extremes.enumerated() where values[i] != nil {
        try rows.reject(
          column: c, .missingField, "\(rows.type(c)) without Average heart rate",
          metric: .heartRate, start: day.start)
      }
    }
  }
}
