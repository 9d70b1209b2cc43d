import HealthCore

/// The words of a goal streak, shared by the report formats (docs/report.md, "Words"):
/// distinct titles for daily and weekly streaks, plain words for the freeze ("rest day"),
/// plurals, and progress that never calls a streak of 0 "reached".
public enum StreakText {
  /// `day` or `week`.
  public static func unit(_ s: StreakRow) -> String { s.cadence == "weekly" ? "week" : "day" }

  /// `Active — daily streak`, `Active — weekly streak`.
  public static func title(_ s: StreakRow) -> String {
    Words.upperFirst(s.goal) + (s.cadence == "weekly" ? " — weekly streak" : " — daily streak")
  }

  /// What a goal day (or week) is: `exercise ≥ 30 min or a workout ≥ 20 min`, or for a
  /// weekly streak `5 days a week of: exercise ≥ 30 min or …`.
  public static func goal(_ s: StreakRow) -> String {
    let what = s.goalDescription.isEmpty ? s.goal : s.goalDescription
    guard s.cadence == "weekly" else { return "A goal day: \(what)." }
    return "A goal week: \(Words.count(s.target, "day")) a week of \(what)."
  }

  /// `Current streak: 4 days · longest in the last 90 days: 22 days · longest ever: 30 days
  /// (to Tue 3 Mar)`.
  public static func facts(_ s: StreakRow) -> String {
    let u = unit(s)
    var parts = ["Current streak: \(Words.count(s.current, u))"]
    let windowDays = s.windowStart.distance(to: s.windowEnd) + 1
    parts.append("longest in the last \(windowDays) days: \(Words.count(s.longest, u))")
    if s.longestEver > 0 {
      var ever = "longest ever: \(Words.count(s.longestEver, u))"
      if s.longestEver > s.longest, let end = s.longestEverEnd {
        ever +=
          s.cadence == "weekly" ? " (to the week of \(end.shortLabel))" : " (to \(end.shortLabel))"
      }
      parts.append(ever)
    }
    return parts.joined(separator: " · ")
  }

  /// The freeze in plain words, daily streaks only: `1 rest day in hand`, `no rest day in
  /// hand`, and the days one was used: `rest day used on Tue 14 Nov`.
  public static func restDays(_ s: StreakRow) -> String? {
    guard s.cadence != "weekly" else { return nil }
    var text = s.freezeAvailable ? "1 rest day in hand" : "no rest day in hand"
    let used = s.freezesUsed.split(separator: ",").compactMap {
      LocalDay(iso: $0.trimmingCharacters(in: .whitespaces))
    }
    if !used.isEmpty {
      text +=
        " · \(Words.noun(used.count, "rest day")) used on "
        + Words.list(used.map(\.shortLabel))
    }
    return Words.upperFirst(text)
  }

  /// Progress toward the next badge: `2 of 3 days toward the 3-day badge`; for no current
  /// streak, what the next badge needs. Nil past the last badge.
  public static func progress(_ s: StreakRow) -> String? {
    guard let next = s.nextMilestone else { return nil }
    let u = unit(s)
    if s.current == 0 {
      return
        "No streak running: \(Words.count(next, "goal " + u)) in a row earn the \(next)-\(u) badge."
    }
    return "\(s.current) of \(Words.count(next, u)) toward the \(next)-\(u) badge."
  }

  /// Each badge length with the day it was reached in the window, if it was.
  public static func badges(_ s: StreakRow) -> [(length: Int64, reached: LocalDay?)] {
    Array(
      zip(
        StreakRow.milestones,
        [s.milestone3, s.milestone7, s.milestone14, s.milestone30, s.milestone60, s.milestone90]
      )
    ).map { (length: $0.0, reached: $0.1) }
  }

  /// The one-paragraph explanation of rest days shown above the streaks.
  public static let restDayExplanation =
    "A rest day keeps a daily streak going when you miss one day between two goal days. "
    + "You hold at most one; a used one comes back within 30 days."
}
