import HealthCore

/// Reads Health Auto Export's workouts CSV: `Type,Start,End,Duration,Total Energy (kcal),
/// Active Energy (kcal),Max Heart Rate (bpm),…,Distance (mi),…` (HAE's header typos such as
/// `Avg Speed(mi/hr)` and `Swim Stoke Cadence (spm)` are fine: columns are found by name).
///
/// - Each row is a workout: a `workout` sample (value = minutes from `Duration` `HH:MM:SS`, or
///   End − Start when it is empty; category = `Type` as written), plus `workoutEnergy` from
///   `Active Energy` and `workoutDistance` from `Distance` when their cells are not empty,
///   with the units of their headers. Per-type keys: `workout`, `workoutEnergy`,
///   `workoutDistance`.
/// - `Start`/`End` are local times to the minute without an offset: the offset comes from
///   `options.timeZone` or the machine's zone (recorded in the manifest).
/// - Other columns (total energy, heart rate, steps, cadence, ...) are not kept; their
///   non-empty cells are counted in the extras as `notKept.workouts.<header>`.
/// - A row with the wrong number of fields is one `row` record, rejected; a row whose type,
///   start, end or duration is unusable is one `workout` record, rejected.
/// - Source `Health Auto Export` (kind `app`); origins are 1-based line numbers.
public struct AutoExportWorkoutsCSVReader: SeekableSourceReader, Sendable {
  /// Health Auto Export CSV workouts.
  public static let format = InputFormat.autoExportWorkoutsCSV
  /// Read buffer size in bytes.
  public var bufferSize = 256 << 10

  /// A reader with the default buffer.
  public init() {}

  /// Reads from any byte source.
  public func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    var zone = try LocalTimeZone(options: options)
    let csv = CSVRecordReader(source: source, bufferSize: bufferSize)
    progress.begin(stage: "ingest \(source.path)", totalBytes: source.size)
    defer { progress.end() }
    let headers = try csv.header(hint: "export the workouts CSV again from Health Auto Export")
      .map(AutoExportColumnHeader.init)
    func column(_ name: String) -> Int? {
      headers.firstIndex { $0.name.lowercased() == name }
    }
    guard let typeColumn = column("type"), let startColumn = column("start"),
      let endColumn = column("end")
    else {
      throw HealthError.malformed(
        "no Type, Start and End columns: not a Health Auto Export workouts CSV",
        at: SourceLocation(file: source.path, line: 1),
        hint: "export the workouts CSV again from Health Auto Export")
    }
    try RepeatedColumn.check(
      headers.map { $0.name.lowercased() }, shown: headers.map(\.text), path: source.path
    ) { ["type", "start", "end", "duration", "active energy", "distance"].contains($0) }
    let durationColumn = column("duration")
    let energyColumn = column("active energy")
    let distanceColumn = column("distance")
    let used = Set(
      [typeColumn, startColumn, endColumn, durationColumn, energyColumn, distanceColumn].compactMap
      { $0 })
    let categories = TextInterner()
    let sourceName = AutoExportSource.defaultName
    var records: Int64 = 0

    while try csv.next() {
      records += 1
      let line = Int64(csv.recordLine)
      guard csv.fieldCount == headers.count, !csv.recordUnterminated else {
        sink.read(type: "row")
        let cut = csv.fieldCount == headers.count
        try sink.reject(
          type: "row", code: cut ? .malformed : .wrongFieldCount,
          reason: cut
            ? "line \(line) ends the file without a line break: the file may be cut short inside "
              + "it (end the file with a line break if the row is complete)"
            : "line \(line) has \(csv.fieldCount) fields; the header has \(headers.count)",
          metric: "row", record: line)
        continue
      }
      for i in headers.indices where !used.contains(i) && !csv.trimmedField(i).isEmpty {
        sink.count(extra: "notKept.workouts.\(headers[i].text)")
      }
      func rejectWorkout(_ code: RejectCode, _ reason: String, value: String) throws {
        sink.read(type: "workout")
        try sink.reject(
          type: "workout", code: code, reason: "line \(line): \(reason)",
          metric: MetricID.workout.rawValue, value: value, source: sourceName, record: line)
      }
      let type = csv.trimmedField(typeColumn)
      guard !type.isEmpty else {
        try rejectWorkout(.missingField, "the Type cell is empty", value: "")
        continue
      }
      let category = categories.string(type)
      var times: [ResolvedTime] = []
      for c in [startColumn, endColumn] {
        guard let ts = TimestampParser.parse(csv.trimmedField(c)) else { break }
        times.append(
          ResolvedTime.resolve(
            ts, zone: &zone, sink: sink, what: "Start and End in the workouts CSV"))
      }
      guard times.count == 2 else {
        let bad = times.isEmpty ? startColumn : endColumn
        try rejectWorkout(
          .badDate, "\(headers[bad].name) '\(csv.trimmedString(bad))' does not parse",
          value: csv.trimmedString(bad))
        continue
      }
      let (start, end) = (times[0], times[1])
      var minutes = Double(end.epoch - start.epoch) / 60
      if let d = durationColumn, !csv.trimmedField(d).isEmpty {
        guard let seconds = DurationText.seconds(csv.trimmedField(d)) else {
          try rejectWorkout(
            .badNumber, "Duration '\(csv.trimmedString(d))' is not HH:MM:SS",
            value: csv.trimmedString(d))
          continue
        }
        minutes = seconds / 60
      }
      let origin = sink.origin(line)
      func sample(_ metric: MetricID, _ value: Double, _ unit: String) -> Sample {
        Sample(
          metric: metric, start: start.epoch, end: end.epoch, utcOffset: start.offset,
          value: value, unit: unit, category: category, source: sourceName, sourceKind: .app,
          origin: origin)
      }
      sink.read(type: "workout")
      try sink.keep(sample(.workout, minutes, "min"), type: "workout")
      for (c, metric) in [
        (energyColumn, MetricID.workoutEnergy), (distanceColumn, .workoutDistance),
      ] {
        guard let c, !csv.trimmedField(c).isEmpty else { continue }
        let unit = headers[c].unit ?? ""
        sink.read(type: metric.rawValue)
        if let v = DecimalParser.parse(csv.trimmedField(c)) {
          try sink.keep(sample(metric, v, unit), type: metric.rawValue)
        } else {
          try sink.reject(
            type: metric.rawValue, code: .badNumber,
            reason: "line \(line): '\(csv.trimmedString(c))' in \(headers[c].name) is not a number",
            start: start.epoch, utcOffset: start.offset, value: csv.trimmedString(c), unit: unit,
            source: sourceName, record: line)
        }
      }
      if records & 0x3FF == 0 { progress.update(bytes: csv.bytesConsumed, records: records) }
    }
  }

  /// Whether header cells are the workouts header: `Type`, `Start`, `End` first.
  static func isWorkoutsHeader(_ cells: [String]) -> Bool {
    cells.count >= 3 && cells[0].lowercased() == "type" && cells[1].lowercased() == "start"
      && cells[2].lowercased() == "end"
  }

  /// Whether the first bytes look like a Health Auto Export workouts CSV (`Type,Start,End,…`).
  public static func matches(prefix: [UInt8]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    return isWorkoutsHeader(TextSniffing.headerCells(TextSniffing.firstLine(body).line))
  }
}
