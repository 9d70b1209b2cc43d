import HealthModel
import HealthSystem

/// Reads Health Auto Export's daily metrics CSV: `Date,Active Energy (kcal),…` with one row per
/// local day and over a hundred `Name [Sub] (unit)` columns in any set and order.
///
/// - Columns map through `MetricCatalog.byAutoExportColumn`; unknown columns are kept under
///   their header without the unit (`Sexual Activity [Unspecified]`). `[Min]/[Avg]/[Max]`
///   columns give one sample (value = Avg, with minimum and maximum). `Sleep Analysis
///   [Stage] (hr)` columns give `sleep` samples in minutes with the stage as category.
/// - Each non-empty cell is one record (per-type key: the header without its unit; `Heart
///   Rate` for a Min/Avg/Max group). An empty cell is no data. A row with the wrong number of
///   fields or a date that does not parse is one record of type `row`, rejected once.
/// - Values keep the unit of their header as written (`%` stays 0–100, `lb`, `degF`); an
///   unknown unit for a known metric is kept too (clean rejects it as `unknown-unit`) and a
///   manifest note names the column.
/// - A sleep stage of 0 hours is no time in that stage (the app writes `[Asleep]` as 0 on
///   every night and puts the sleep in Core/Deep/REM): no sample, counted in the extras as
///   `zeroSleepStages`. Other zero cells are values of 0 and kept.
/// - `Date` is local time without an offset: the offset comes from `options.timeZone` or
///   the machine's zone, recorded in `sink.assumedTimeZone` and a manifest note.
/// - Interval of a value: the whole local day of its date, `[midnight, midnight + 86,400 s)`
///   with the offset in force at midnight. Sleep (a night, attributed by the app to the day
///   it ends): noon of the day before to noon of the date, so that the sleep-day rule gives
///   back the row's date.
/// - Source `Health Auto Export` (kind `app`); origins are 1-based line numbers.
public struct AutoExportCSVReader: SeekableSourceReader, Sendable {
  /// Health Auto Export CSV daily metrics.
  public static let format = InputFormat.autoExportCSV
  /// Read buffer size in bytes (tests use tiny ones).
  public var bufferSize = 256 << 10

  /// A reader with the default buffer.
  public init() {}

  /// Reads from any byte source.
  public func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    var zone = try LocalTimeZone(options: options)
    try CSVInput.read(source, bufferSize: bufferSize, progress: progress) { csv in
      let headers = try csv.header(
        hint: "export the daily metrics CSV again from Health Auto Export"
      ).map(AutoExportColumnHeader.init)
      // Every named column is read (a metric, or a Min/Avg/Max member): a name given twice
      // is refused, whatever its unit.
      try RepeatedColumn.check(
        headers.map { $0.name.lowercased() }, shown: headers.map(\.text), path: source.path
      ) { _ in true }
      let plan = AutoExportColumnPlan(headers: headers)
      sink.notes.append(contentsOf: plan.notes)
      let rows = AutoExportCSVRows(
        csv: csv, sink: sink, plan: plan, columns: headers.count, source: source.path)
      try csv.forEachRecord(progress: progress) { try rows.read(zone: &zone) }
    }
  }

  /// Whether the first bytes look like a Health Auto Export daily CSV: a header whose first
  /// cell has no unit and whose other cells (one or more: an export of a single metric is
  /// `Date,Step Count (count)`) mostly read `Name (unit)`, and which is not the workouts
  /// header (`Type,Start,End,Duration,…`).
  public static func matches(prefix: [UInt8]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    let (line, complete) = TextSniffing.firstLine(body)
    var cells = TextSniffing.headerCells(line)
    if !complete, cells.count > 2 { cells.removeLast() }  // may be cut off
    guard cells.count >= 2, !cells[0].isEmpty, !cells[0].contains("("),
      !AutoExportWorkoutsCSVReader.isWorkoutsHeader(cells)
    else { return false }
    let withUnit = cells.dropFirst().filter { AutoExportColumnHeader($0).unit != nil }.count
    return withUnit * 10 >= (cells.count - 1) * 8
  }
}

/// Turns the rows of a daily metrics CSV into samples.
final class AutoExportCSVRows {
  let csv: CSVRecordReader
  let sink: IngestSink
  let plan: AutoExportColumnPlan
  let columns: Int
  let source: String
  /// The sink's counter of each value column's type, looked up once per file rather than
  /// hashed per cell.
  let valueCounters: [TypeCounter]

  init(
    csv: CSVRecordReader, sink: IngestSink, plan: AutoExportColumnPlan, columns: Int,
    source: String
  ) {
    self.csv = csv
    self.sink = sink
    self.plan = plan
    self.columns = columns
    self.source = source
    valueCounters = plan.values.map { sink.counter(for: $0.type) }
  }

  func read(zone: inout LocalTimeZone) throws {
    let line = Int64(csv.recordLine)
    guard csv.fieldCount == columns, !csv.recordUnterminated else {
      sink.read(type: "row")
      let cut = csv.fieldCount == columns
      return try sink.reject(
        type: "row", code: cut ? .malformed : .wrongFieldCount,
        reason: cut
          ? "line \(line) ends the file without a line break: the file may be cut short inside "
            + "it (end the file with a line break if the row is complete)"
          : "line \(line) has \(csv.fieldCount) fields; the header has \(columns)",
        metric: "row", record: line)
    }
    let dateText = csv.trimmedField(plan.date)
    guard let ts = TimestampParser.parse(dateText) else {
      sink.read(type: "row")
      return try sink.reject(
        type: "row", code: .badDate,
        reason: "line \(line): date '\(String(decoding: dateText, as: UTF8.self))' does not parse",
        metric: "row", value: String(decoding: dateText, as: UTF8.self), record: line)
    }
    let day = ts.localDay
    let what = "Dates in the daily metrics CSV"
    let dayLocal = Int64(day.dayNumber) * 86_400
    let dayOffset = ts.utcOffset ?? zone.offset(atLocal: dayLocal, sink: sink, what: what)
    let row = DailyCSVRow(
      sink: sink, line: line, dayStart: dayLocal - Int64(dayOffset), dayOffset: dayOffset)
    func text(_ i: Int) -> String { csv.trimmedString(i) }

    // Walk the cells once; empty ones cost a length check.
    var sleepWindow: (start: Int64, offset: Int32)?
    for i in 0..<columns {
      let cell = csv.trimmedField(i)
      if cell.isEmpty { continue }
      switch plan.roles[i] {
      case .value(let slot):
        let c = plan.values[slot]
        if let v = DecimalParser.parse(cell) {
          sink.read(valueCounters[slot])
          try sink.keep(row.sample(c.metric, v, c.unit, c.hrv), counter: valueCounters[slot])
        } else {
          try row.reject(
            c.type, .badNumber, "'\(text(i))' in \(c.type) is not a number", metric: c.metric,
            value: text(i), unit: c.unit)
        }
      case .sleep(let slot):
        if sleepWindow == nil {
          let windowLocal = DayInterval.sleepWindowLocalStart(day: day)
          let offset = ts.utcOffset ?? zone.offset(atLocal: windowLocal, sink: sink, what: what)
          sleepWindow = (windowLocal - Int64(offset), offset)
        }
        try readSleep(
          plan.sleeps[slot], cell: cell, window: sleepWindow!, line: line, reject: row.reject)
      case .unnamed:
        sink.extra["notKept.unnamedColumn", default: 0] += 1
      case .date, .rangeMember:
        continue
      }
    }
    try readRanges(row)
  }

  private func readSleep(
    _ c: AutoExportColumnPlan.Sleep, cell: UnsafeRawBufferPointer,
    window: (start: Int64, offset: Int32), line: Int64,
    reject: (String, RejectCode, String, MetricID, String, String) throws -> Void
  ) throws {
    var text: String { String(decoding: cell, as: UTF8.self) }
    guard let hours = DecimalParser.parse(cell) else {
      return try reject(
        c.type, .badNumber, "'\(text)' in \(c.type) is not a number", .sleep, text, c.unit)
    }
    if hours == 0 {
      sink.extra["zeroSleepStages", default: 0] += 1
      return
    }
    guard let stage = c.stage else {
      return try reject(
        c.type, .unknownCategory, "sleep stage of column \(c.type) is not known", .sleep, text,
        c.unit)
    }
    guard let factor = c.minutesFactor else {
      return try reject(
        c.type, .unknownUnit, "'\(c.unit)' in \(c.type) is not a unit of time", .sleep, text,
        c.unit)
    }
    sink.read(type: c.type)
    try sink.keep(
      Sample(
        metric: .sleep, start: window.start, end: window.start + DayInterval.daySeconds,
        utcOffset: window.offset, value: hours * factor, unit: "min", category: stage.rawValue,
        source: AutoExportSource.defaultName, sourceKind: .app, origin: sink.origin(line)),
      type: c.type)
  }
}
