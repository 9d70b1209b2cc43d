/// What one local day was for one goal.
public enum GoalDayState: Character, Sendable, Hashable {
  /// A goal day: at least one condition held.
  case met = "1"
  /// Some condition had data, none held.
  case missed = "0"
  /// No condition had data that day (counts as missed for streaks).
  case noData = "."
  /// A day that does not count (a habit's skip, or a day before the habit started):
  /// neither breaks nor extends a streak (docs/streaks.md, "Habits"). Goals never have it.
  case skipped = "s"

  /// Whether the day is a goal day.
  public var isMet: Bool { self == .met }
}
