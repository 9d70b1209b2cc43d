import HealthCore
import HealthModel

/// The words of a goal streak, shared by the report formats (docs/report.md, "Streaks"):
/// distinct titles for daily and weekly streaks, plain words for the freeze ("rest day"),
/// plurals, dates with their year outside the report's year, and progress that never calls
/// a streak of 0 "reached".
///
/// One meaning per number: the current streak is the run ending at the as-of date (or the
/// day before, while the day is not over); "longest" is the longest run over the days the
/// streak was replayed on. When that is the whole history it is simply "longest"; a
/// pipeline that limits the replay (`backfill_days`) gets "longest since <first day>", and
/// the all-time figure beside it.
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

  /// Whether the streak was replayed over the whole history (its window starts on or before
  /// the first day with data), so its longest run is the longest ever.
  static func wholeHistory(_ s: StreakRow, firstDay: LocalDay?) -> Bool {
    guard let firstDay else { return s.longestEver <= s.longest }
    return s.windowStart <= firstDay
  }

  /// `Current streak: 4 days · longest: 22 days (to Sun 3 Nov)`; with a limited replay
  /// `Current streak: 4 days · longest since Mon 18 Aug: 22 days · longest ever: 30 days
  /// (to Tue 3 Mar 2025)`.
  public static func facts(_ s: StreakRow, year: Int, firstDay: LocalDay? = nil) -> String {
    let u = unit(s)
    var parts = ["Current streak: \(Words.count(s.current, u))"]
    func end(_ longest: Int64) -> String {
      guard longest > s.current, let day = s.longestEverEnd ?? s.lastGoalDay else { return "" }
      let text = LocalDayText.short(day, year: year)
      return s.cadence == "weekly" ? " (to the week of \(text))" : " (to \(text))"
    }
    if wholeHistory(s, firstDay: firstDay) {
      let longest = max(s.longest, s.longestEver, s.current)
      if longest > 0 { parts.append("longest: \(Words.count(longest, u))" + end(longest)) }
    } else {
      let since = LocalDayText.short(s.windowStart, year: year)
      parts.append("longest since \(since): \(Words.count(max(s.longest, s.current), u))")
      if s.longestEver > s.longest {
        parts.append("longest ever: \(Words.count(s.longestEver, u))" + end(s.longestEver))
      }
    }
    return parts.joined(separator: " · ")
  }

  /// The freeze in plain words, daily streaks only: `1 rest day in hand`, `no rest day in
  /// hand`, and the days one was used: `rest day used on Tue 14 Nov`.
  public static func restDays(_ s: StreakRow, year: Int) -> String? {
    guard s.cadence != "weekly" else { return nil }
    var text = s.freezeAvailable ? "1 rest day in hand" : "no rest day in hand"
    let used = usedRestDays(s)
    if !used.isEmpty {
      text +=
        " · \(Words.noun(used.count, "rest day")) used on "
        + Words.list(used.map { LocalDayText.short($0, year: year) })
    }
    return Words.upperFirst(text)
  }

  /// The days a rest day (freeze) was used, oldest first.
  public static func usedRestDays(_ s: StreakRow) -> [LocalDay] {
    s.freezesUsed.split(separator: ",").compactMap {
      LocalDay(iso: $0.trimmingCharacters(in: .whitespaces))
    }
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

  /// Each badge length with the day it was first reached, if it was.
  public static func badges(_ s: StreakRow) -> [(length: Int64, reached: LocalDay?)] {
    Array(
      zip(
        StreakRow.milestones,
        [s.milestone3, s.milestone7, s.milestone14, s.milestone30, s.milestone60, s.milestone90]
      )
    ).map { (length: $0.0, reached: $0.1) }
  }

  /// `Badges: 3-day (Sat 5 Oct), 7-day (Sun 13 Oct)`, or nil before the first.
  public static func earned(_ s: StreakRow, year: Int) -> String? {
    let u = unit(s)
    let list = badges(s).compactMap { b in
      b.reached.map { "\(b.length)-\(u) (\(LocalDayText.short($0, year: year)))" }
    }
    return list.isEmpty ? nil : "Badges earned: " + list.joined(separator: ", ")
  }

  /// The one-paragraph explanation of rest days shown above the streaks.
  public static let restDayExplanation =
    "A rest day keeps a daily streak going when you miss one day between two goal days. "
    + "You hold at most one; a used one comes back within 30 days."

  /// What a day of a goal's history was: `goal met`, `missed`, `kept by a rest day`; a
  /// day without data for the goal is `nothing recorded` when the devices recorded nothing
  /// at all that day (the watch was not worn), else `not measured` (a night without sleep
  /// data on a day with steps).
  public static func dayState(_ c: Character, recorded: Bool) -> String {
    switch c {
    case "1": "goal met"
    case "0": "missed"
    case "F": "kept by a rest day"
    default: recorded ? "not measured" : "nothing recorded"
    }
  }
}
