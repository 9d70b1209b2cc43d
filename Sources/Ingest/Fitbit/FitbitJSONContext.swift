import HealthModel

/// What the parsers of one Fitbit JSON file share: sink, tokenizer, zones, the record
/// numbering and the source name (`Fitbit`). The counters and zones are touched once per
/// reading, so they skip the runtime exclusivity check (one parser uses a context at a
/// time).
final class FitbitJSONContext {
  let sink: IngestSink
  let tokenizer: JSONTokenizer
  let kind: FitbitJSONKind
  /// For intraday `dateTime`s, which are UTC (docs/ingest-fitbit.md, "Time zones").
  @exclusivity(unchecked) var instants: InstantTimeZone
  /// For wall-clock times and dates (sleep logs, weigh-ins, resting heart rate dates).
  @exclusivity(unchecked) var local: LocalTimeZone
  @exclusivity(unchecked) var recordBase: Int64 = 0
  var entryName: String?
  /// The file's name without its folder (for the metric of a `{dateTime, value}` series).
  var fileName: String

  /// Heart-rate `value.confidence` members, and other members, not read (added to the
  /// extras by `finishFile()`).
  @exclusivity(unchecked) var confidence: Int64 = 0
  @exclusivity(unchecked) var otherMembers: Int64 = 0

  /// Every row's source.
  static let source = "Fitbit"

  init(
    sink: IngestSink, tokenizer: JSONTokenizer, kind: FitbitJSONKind, options: ReaderOptions,
    fileName: String
  ) throws {
    self.sink = sink
    self.tokenizer = tokenizer
    self.kind = kind
    self.fileName = fileName
    instants = try InstantTimeZone(options: options)
    local = try LocalTimeZone(options: options)
  }

  func record(_ index: Int) -> Int64 { recordBase + Int64(index) + 1 }

  /// Adds what the file counted to the extras; call at its end.
  func finishFile() {
    if confidence > 0 {
      sink.extra["notRead.fitbit.\(kind.rawValue).value.confidence", default: 0] += confidence
    }
    if otherMembers > 0 {
      sink.extra["notRead.fitbit.\(kind.rawValue).other", default: 0] += otherMembers
    }
    confidence = 0
    otherMembers = 0
  }

  func place(_ index: Int) -> String {
    "\(kind.rawValue)[\(index)]" + (entryName.map { " in \($0)" } ?? "")
  }

  /// Resolves a wall-clock time without an offset in the local zone.
  func resolveLocal(_ t: Timestamp, what: String) -> ResolvedTime {
    ResolvedTime.resolve(t, zone: &local, sink: sink, what: what)
  }

  /// A daily row of `day` in the local zone: `[midnight, next midnight)`.
  func daily(
    _ metric: MetricID, day: LocalDay, value: Double, unit: String, minimum: Double? = nil,
    maximum: Double? = nil, hrv: HRVKind = .none, index: Int, what: String
  ) -> Sample {
    let localStart = Int64(day.dayNumber) * 86_400
    let off = local.offset(atLocal: localStart, sink: sink, what: what)
    let start = localStart - Int64(off)
    return Sample(
      metric: metric, start: start, end: start + DayInterval.daySeconds, utcOffset: off,
      value: value, minimum: minimum, maximum: maximum, unit: unit, source: Self.source,
      sourceKind: .app, hrvKind: hrv, origin: sink.origin(record(index)))
  }

  func keep(_ sample: Sample, counter: TypeCounter) throws {
    sink.read(counter)
    try sink.keep(sample, counter: counter)
  }

  /// The intraday series' targets, resolved at their first reading (`SampleTarget`): a
  /// minute's reading is then kept as numbers and ids, without a `Sample` of five texts
  /// (nil inside: the sink keeps `Sample`s, as a piece's or a test's does).
  @exclusivity(unchecked) private var heartRateTarget: SampleTarget??
  @exclusivity(unchecked) private var stepsTarget: SampleTarget??

  /// Keeps one reading of an intraday `series` of the source `Fitbit`: the row and counts
  /// of keeping its `Sample`.
  func keepIntraday(
    _ series: FitbitIntradaySeries, start: Int64, end: Int64, utcOffset: Int32, value: Double,
    index: Int, counter: TypeCounter
  ) throws {
    guard let target = target(of: series) else {
      return try keep(
        Sample(
          metric: series.metric, start: start, end: end, utcOffset: utcOffset, value: value,
          unit: series.unit, source: Self.source, sourceKind: .app,
          origin: sink.origin(record(index))), counter: counter)
    }
    sink.read(counter)
    try sink.keep(
      target, counter: counter, start: start, end: end, utcOffset: utcOffset, value: value,
      record: record(index))
  }

  private func target(of series: FitbitIntradaySeries) -> SampleTarget? {
    if let known = series == .heartRate ? heartRateTarget : stepsTarget { return known }
    let target = sink.target(
      metric: series.metric, unit: series.unit, source: Self.source, sourceKind: .app)
    switch series {
    case .heartRate: heartRateTarget = .some(target)
    case .steps: stepsTarget = .some(target)
    }
    return target
  }

  func reject(
    type: String, _ code: RejectCode, _ reason: String, metric: MetricID, index: Int,
    value: String = ""
  ) throws {
    sink.read(type: type)
    try sink.reject(
      type: type, code: code, reason: "\(reason) (\(place(index)))", metric: metric.rawValue,
      value: value, source: Self.source, record: record(index))
  }
}

/// Fitbit's two intraday series (`heart_rate-*.json`, `steps-*.json`), with the metric and
/// unit their readings are kept as.
enum FitbitIntradaySeries {
  case heartRate, steps

  var metric: MetricID { self == .heartRate ? .heartRate : .steps }
  var unit: String { self == .heartRate ? "count/min" : "count" }
}
