/// A day of the week, used for the first day of a streak week (`week_start` in the pipeline
/// file, `weekStart` in the aggregate tables' header). Weekly rows always use ISO weeks
/// (Monday first).
public enum Weekday: String, Sendable, Hashable, CaseIterable, Codable {
  /// Monday (the default, as in ISO 8601).
  case monday
  /// Tuesday.
  case tuesday
  /// Wednesday.
  case wednesday
  /// Thursday.
  case thursday
  /// Friday.
  case friday
  /// Saturday.
  case saturday
  /// Sunday.
  case sunday

  /// ISO number: 1 = Monday ... 7 = Sunday.
  public var isoNumber: Int { Weekday.allCases.firstIndex(of: self)! + 1 }

  /// Parses a weekday's English name, any case (`Sunday`): the one parser of `week_start`
  /// and of the header's `weekStart`. Abbreviations (`sun`) are not names: a pipeline file
  /// has always refused them.
  public init?(name: String) {
    self.init(rawValue: name.lowercased())
  }

  /// The first day of the week (starting on `self`) that contains `day`.
  public func weekStart(containing day: LocalDay) -> LocalDay {
    let back = (day.isoWeekday - isoNumber + 7) % 7
    return day.adding(days: -back)
  }
}
