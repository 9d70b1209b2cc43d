import HealthCore
import HealthModel

/// The sleep columns of a WHOOP row (`physiological_cycles.csv` and `sleeps.csv` share
/// them, at `base`): the night's stages and its values (docs/ingest-whoop.md, "Sleeps").
struct WhoopSleep {
  typealias Column = WhoopLayouts.SleepColumn
  let rows: VendorRows
  /// Position of `Sleep onset` in the layout.
  let base: Int
  /// The row's offset (its `Cycle timezone`).
  let offset: Int32

  private func c(_ column: Column) -> Int { base + column.rawValue }

  /// The stage columns, in minutes.
  static let stages: [(Column, SleepStage)] = [
    (.light, .asleepCore), (.deep, .asleepDeep), (.rem, .asleepREM), (.awake, .awake),
    (.inBed, .inBed),
  ]

  /// The night's values, whole-day rows of the sleep day.
  static let values: [(Column, VendorRows.Target)] = [
    (.performance, VendorRows.Target(metric: .whoopSleepPerformance, unit: "%")),
    (.respiratoryRate, VendorRows.Target(metric: .respiratoryRate, unit: "count/min")),
  ]

  /// `values` as a table (no target copied per value).
  static let valueTable = VendorRows.TargetTable(values.map { ($0.0.rawValue, $0.1) })

  /// Reads the sleep; returns its sleep day's whole-day span (for the night's values of a
  /// cycle), nil when the row has no sleep.
  func read(zone: inout LocalTimeZone) throws -> VendorRows.Span? {
    let onset = rows.time(c(.onset), offset: offset, zone: &zone, what: WhoopRow.what)
    let wake = rows.time(c(.wake), offset: offset, zone: &zone, what: WhoopRow.what)
    guard case .time(let from) = onset, case .time(let to) = wake, to.epoch > from.epoch else {
      if case .absent = onset, case .absent = wake { return nil }
      let valueColumns = (Self.stages.map(\.0) + Self.values.map(\.0)).map(c)
      let problem = OuraTrendsRow.bedtimeProblem(start: onset, end: wake)
      let reason = problem.reason.replacingOccurrences(of: "Bedtime Start", with: "Sleep onset")
        .replacingOccurrences(of: "Bedtime End", with: "Wake onset")
      try rows.rejectAll(valueColumns, problem.code, reason, metric: .sleep)
      return nil
    }
    let night = VendorRows.Span(start: from.epoch, end: to.epoch, offset: from.offset)
    for (column, stage) in Self.stages {
      try rows.keepStage(c(column), stage, unitSeconds: 60, over: night)
    }
    let day = VendorDay.sleepDay(end: to.epoch, offset: to.offset)
    let whole = VendorDay.interval(day, offset: to.offset)
    let span = VendorRows.Span(start: whole.start, end: whole.end, offset: to.offset)
    try rows.keepNumbers(Self.valueTable, over: span, columnOffset: base)
    return span
  }
}
