import HealthModel

/// One row of `sleep.csv`, `weight.csv`, `bp.csv` or `height.csv` into samples (see
/// `WithingsCSVReader`).
struct WithingsRow {
  let rows: VendorRows
  let kind: WithingsLayouts.Kind
  let overlaps: [Int64: WithingsSleepOverlaps.Loser]

  static let what = "Withings measurement times (no UTC offset in the file)"

  func read(zone: inout LocalTimeZone) throws {
    switch kind {
    case .sleep: try readSleep()
    case .weight: try readWeight(zone: &zone)
    case .bloodPressure: try readPressure(zone: &zone)
    case .height: try readHeight(zone: &zone)
    }
  }

  /// The columns of the layout that are read.
  var readColumns: [Int] {
    rows.map.layout.columns.indices.filter { rows.map.layout.columns[$0].use == .read }
  }

  /// The time of a measurement row (`Date`), in the assumed zone; nil after rejecting the
  /// row when it is empty or bad.
  func measurementTime(zone: inout LocalTimeZone) throws -> VendorRows.Span? {
    guard let cell = rows.cell(0) else {
      if readColumns.contains(where: { rows.cell($0) != nil }) {
        try rows.rejectRow(.missingField, "the date is empty", value: "")
      }
      return nil
    }
    let text = String(decoding: cell, as: UTF8.self)
    guard let ts = WithingsDate.parse(text) else {
      try rows.rejectRow(.badDate, "date '\(text)' is not a date and time", value: text)
      return nil
    }
    let t = ResolvedTime.resolve(ts, zone: &zone, sink: rows.sink, what: Self.what)
    return VendorRows.Span(start: t.epoch, end: t.epoch, offset: t.offset)
  }
}

/// The date forms of Withings' measurement files: `2026-07-08 11:58:38` and older
/// exports' `2014-02-13 6:04 Uhr` (German, one-digit hour, no seconds).
enum WithingsDate {
  /// The wall-clock time, or nil.
  static func parse(_ text: String) -> Timestamp? {
    if let ts = TimestampParser.parse(text) { return ts }
    var t = text.trimmingASCIIBlanks()
    for suffix in [" Uhr", " h"] where t.hasSuffix(suffix) { t = String(t.dropLast(suffix.count)) }
    let parts = t.split(separator: " ")
    guard parts.count == 2 else { return nil }
    let clock = parts[1].split(separator: ":")
    guard clock.count >= 2, clock[0].count == 1 else { return TimestampParser.parse(t) }
    return TimestampParser.parse("\(parts[0]) 0\(parts[1])")
  }
}
