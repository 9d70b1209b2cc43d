import HealthModel

/// One row of the daily metrics CSV once its date is known: the local day's interval, and
/// how a value of it becomes a sample or a reject.
struct DailyCSVRow {
  /// The sink the row's samples and rejects go to.
  let sink: IngestSink
  /// The row's 1-based line.
  let line: Int64
  /// The local day's midnight, UTC seconds.
  let dayStart: Int64
  /// The UTC offset in force at that midnight.
  let dayOffset: Int32

  /// A sample over the whole local day.
  func sample(_ metric: MetricID, _ value: Double, _ unit: String, _ hrv: HRVKind) -> Sample {
    Sample(
      metric: metric, start: dayStart, end: dayStart + DayInterval.daySeconds,
      utcOffset: dayOffset, value: value, unit: unit, source: AutoExportSource.defaultName,
      sourceKind: .app, hrvKind: hrv, origin: sink.origin(line))
  }

  /// Reads one record of `type` and rejects it, the reason prefixed with the line.
  func reject(
    _ type: String, _ code: RejectCode, _ reason: String, metric: MetricID, value: String,
    unit: String
  ) throws {
    sink.read(type: type)
    try sink.reject(
      type: type, code: code, reason: "line \(line): \(reason)", metric: metric.rawValue,
      start: dayStart, utcOffset: dayOffset, value: value, unit: unit,
      source: AutoExportSource.defaultName, record: line)
  }
}

extension AutoExportCSVRows {
  /// The `[Min]/[Avg]/[Max]` groups of the current row: one sample each (value = Avg), or
  /// one reject when Avg is missing or a cell is not a number.
  func readRanges(_ row: DailyCSVRow) throws {
    func number(_ i: Int) -> Double? { DecimalParser.parse(csv.trimmedField(i)) }
    func text(_ i: Int) -> String { csv.trimmedString(i) }
    func isEmpty(_ i: Int) -> Bool { csv.trimmedField(i).isEmpty }
    for r in plan.ranges {
      func cell(_ index: Int?) -> Int? { index.flatMap { isEmpty($0) ? nil : $0 } }
      let (minCell, avgCell, maxCell) = (cell(r.min), cell(r.avg), cell(r.max))
      guard minCell != nil || avgCell != nil || maxCell != nil else { continue }
      guard let avgCell else {
        try row.reject(
          r.type, .missingField, "\(r.type) [Avg] is empty while [Min] or [Max] has a value",
          metric: r.metric, value: "", unit: r.unit)
        continue
      }
      let avg = number(avgCell)
      let minimum = minCell.flatMap(number)
      let maximum = maxCell.flatMap(number)
      let bad =
        avg == nil
        ? avgCell
        : (minCell != nil && minimum == nil)
          ? minCell : (maxCell != nil && maximum == nil) ? maxCell : nil
      if let b = bad {
        try row.reject(
          r.type, .badNumber, "'\(text(b))' in \(r.type) is not a number", metric: r.metric,
          value: text(b), unit: r.unit)
        continue
      }
      var s = row.sample(r.metric, avg!, r.unit, r.hrv)
      s.minimum = minimum
      s.maximum = maximum
      sink.read(type: r.type)
      try sink.keep(s, type: r.type)
    }
  }
}
