import HealthModel

/// One row of a WHOOP export CSV into samples (see `WhoopCSVReader`).
struct WhoopRow {
  let rows: VendorRows
  let kind: WhoopLayouts.Kind
  /// The last zone cell read as an offset: rows repeat it, so it is parsed once per run.
  let zones = ZoneOffsetCache()

  static let what = "WHOOP times of rows without a readable Cycle timezone"

  func read(zone: inout LocalTimeZone) throws {
    let offset = zoneOffset()
    let start = rows.time(0, offset: offset, zone: &zone, what: Self.what)
    guard case .time(let cycleStart) = start else {
      return try rejectRowWithoutStart(start)
    }
    let end = rows.time(1, offset: offset ?? cycleStart.offset, zone: &zone, what: Self.what)
    let cycle = Cycle(start: cycleStart, end: end.time, offset: offset ?? cycleStart.offset)
    switch kind {
    case .cycles: try readCycle(cycle, zone: &zone)
    case .sleeps:
      _ = try WhoopSleep(rows: rows, base: 3, offset: cycle.offset).read(zone: &zone)
    case .workouts: try readWorkout(cycle, zone: &zone)
    case .journal: try readJournal(cycle)
    }
  }

  /// A cycle's times.
  struct Cycle {
    var start: ResolvedTime
    var end: ResolvedTime?
    var offset: Int32

    /// The cycle's day: the local date of its start + 6 h (a cycle that starts at 23:20
    /// is the next day's).
    var day: LocalDay { VendorDay.sleepDay(end: start.epoch, offset: offset) }

    /// The whole-day span of the cycle's day.
    var daySpan: VendorRows.Span {
      let whole = VendorDay.interval(day, offset: offset)
      return VendorRows.Span(start: whole.start, end: whole.end, offset: offset)
    }
  }

  /// The offset in the row's `Cycle timezone`; nil when there is none or it is not an
  /// offset (counted and noted).
  private func zoneOffset() -> Int32? {
    guard rows.map.has(2), let cell = rows.cell(2) else { return nil }
    if let offset = zones.offset(of: cell) { return offset }
    let text = String(decoding: cell, as: UTF8.self)
    if let offset = VendorDay.offset(text) {
      zones.remember(cell, offset)
      return offset
    }
    if rows.sink.extra["unreadableZones", default: 0] == 0 {
      rows.sink.notes.append(
        "\(rows.map.layout.title): Cycle timezone '\(text)' (line \(rows.line)) is not a UTC "
          + "offset; such rows are read in the assumed local zone")
    }
    rows.sink.extra["unreadableZones", default: 0] += 1
    return nil
  }

  /// A row whose cycle start is empty or bad: nothing in it can be placed.
  private func rejectRowWithoutStart(_ start: VendorRows.TimeCell) throws {
    switch start {
    case .bad(let text):
      try rows.rejectRow(.badDate, "Cycle start time '\(text)' is not a time", value: text)
    default:
      let columns = rows.map.layout.columns.indices.filter {
        rows.map.layout.columns[$0].use == .read
      }
      guard columns.contains(where: { rows.cell($0) != nil }) else { return }
      try rows.rejectRow(.missingField, "Cycle start time is empty", value: "")
    }
  }
}
