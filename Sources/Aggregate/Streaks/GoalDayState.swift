/// What one local day was for one goal.
public enum GoalDayState: Character, Sendable, Hashable {
  /// A goal day: at least one condition held.
  case met = "1"
  /// Some condition had data, none held.
  case missed = "0"
  /// No condition had data that day (counts as missed for streaks).
  case noData = "."

  /// Whether the day is a goal day.
  public var isMet: Bool { self == .met }
}
