import HealthCore

/// Streak badges (docs/streaks.md, "Milestones"): 3, 7, 14, 30, 60 and 90 days (or weeks).
public enum Milestones {
  /// The milestone lengths.
  public static let lengths: [Int] = StreakRow.milestones.map(Int.init)

  /// The next milestone above `current`, nil past the last.
  public static func next(after current: Int) -> Int? { lengths.first { $0 > current } }

  /// `100 · current / next`, capped at 100 (100 past the last milestone).
  public static func progress(current: Int) -> Double {
    guard let next = next(after: current) else { return 100 }
    return min(100, 100 * Double(current) / Double(next))
  }
}
