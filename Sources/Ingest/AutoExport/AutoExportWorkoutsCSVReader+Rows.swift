import HealthModel

extension AutoExportWorkoutsCSVReader {
  /// Reads the current row: a workout and its energy and distance, or one reject. Returns
  /// false when the row was rejected before its samples (its progress is not counted).
  static func readRow(
    _ csv: CSVRecordReader, columns: WorkoutsCSVColumns, categories: TextInterner,
    zone: inout LocalTimeZone, sink: IngestSink
  ) throws -> Bool {
    let headers = columns.headers
    let sourceName = AutoExportSource.defaultName
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
      return false
    }
    for i in headers.indices where !columns.used.contains(i) && !csv.trimmedField(i).isEmpty {
      sink.count(extra: "notKept.workouts.\(headers[i].text)")
    }
    func rejectWorkout(_ code: RejectCode, _ reason: String, value: String) throws {
      sink.read(type: "workout")
      try sink.reject(
        type: "workout", code: code, reason: "line \(line): \(reason)",
        metric: MetricID.workout.rawValue, value: value, source: sourceName, record: line)
    }
    let type = csv.trimmedField(columns.type)
    guard !type.isEmpty else {
      try rejectWorkout(.missingField, "the Type cell is empty", value: "")
      return false
    }
    let category = categories.string(type)
    var times: [ResolvedTime] = []
    for c in [columns.start, columns.end] {
      guard let ts = TimestampParser.parse(csv.trimmedField(c)) else { break }
      times.append(
        ResolvedTime.resolve(
          ts, zone: &zone, sink: sink, what: "Start and End in the workouts CSV"))
    }
    guard times.count == 2 else {
      let bad = times.isEmpty ? columns.start : columns.end
      try rejectWorkout(
        .badDate, "\(headers[bad].name) '\(csv.trimmedString(bad))' does not parse",
        value: csv.trimmedString(bad))
      return false
    }
    let (start, end) = (times[0], times[1])
    var minutes = Double(end.epoch - start.epoch) / 60
    if let d = columns.duration, !csv.trimmedField(d).isEmpty {
      guard let seconds = DurationText.seconds(csv.trimmedField(d)) else {
        try rejectWorkout(
          .badNumber, "Duration '\(csv.trimmedString(d))' is not HH:MM:SS",
          value: csv.trimmedString(d))
        return false
      }
      minutes = seconds / 60
    }
    try keepWorkout(
      csv, columns: columns, line: line, start: start, end: end, minutes: minutes,
      category: category, sink: sink)
    return true
  }

  /// Keeps the row's workout sample, then its energy and distance (rejected when not a
  /// number).
  private static func keepWorkout(
    _ csv: CSVRecordReader, columns: WorkoutsCSVColumns, line: Int64, start: ResolvedTime,
    end: ResolvedTime, minutes: Double, category: String, sink: IngestSink
  ) throws {
    let headers = columns.headers
    let sourceName = AutoExportSource.defaultName
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
      (columns.energy, MetricID.workoutEnergy), (columns.distance, .workoutDistance),
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
  }
}
