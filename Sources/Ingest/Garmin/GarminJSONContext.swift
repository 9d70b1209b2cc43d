import HealthModel

/// What the parsers of one Garmin Connect JSON file share: the sink, the zones, where
/// records are numbered from, and the source every row gets (`Garmin Connect`, an app:
/// these are the service's summaries, not one device's readings).
final class GarminJSONContext {
  let sink: IngestSink
  let tokenizer: JSONTokenizer
  /// For `…GMT` instants without the wearer's zone.
  var instants: InstantTimeZone
  /// For calendar dates without a time (the local midnight of `calendarDate`).
  var dates: LocalTimeZone
  /// Added to an element's position to make its record number.
  var recordBase: Int64 = 0
  /// The archive entry, for reasons.
  var entryName: String?
  /// Local days whose steps the input's monitoring files already counted.
  var stepsCovered: Set<LocalDay> = []
  /// The kind of file (the prefix of type names).
  let kind: GarminJSONKind
  /// The member names met, the kind's own first (`GarminJSONKind.memberNames`), with the
  /// counts of those not read (`finishFile()` hands them to the extras).
  let members: ByteNameTable
  /// The `type`s of `healthStatusData`'s `metrics[]` (id 0 `HRV`, the one read), with the
  /// counts of those not read (`notRead.healthStatusData.metrics.<type>`; `(none)` for an
  /// element without a type).
  let metricTypes = ByteNameTable(names: ["HRV"])
  /// An object read flat, reused from element to element.
  let flat = JSONFlatObject()
  /// Counters of `kind.field` types, by field.
  private var counters: [String: TypeCounter] = [:]

  /// The source of every Garmin Connect row.
  static let source = "Garmin Connect"

  init(
    sink: IngestSink, tokenizer: JSONTokenizer, kind: GarminJSONKind, options: ReaderOptions
  ) throws {
    self.sink = sink
    self.tokenizer = tokenizer
    self.kind = kind
    members = ByteNameTable(names: kind.memberNames)
    instants = try InstantTimeZone(options: options)
    dates = try LocalTimeZone(options: options)
  }

  /// The record number of element `index` (0-based) of the root array.
  func record(_ index: Int) -> Int64 { recordBase + Int64(index) + 1 }

  /// `UDSFile[3]` (and the archive entry).
  func place(_ index: Int) -> String {
    "\(kind.rawValue)[\(index)]" + (entryName.map { " in \($0)" } ?? "")
  }

  /// Counts a member not read (`notRead.UDSFile.activeSeconds`).
  func notRead(_ key: String, _ n: Int64 = 1) {
    sink.extra["notRead.\(kind.rawValue).\(key)", default: 0] += n
  }

  /// Adds the members counted in `members` to the extras as not read; call at the end of
  /// the file.
  func finishFile() {
    members.drainCounts { notRead($0, $1) }
    metricTypes.drainCounts { notRead("metrics.\($0.isEmpty ? "(none)" : $0)", $1) }
  }

  /// A row of a calendar date: `[local midnight, next local midnight)`, in `offset` when
  /// the file gave one for that day, else in the assumed zone.
  func daily(
    _ metric: MetricID, day: LocalDay, offset: Int32?, value: Double, unit: String,
    minimum: Double? = nil, maximum: Double? = nil, hrv: HRVKind = .none, index: Int
  ) -> Sample {
    let localStart = Int64(day.dayNumber) * 86_400
    let off = offset ?? dates.offset(atLocal: localStart, sink: sink, what: "Garmin calendar dates")
    let start = localStart - Int64(off)
    return Sample(
      metric: metric, start: start, end: start + DayInterval.daySeconds, utcOffset: off,
      value: value, minimum: minimum, maximum: maximum, unit: unit, source: Self.source,
      sourceKind: .app, hrvKind: hrv, origin: sink.origin(record(index)))
  }

  /// Keeps a sample of type `kind.field`.
  func keep(_ sample: Sample, field: String) throws {
    let counter = counter(field)
    sink.read(counter)
    try sink.keep(sample, counter: counter)
  }

  /// The counter of type `kind.field`.
  private func counter(_ field: String) -> TypeCounter {
    if let c = counters[field] { return c }
    let c = sink.counter(for: "\(kind.rawValue).\(field)")
    counters[field] = c
    return c
  }

  /// Rejects element `index` (or one value of it) as type `kind.field`.
  func reject(
    field: String, _ code: RejectCode, _ reason: String, metric: MetricID, index: Int,
    value: String = ""
  ) throws {
    let type = "\(kind.rawValue).\(field)"
    sink.read(type: type)
    try sink.reject(
      type: type, code: code, reason: "\(reason) (\(place(index)))", metric: metric.rawValue,
      value: value, source: Self.source, record: record(index))
  }
}

/// Garmin Connect's times: `2025-12-07T17:11:00.0` (the `…GMT`/`…Gmt` fields: UTC without
/// a suffix; the `…Local` fields: the wearer's wall clock), or milliseconds since 1970 in
/// the shapes Garmin's web API returns; dates `2025-12-08` or `2025-07-18T00:00:00.0`.
enum GarminTime {
  /// Seconds since 1970 of a `…GMT` value written as text (read as UTC).
  static func instant(text: String) -> Int64? {
    guard let t = TimestampParser.parse(text), t.hasTime else { return nil }
    return t.localSeconds - Int64(t.utcOffset ?? 0)
  }

  /// Wall-clock seconds (local time read as if UTC) of a `…Local` text.
  static func wallClock(text: String) -> Int64? {
    guard let t = TimestampParser.parse(text), t.hasTime, t.utcOffset == nil else { return nil }
    return t.localSeconds
  }

  /// The day of a `calendarDate` text.
  static func day(_ text: String) -> LocalDay? {
    guard let t = TimestampParser.parse(text) else { return nil }
    return LocalDay(dayNumber: Int32(CivilDate.floorDiv(t.localSeconds, 86_400)))
  }

  /// Seconds since 1970 of a number of milliseconds.
  static func instant(milliseconds: Double) -> Int64? {
    guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
    return Int64((milliseconds / 1000).rounded(.down))
  }
}
