import HealthModel

/// Turns the rows of a long CSV into samples.
struct LongCSVRows {
  let csv: CSVRecordReader
  let sink: IngestSink
  let columns: LongCSVColumns
  let fieldCount: Int
  let metrics = TextInterner(slots: 32)
  let texts = TextInterner(slots: 32)
  var kinds = SourceKindCache(LongCSVRows.kind(of:))
  /// HRV kinds of recent metric names (interned, so comparing them is cheap).
  var recentKinds: [(metric: String, hrv: HRVKind)] = []

  init(csv: CSVRecordReader, sink: IngestSink, columns: LongCSVColumns, fieldCount: Int) {
    self.csv = csv
    self.sink = sink
    self.columns = columns
    self.fieldCount = fieldCount
  }

  private static let what = "Dates without a UTC offset in the long CSV"

  mutating func read(zone: inout LocalTimeZone) throws {
    let line = Int64(csv.recordLine)
    guard csv.fieldCount == fieldCount, !csv.recordUnterminated else {
      sink.read(type: "row")
      let cut = csv.fieldCount == fieldCount
      return try sink.reject(
        type: "row", code: cut ? .malformed : .wrongFieldCount,
        reason: cut
          ? "line \(line) ends the file without a line break: the file may be cut short inside "
            + "it (end the file with a line break if the row is complete)"
          : "line \(line) has \(csv.fieldCount) fields; the header has \(fieldCount)",
        metric: "row", record: line)
    }
    let metricText = metrics.string(csv.trimmedField(columns.metric))
    let type = metricText.isEmpty ? "(no metric)" : metricText
    let unit = columns.unit.map { texts.string(csv.trimmedField($0)) } ?? ""
    let source = columns.source.map { texts.string(csv.trimmedField($0)) } ?? ""
    let valueText = csv.trimmedField(columns.value)
    sink.read(type: type)
    func reject(_ code: RejectCode, _ reason: String, start: ResolvedTime? = nil) throws {
      try sink.reject(
        type: type, code: code, reason: "line \(line): \(reason)", metric: metricText,
        start: start?.epoch, utcOffset: start?.offset,
        value: String(decoding: valueText, as: UTF8.self), unit: unit, source: source,
        record: line)
    }
    guard !metricText.isEmpty else { return try reject(.missingField, "the metric is empty") }
    let dateText = csv.trimmedField(columns.date)
    guard let ts = TimestampParser.parse(dateText) else {
      return try reject(
        .badDate, "date '\(String(decoding: dateText, as: UTF8.self))' does not parse")
    }
    let start = ResolvedTime.resolve(ts, zone: &zone, sink: sink, what: Self.what)
    guard !valueText.isEmpty else {
      return try reject(.missingField, "the value is empty", start: start)
    }
    guard let value = DecimalParser.parse(valueText) else {
      return try reject(
        .badNumber, "value '\(String(decoding: valueText, as: UTF8.self))' is not a number",
        start: start)
    }
    var end = start.hasTime ? start.epoch : start.epoch + DayInterval.daySeconds
    if let e = columns.end, !csv.trimmedField(e).isEmpty {
      let endText = csv.trimmedField(e)
      guard let endTS = TimestampParser.parse(endText) else {
        return try reject(
          .badDate, "end '\(String(decoding: endText, as: UTF8.self))' does not parse",
          start: start)
      }
      if endTS.hasTime {
        end = ResolvedTime.resolve(endTS, zone: &zone, sink: sink, what: Self.what).epoch
      } else {
        // A plain end date: the end of that day, in the start's offset.
        end = (endTS.localSeconds + DayInterval.daySeconds) - Int64(start.offset)
      }
    }
    let metric = MetricID(metricText)
    var category = columns.category.map { texts.string(csv.trimmedField($0)) } ?? ""
    if metric == .sleep {
      // A sleep row without a stage is asleep time (the format has no stage column by
      // default); stage words in any of the known spellings become the catalog's.
      category =
        category.isEmpty
        ? SleepStage.asleepUnspecified.rawValue
        : SleepStage(appleOrAutoExport: category)?.rawValue ?? category
    }
    try sink.keep(
      Sample(
        metric: metric, start: start.epoch, end: end, utcOffset: start.offset, value: value,
        unit: unit, category: category, source: source, sourceKind: kinds.kind(of: source),
        hrvKind: hrvKind(metricText), origin: sink.origin(line)),
      type: type)
  }

  private mutating func hrvKind(_ metric: String) -> HRVKind {
    for r in recentKinds where r.metric == metric { return r.hrv }
    let kind = MetricID(metric).info?.hrvKind ?? .none
    if recentKinds.count == 16 { recentKinds.removeAll(keepingCapacity: true) }
    recentKinds.append((metric, kind))
    return kind
  }

  /// Watch or phone when the name says so, else unknown.
  static func kind(of source: String) -> SourceKind {
    let plain = source.replacingOccurrences(of: "\u{00A0}", with: " ")
    if plain.contains("Watch") { return .watch }
    if plain.contains("iPhone") { return .phone }
    return .unknown
  }
}
