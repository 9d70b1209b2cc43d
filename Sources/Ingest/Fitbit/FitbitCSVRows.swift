import HealthModel

/// The rows of one Fitbit CSV file, read by its layout (see `FitbitCSVReader`).
struct FitbitCSVRows {
  let csv: CSVRecordReader
  let sink: IngestSink
  let layout: FitbitCSVLayout
  let fieldCount: Int
  var recordBase: Int64 = 0
  /// Column index by lowercased header name.
  let column: [String: Int]
  /// Columns of the header not read (counted per non-empty cell), with their extras key.
  let unread: [(Int, String)]
  /// Where the columns read every row are (looked up once, not per row).
  let timestampColumn: Int?
  let valueColumn: Int?
  let sourceColumn: Int?
  var local: LocalTimeZone
  var instants: InstantTimeZone
  let sources = TextInterner()
  let counter: TypeCounter
  /// `daily_resting_heart_rate*.csv` shares heart rate's header; its name tells them apart.
  let resting: Bool
  let fileName: String
  var notReadRows: Int64 = 0
  /// The resolved target of each source's values (`keep(_:start:end:utcOffset:value:unit:hrv:)`).
  var targets = FitbitCSVTargets()
  /// The day of the last row's timestamp (`FitbitTime.parse(_:days:)`).
  var days = FitbitTime.DayCache()

  init(
    csv: CSVRecordReader, sink: IngestSink, layout: FitbitCSVLayout, header: [String],
    options: ReaderOptions, fileName: String
  ) throws {
    self.csv = csv
    self.sink = sink
    self.layout = layout
    fieldCount = header.count
    var column: [String: Int] = [:]
    for (i, h) in header.enumerated() where column[h.lowercased()] == nil {
      column[h.lowercased()] = i
    }
    self.column = column
    let read = Set(layout.required + ["data source", "start_utc_offset", "sleep_id"])
    unread = header.enumerated().filter { !read.contains($0.element.lowercased()) }.map {
      ($0.offset, "notRead.fitbit.\(layout.kind.rawValue).\($0.element)")
    }
    timestampColumn = column["timestamp"]
    // The value column: the one required column after `timestamp`.
    valueColumn = layout.required.count > 1 ? column[layout.required[1]] : nil
    sourceColumn = column["data source"]
    local = try LocalTimeZone(options: options)
    instants = try InstantTimeZone(options: options)
    self.fileName = fileName
    let base = fileName.split(separator: "/").last.map { $0.lowercased() } ?? ""
    resting = base.contains("resting")
    counter = sink.counter(for: Self.typeName(layout.kind, resting: resting))
  }

  static func typeName(_ kind: FitbitCSVLayout.Kind, resting: Bool) -> String {
    kind == .beatsPerMinute ? (resting ? "resting_heart_rate" : "heart_rate") : kind.rawValue
  }

  var record: Int64 { recordBase + Int64(csv.recordLine) }
  var type: String { Self.typeName(layout.kind, resting: resting) }

  mutating func read() throws {
    guard layout.kind != .notRead else {
      notReadRows += 1
      return
    }
    guard csv.fieldCount == fieldCount else {
      sink.read(type: "row")
      return try sink.reject(
        type: "row", code: .wrongFieldCount,
        reason:
          "line \(csv.recordLine) has \(csv.fieldCount) fields where the header has \(fieldCount)",
        metric: type, record: record)
    }
    for (i, key) in unread where csv.field(i).count > 0 {
      sink.extra[key, default: 0] += 1
    }
    switch layout.kind {
    case .hrvSummary: try daily(.hrvRMSSD, "rmssd", unit: "ms", hrv: .rmssd)
    case .hrvDaily:
      try daily(.hrvRMSSD, "average heart rate variability milliseconds", unit: "ms", hrv: .rmssd)
    case .spo2Daily: try spo2()
    case .steps: try instant(.steps, "steps", unit: "count", length: 60, zeroIsNone: true)
    case .beatsPerMinute:
      if resting {
        try daily(.restingHeartRate, "beats per minute", unit: "count/min")
      } else {
        try instant(.heartRate, "beats per minute", unit: "count/min")
      }
    case .weightGrams: try instant(.bodyMass, "weight grams", unit: "g")
    case .sleepStages: try sleepStage()
    case .notRead: break
    }
  }

  mutating func finish() {
    guard layout.kind == .notRead else { return }
    sink.extra["notRead.fitbit.csvRows", default: 0] += notReadRows
    sink.notes.append(
      "\(fileName): a Fitbit CSV of columns \(layout.columns.joined(separator: ",")) is not "
        + "read (\(notReadRows) rows)")
  }

  // MARK: - Cells

  func number(_ name: String) -> Double? {
    guard let i = column[name] else { return nil }
    return DecimalParser.parseTrimmingSpaces(csv.field(i))
  }

  func text(_ name: String) -> String { column[name].map { csv.trimmedString($0) } ?? "" }

  /// The layout's value column as a number.
  func value() -> Double? {
    guard let i = valueColumn else { return nil }
    return DecimalParser.parseTrimmingSpaces(csv.field(i))
  }

  /// Every row's device description: the `data source` cell names a device (`Charge 6`,
  /// `Pixel Watch`) without the vendor, so this is what lets `[clean] priority`'s `Fitbit`
  /// entry rank it as Fitbit's (docs/clean.md, "Vendor names"; docs/ingest-fitbit.md).
  static let device = "name:Fitbit"

  func source() -> String {
    guard let i = sourceColumn, csv.trimmedField(i).count > 0 else { return "Fitbit" }
    return sources.string(csv.trimmedField(i))
  }

  mutating func timestamp() -> Timestamp? {
    guard let i = timestampColumn else { return nil }
    return FitbitTime.parse(csv.trimmedField(i), days: &days)
  }

  func timestamp(_ name: String) -> Timestamp? {
    guard let i = column[name] else { return nil }
    return FitbitTime.parse(csv.trimmedField(i))
  }

  func reject(_ code: RejectCode, _ reason: String, metric: MetricID, value: String = "") throws {
    sink.read(counter)
    try sink.reject(
      type: type, code: code, reason: "\(reason) (line \(csv.recordLine))",
      metric: metric.rawValue, value: value, source: "Fitbit", record: record)
  }

  func keep(_ s: Sample) throws {
    sink.read(counter)
    try sink.keep(s, counter: counter)
  }
}
