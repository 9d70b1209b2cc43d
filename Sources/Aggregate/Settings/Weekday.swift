import HealthCore

/// A day of the week, used for the first day of a streak week (`week_start` in the pipeline
/// file). Weekly rows always use ISO weeks (Monday first).
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

  /// Parses a weekday name or its first three letters, any case (`Sunday`, `sun`).
  public init?(name: String) {
    let word = name.lowercased()
    guard
      let day = Weekday.allCases.first(where: {
        $0.rawValue == word || (word.count == 3 && $0.rawValue.hasPrefix(word))
      })
    else { return nil }
    self = day
  }

  /// The first day of the week (starting on `self`) that contains `day`.
  public func weekStart(containing day: LocalDay) -> LocalDay {
    let back = (day.isoWeekday - isoNumber + 7) % 7
    return day.adding(days: -back)
  }
}
