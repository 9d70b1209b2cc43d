import HealthCore
import HealthModel

/// One row of an Oura trends CSV into samples (see `OuraTrendsReader`).
struct OuraTrendsRow {
  typealias Column = OuraTrendsLayout.Column
  let rows: VendorRows
  let source = OuraTrendsReader.sourceName

  private static let what = "Oura dates of days without a night (no Bedtime End)"

  func read(zone: inout LocalTimeZone) throws {
    guard let dateCell = rows.cell(Column.date.rawValue) else {
      return try rejectRowIfItHasValues()
    }
    guard let date = TimestampParser.parse(dateCell) else {
      let text = String(decoding: dateCell, as: UTF8.self)
      return try rows.rejectRow(.badDate, "date '\(text)' is not a date", value: text)
    }
    let day = date.localDay
    let start = rows.time(Column.bedtimeStart.rawValue, zone: &zone, what: Self.what)
    let end = rows.time(Column.bedtimeEnd.rawValue, zone: &zone, what: Self.what)
    let offset =
      end.time?.offset ?? start.time?.offset
      ?? zone.offset(atLocal: Int64(day.dayNumber) * 86_400, sink: rows.sink, what: Self.what)
    try readNight(day: day, start: start, end: end, zone: &zone)
    let whole = VendorDay.interval(day, offset: offset)
    let span = VendorRows.Span(start: whole.start, end: whole.end, offset: offset)
    try rows.keepNumbers(Self.daily, over: span)
  }

  /// The day's value columns and what each becomes.
  static let daily = VendorRows.TargetTable(
    Column.allCases.compactMap { c in
      OuraTrendsLayout.metric(c).map {
        (c.rawValue, VendorRows.Target(metric: $0.metric, unit: $0.unit, hrv: $0.hrv))
      }
    })

  /// The stage columns.
  static let stageColumns: [(Column, SleepStage)] = Column.allCases.compactMap { c in
    OuraTrendsLayout.stage(c).map { (c, $0) }
  }

  /// A row without a date: its values cannot be placed, so it is one `row` reject (or an
  /// empty row when it holds nothing).
  private func rejectRowIfItHasValues() throws {
    let hasValue = Column.allCases.contains { $0 != .date && rows.cell($0.rawValue) != nil }
    guard hasValue else { return }
    try rows.rejectRow(.missingField, "the date is empty", value: "")
  }

  /// The night's stages over `[Bedtime Start, Bedtime End)`, or over the noon-to-noon window
  /// ending on `day` when the row has no bedtimes.
  private func readNight(
    day: LocalDay, start: VendorRows.TimeCell, end: VendorRows.TimeCell,
    zone: inout LocalTimeZone
  ) throws {
    guard Self.stageColumns.contains(where: { rows.cell($0.0.rawValue) != nil }) else { return }
    let span: VendorRows.Span
    switch (start, end) {
    case (.time(let s), .time(let e)) where e.epoch > s.epoch:
      span = VendorRows.Span(start: s.epoch, end: e.epoch, offset: s.offset)
    case (.absent, .absent):
      let local = DayInterval.sleepWindowLocalStart(day: day)
      let offset = zone.offset(atLocal: local, sink: rows.sink, what: Self.what)
      let from = local - Int64(offset)
      span = VendorRows.Span(start: from, end: from + DayInterval.daySeconds, offset: offset)
    default:
      let problem = Self.bedtimeProblem(start: start, end: end)
      try rows.rejectAll(
        Self.stageColumns.map(\.0.rawValue), problem.code, problem.reason, metric: .sleep)
      return
    }
    for (c, stage) in Self.stageColumns {
      try rows.keepStage(c.rawValue, stage, unitSeconds: 1, over: span)
    }
  }

  /// Why the bedtimes cannot frame the night.
  static func bedtimeProblem(start: VendorRows.TimeCell, end: VendorRows.TimeCell) -> (
    code: RejectCode, reason: String
  ) {
    switch (start, end) {
    case (.bad(let text), _):
      return (.badDate, "Bedtime Start '\(text)' is not a time")
    case (_, .bad(let text)):
      return (.badDate, "Bedtime End '\(text)' is not a time")
    case (.absent, _):
      return (.missingField, "Bedtime Start is empty while Bedtime End is not")
    case (_, .absent):
      return (.missingField, "Bedtime End is empty while Bedtime Start is not")
    default:
      return (.badDate, "Bedtime End is not after Bedtime Start")
    }
  }
}
