import HealthModel
import HealthSystem

/// `aggregates_<quantity>.csv` (`date,value`, newest first): one whole-day summary row per
/// date (docs/ingest-withings.md, "Daily and raw files"). Dates have no offset: the day is
/// placed in the assumed local zone (noted).
struct WithingsDailyFile {
  let csv: CSVRecordReader
  let sink: IngestSink
  let path: String

  static let what = "Withings daily dates (no UTC offset in the file)"

  func read(zone: inout LocalTimeZone, progress: ProgressMeter) throws {
    guard let name = WithingsFileName.dailyQuantity(path) else {
      throw HealthError.malformed(
        "a Withings daily file (date,value) says what it counts only in its name, and this "
          + "name is not aggregates_<quantity>.csv",
        at: SourceLocation(file: path, line: 1),
        hint: "give the file its name from the Withings export, e.g. aggregates_steps.csv")
    }
    let quantity = WithingsFileName.daily(name)
    let layout = VendorLayout(
      title: "Withings aggregates_\(name).csv",
      columns: [VendorColumn("date", .key, required: true), VendorColumn("value")],
      minimumMatches: 2, hint: WithingsLayouts.hint)
    let rows = try VendorRows(
      csv: csv, sink: sink, layouts: [layout], source: WithingsCSVReader.sourceName,
      knownHeader: WithingsLayouts.dailyHeader)
    let type = "aggregates_\(name)"
    let target = VendorRows.Target(metric: quantity.metric, unit: quantity.unit)
    try rows.forEachRow(progress: progress) {
      guard let valueCell = rows.cell(1) else { return }
      let dateText = rows.text(0)
      guard let ts = TimestampParser.parse(dateText) else {
        try rows.reject(
          type: type, .badDate, "date '\(dateText)' is not a date", metric: target.metric,
          value: rows.text(1))
        return
      }
      let offset = zone.offset(
        atLocal: Int64(ts.localDay.dayNumber) * 86_400, sink: sink, what: Self.what)
      let whole = VendorDay.interval(ts.localDay, offset: offset)
      let span = VendorRows.Span(start: whole.start, end: whole.end, offset: offset)
      guard let value = DecimalParser.parse(valueCell) else {
        try rows.reject(
          type: type, .badNumber, "'\(rows.text(1))' is not a number", metric: target.metric,
          value: rows.text(1), start: span.start, utcOffset: offset, unit: target.unit)
        return
      }
      try rows.keep(target, value, over: span, type: type)
    }
    rows.finish(emptyRowsMeaning: "dates without a value")
  }
}
