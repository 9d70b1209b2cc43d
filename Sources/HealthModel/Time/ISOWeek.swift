/// An ISO 8601 week: weeks start on Monday and week 1 is the week with the year's first
/// Thursday, so 2020-W53 exists and 2021-01-03 belongs to it.
public struct ISOWeek: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The ISO week-numbering year (can differ from the calendar year near 1 January).
  public var year: Int
  /// Week number, 1...53.
  public var week: Int

  /// The week containing `day`.
  public init(containing day: LocalDay) {
    let thursday = day.adding(days: 4 - day.isoWeekday)
    let year = thursday.components.year
    let jan1 = LocalDay(year: year, month: 1, day: 1)!
    self.year = year
    self.week = Int(thursday.dayNumber - jan1.dayNumber) / 7 + 1
  }

  /// A week from its fields; nil when the year has no such week.
  public init?(year: Int, week: Int) {
    guard week >= 1, week <= ISOWeek.weeksIn(year: year) else { return nil }
    self.year = year
    self.week = week
  }

  /// Number of ISO weeks (52 or 53) in a week-numbering year.
  public static func weeksIn(year: Int) -> Int {
    guard let dec28 = LocalDay(year: year, month: 12, day: 28) else { return 52 }
    return ISOWeek(containing: dec28).week
  }

  /// The Monday that starts this week.
  public var monday: LocalDay {
    let jan4 = LocalDay(year: year, month: 1, day: 4)!
    let week1Monday = jan4.adding(days: 1 - jan4.isoWeekday)
    return week1Monday.adding(days: (week - 1) * 7)
  }

  /// `2024-W05`.
  public var description: String { "\(LocalDay.pad(year, 4))-W\(LocalDay.pad(week, 2))" }

  public static func < (a: ISOWeek, b: ISOWeek) -> Bool { (a.year, a.week) < (b.year, b.week) }
}
