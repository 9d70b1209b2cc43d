import HealthCore
import HealthModel

/// The one place the report's as-of date is decided. A report shows one date: the aggregate
/// folder's tables were computed as of one day (streaks, baselines, scores and weekly rows
/// all stop there), so a report asked for another day would mix dates (charts at that day,
/// streaks at the aggregate's). Such a request is refused with a hint instead.
enum ReportAsOf {
  /// The day `requested` names for tables with these facts: a day is itself; `latest` is
  /// their last day with data (`dataThrough`), else their as-of; nil is their as-of. Nil
  /// when the tables record neither (`day(_:inputs:)` then takes the last daily row's day).
  static func day(_ requested: AsOf?, facts: AggregateFacts) -> LocalDay? {
    switch requested {
    case .day(let day): day
    case .latest: facts.dataThrough ?? facts.asOf
    case nil: facts.asOf
    }
  }

  /// The day a report of `inputs` shows: `requested` (a day given, or nil for the tables'
  /// own as-of), else the last day of the daily rows. Throws exit 65 for tables that record
  /// no as-of and hold no days.
  static func day(_ requested: LocalDay?, inputs: ReportInputs) throws -> LocalDay {
    guard
      let day = requested ?? inputs.facts.asOf
        ?? inputs.daily.map(\.day).max()
    else {
      throw HealthError(
        .dataError, "the aggregate tables record no as-of date and hold no days",
        at: inputs.files.first.map { SourceLocation(file: $0) },
        hint: "pass --as-of DATE, or rerun `healthpipe aggregate` on data with at least one day")
    }
    return day
  }

  /// Throws a usage error (64) when `day` is given and differs from `built`, the as-of date
  /// recorded in the aggregate tables of `directory`.
  static func check(_ day: LocalDay?, built: LocalDay?, directory: String) throws {
    guard let day, let built, day != built else { return }
    throw HealthError(
      .usage,
      "--as-of \(day) does not match the aggregate folder, which was built as of \(built)",
      at: SourceLocation(file: directory),
      hint: "leave out --as-of to report as of \(built), or rebuild the folder first: "
        + "healthpipe aggregate CLEAN.hpt --out \(directory) --as-of \(day)")
  }
}
