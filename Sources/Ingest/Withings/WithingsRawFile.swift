import HealthModel
import HealthSystem

/// `raw_<device>_<quantity>.csv` (`start,duration,value`): each row a start time with an
/// offset and two JSON arrays of the same length, durations in seconds and values; element
/// i covers `[start + d₀ + … + dᵢ₋₁, + dᵢ)` (docs/ingest-withings.md, "Daily and raw
/// files"). Each element is one record of type `raw_<device>_<quantity>`; a row whose
/// arrays do not read, or differ in length, is one reject. Sleep states (0 awake, 1 light,
/// 2 deep, 3 REM) become sleep segments. Source `Withings <device>` (`Withings tracker`),
/// so the watch's minute data never joins the same source's daily totals.
struct WithingsRawFile {
  let csv: CSVRecordReader
  let sink: IngestSink
  let path: String

  func read(progress: ProgressMeter) throws {
    guard let (device, name) = WithingsFileName.rawQuantity(path) else {
      throw HealthError.malformed(
        "a Withings raw file (start,duration,value) says what it holds only in its name, and "
          + "this name is not raw_<device>_<quantity>.csv",
        at: SourceLocation(file: path, line: 1),
        hint: "give the file its name from the Withings export, e.g. raw_tracker_steps.csv")
    }
    let quantity = WithingsFileName.raw(name)
    let type = "raw_\(device)_\(name)"
    let layout = VendorLayout(
      title: "Withings \(type).csv",
      columns: [
        VendorColumn("start", .key, required: true), VendorColumn("duration", .key),
        VendorColumn("value", quantity.notRead.map { .notRead($0) } ?? .read),
      ],
      minimumMatches: 3, hint: WithingsLayouts.hint)
    let rows = try VendorRows(
      csv: csv, sink: sink, layouts: [layout], source: "Withings \(device)",
      knownHeader: WithingsLayouts.rawHeader)
    let kind: SourceKind = device == "tracker" || device == "hr" ? .watch : .unknown
    var row = RawRow(
      rows: rows, quantity: quantity, type: type, kind: kind,
      valueTarget: VendorRows.Target(metric: quantity.metric, unit: quantity.unit, kind: kind))
    try rows.forEachRow(progress: progress) {
      if quantity.notRead == nil { try row.read() }
    }
    rows.finish(emptyRowsMeaning: "rows without values")
  }

  /// One row of a raw file.
  struct RawRow {
    let rows: VendorRows
    let quantity: WithingsFileName.Quantity
    let type: String
    let kind: SourceKind
    /// What a value becomes (a file of values, not of sleep states).
    let valueTarget: VendorRows.Target
    var durations: [Double] = []
    var values: [Double] = []

    mutating func read() throws {
      guard let valueCell = rows.cell(2) else { return }
      let metric = quantity.metric
      func reject(_ code: RejectCode, _ reason: String) throws {
        try rows.reject(type: type, code, reason, metric: metric, value: rows.text(2))
      }
      guard let startCell = rows.cell(0), let ts = TimestampParser.parse(startCell),
        let start = ts.epochSeconds, let offset = ts.utcOffset
      else {
        return try reject(.badDate, "start '\(rows.text(0))' is not a time with an offset")
      }
      guard let durationCell = rows.cell(1),
        WithingsJSONArray.numbers(durationCell, into: &durations),
        WithingsJSONArray.numbers(valueCell, into: &values), durations.count == values.count,
        durations.allSatisfy({ $0 >= 0 && $0 < 86_400 })
      else {
        return try reject(
          .malformed,
          "duration '\(rows.text(1))' and value '\(rows.text(2))' are not two arrays of "
            + "numbers of the same length (durations 0 to 86,400 s)")
      }
      guard quantity.sleepStates else {
        return try rows.keep(
          valueTarget, values, durations: durations, from: start, offset: offset, type: type)
      }
      var t = start
      for (duration, value) in zip(durations, values) {
        let end = t + Int64(duration.rounded())
        let span = VendorRows.Span(start: t, end: end, offset: offset)
        t = end
        guard let stage = WithingsFileName.sleepStage(value) else {
          try reject(.unknownCategory, "sleep state \(value) is not 0, 1, 2 or 3")
          continue
        }
        let target = VendorRows.Target(
          metric: .sleep, unit: "min", kind: kind, category: stage.rawValue)
        try rows.keep(target, duration / 60, over: span, type: type)
      }
    }
  }
}
