import Foundation
import HealthCore
import HealthModel

/// The sentences and labels of the weekly e-mail, shared by its HTML and text parts so that
/// both say exactly the same thing.
enum DigestWords {
  /// `9–15 Nov 2026`, `27 Oct – 2 Nov 2026`, `29 Dec 2025 – 4 Jan 2026`.
  static func range(_ from: LocalDay, _ to: LocalDay) -> String {
    let (y0, m0, d0) = from.components
    let (y1, m1, d1) = to.components
    let month = LocalDay.monthNames
    if from == to { return "\(d1) \(month[m1 - 1]) \(y1)" }
    if y0 == y1, m0 == m1 { return "\(d0)–\(d1) \(month[m1 - 1]) \(y1)" }
    if y0 == y1 { return "\(d0) \(month[m0 - 1]) – \(d1) \(month[m1 - 1]) \(y1)" }
    return "\(d0) \(month[m0 - 1]) \(y0) – \(d1) \(month[m1 - 1]) \(y1)"
  }

  /// `Week 46 · 9–15 Nov 2026`, or `… (so far)` before Sunday.
  static func period(_ d: WeeklyDigest) -> String {
    "Week \(d.isoWeek.week) · " + range(d.monday, d.monday.adding(days: 6))
      + (d.partialWeek ? " (\(Plural.count(d.daysSoFar, "day")) so far)" : "")
  }

  /// `Data through Sun 15 Nov · sleep on 7 of 7 nights` (the last day with data, which is
  /// not always the as-of date).
  static func coverage(_ d: WeeklyDigest) -> String {
    var text = "Data through \(LocalDayText.short(d.dataThrough ?? d.asOf, year: d.year))"
    if let n = d.sleepNights {
      text += " · sleep on " + Plural.of(n, d.daysSoFar, "night")
    } else {
      text += " · data on " + Plural.of(d.daysWithData, d.daysSoFar, "day")
    }
    return text
  }

  /// The subject line: `Your health week 9–15 Nov: wellness 72 (good)`; for a week without
  /// data the no-data line itself.
  static func subject(_ d: WeeklyDigest) -> String {
    if d.noDataThisWeek { return noData(d) }
    var range = range(d.monday, d.monday.adding(days: 6))
    if let space = range.lastIndex(of: " ") { range = String(range[..<space]) }
    var text = "Your health week \(range)"
    if let w = d.scores.first, let v = w.thisWeek {
      text += ": wellness \(v) (\(ScoreStatus.word(for: v)))"
    }
    return text
  }

  /// `No data since Mon 1 Jan — export again or check the automation`, or `No data yet — …`.
  static func noData(_ d: WeeklyDigest) -> String {
    guard let through = d.dataThrough else {
      return "No data yet — export again or check the automation"
    }
    return
      "No data since \(LocalDayText.short(through, year: d.year)) — export again or check the automation"
  }

  /// The three lines of a message for a week without data: the no-data line, what is
  /// missing, and what happens next (docs/report-inputs.md, "The weekly e-mail").
  static func noDataLines(_ d: WeeklyDigest) -> [String] {
    let week = range(d.monday, d.monday.adding(days: 6))
    let last = d.dataThrough.map { "the last are from \(LocalDayText.full($0))" } ?? "none yet"
    return [
      noData(d) + ".", "No readings in \(week); \(last).",
      "The summary returns with the first export that has this week's data.",
    ]
  }

  /// A score's note for a week: the as-of day's note without "today" or "this night"
  /// (a weekly message is read later): `no HRV reading on Sun 15 Nov`.
  static func weekNote(_ note: String, asOf: LocalDay) -> String {
    let day = LocalDayText.short(asOf, year: asOf.components.year)
    return note.replacingOccurrences(of: " today", with: " on \(day)")
      .replacingOccurrences(of: "this night", with: "the night to \(day)")
  }

  /// Coaching rules whose line holds for the week ahead (docs/coaching.md); the others
  /// speak of the as-of day ("today", "tonight") and stay in the daily report.
  static let weeklyCoachingRules: Set<String> = [
    "no-recent-data", "thin-data", "calibrating", "irregular-bedtime", "early-baseline", "steady",
  ]

  /// The coaching line the weekly message shows, or nil.
  static func coaching(_ d: WeeklyDigest) -> String? {
    guard !d.coaching.isEmpty else { return nil }
    if !d.coachingRule.isEmpty, !weeklyCoachingRules.contains(d.coachingRule) { return nil }
    return d.coaching
  }

  /// `−12`, `+3`, `±0` for a change of rounded scores.
  static func scoreChange(_ s: WeeklyDigest.Score) -> String? {
    guard let now = s.thisWeek, let before = s.lastWeek else { return nil }
    let d = now - before
    return d == 0 ? "same" : (d > 0 ? "+\(d)" : "\(d)")
  }

  /// `last week 84` or `last week: none`.
  static func scoreLastWeek(_ s: WeeklyDigest.Score) -> String {
    s.lastWeek.map { "last week \($0)" } ?? "last week: none"
  }

  /// A metric mean with its unit, or `no data`.
  static func value(_ m: WeeklyDigest.Metric, _ v: Double?) -> String {
    v.map(m.presentation.formatWithUnit) ?? "no data"
  }

  /// The change of a metric's mean (`+2 bpm`, `-25m`), `about the same` below the metric's
  /// minimum meaningful change, or nil when a week has none. The difference is that of the
  /// rounded values, so the reader's own sum agrees.
  static func change(_ m: WeeklyDigest.Metric) -> String? {
    guard let now = m.thisWeek, let before = m.lastWeek else { return nil }
    return ChangeWords.difference(now, from: before, m.presentation, referenceSD: m.referenceSD)
  }

  /// 10ⁿ for a whole n (negative too).
  static func pow10(_ n: Int) -> Double { pow(10, Double(n)) }

  /// `6/7 days`, `7/7 nights` with data: the text part's narrow column, so a row with
  /// "about the same" still fits 72 characters.
  static func shortCoverage(_ m: WeeklyDigest.Metric) -> String {
    let unit = m.presentation.metric == .sleepAsleep ? "night" : "day"
    return "\(m.daysWithData)/\(m.daysInWeek) " + Plural.noun(m.daysInWeek, unit)
  }

  /// `6 of 7 days`, `7 of 7 nights` with data.
  static func coverage(_ m: WeeklyDigest.Metric) -> String {
    Plural.of(m.daysWithData, m.daysInWeek, m.presentation.metric == .sleepAsleep ? "night" : "day")
  }

  /// `Active`, from a goal name such as `active` or `deep_sleep`.
  static func goalTitle(_ g: WeeklyDigest.Goal) -> String {
    let words = g.name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(
      of: "-", with: " ")
    return words.capitalizedFirst
  }

  /// This week's goal days: `5 of 5 days, target met`; `3 of 5 days; 2 more in the 3 days
  /// left`; `0 of 5 days; 1 day left, out of reach this week`; `4 of 5 days, target missed`
  /// (only for a week seen whole: the weekly row's `met` is false); `4 of 7 days`. The days
  /// left are the days of the week after the as-of date.
  static func goalWeek(_ g: WeeklyDigest.Goal) -> String {
    guard let met = g.daysMet else { return "no data for this goal this week" }
    guard let target = g.target, target > 0 else {
      return Plural.of(met, g.daysInWeek, "day")
    }
    if met >= target { return "\(met) of \(target) days, target met" }
    let needed = target - met
    let daysLeft = 7 - g.daysInWeek
    if daysLeft == 0 {
      // Missed only for a week seen whole: the weekly row's verdict when it has one
      // (docs/streaks.md), else whether the week began before the data did.
      if g.missed ?? g.wholeWeekObserved { return "\(met) of \(target) days, target missed" }
      return g.wholeWeekObserved
        ? "\(met) of \(target) days (not every day of the week was recorded)"
        : "\(met) of \(target) days (your data began during this week)"
    }
    if needed > daysLeft {
      return
        "\(met) of \(target) days; \(Plural.count(daysLeft, "day")) left, out of reach this week"
    }
    return "\(met) of \(target) days; \(needed) more in the \(Plural.count(daysLeft, "day")) left"
  }

  /// The share of the bar to fill, 0...1.
  static func goalFraction(_ g: WeeklyDigest.Goal) -> Double? {
    guard let met = g.daysMet else { return nil }
    let whole = g.target.flatMap { $0 > 0 ? $0 : nil } ?? g.daysInWeek
    return whole > 0 ? min(1, Double(met) / Double(whole)) : nil
  }

  /// The streak sentences, with the web report's meanings (`StreakText`): `Streak: 4 days
  /// in a row, next milestone 7 days; longest 22 days`, `1 rest day in hand`, `12 weeks in
  /// a row at 5 days a week (longest 12)`.
  static func goalStreaks(_ g: WeeklyDigest.Goal, monday: LocalDay, asOf: LocalDay) -> [String] {
    let year = asOf.components.year
    var lines: [String] = []
    if let s = g.daily {
      let longest = max(s.longest, s.current)
      var t =
        s.current > 0
        ? "Streak: \(Plural.count(Int(s.current), "day")) in a row" : "No streak right now"
      if let next = s.nextMilestone, next > s.current, s.current > 0 {
        t += ", next milestone \(Plural.count(Int(next), "day"))"
      }
      if longest > 0 { t += "; longest \(Plural.count(Int(longest), "day"))" }
      lines.append(t)
      var rest: [String] = []
      if s.freezeAvailable { rest.append("1 rest day in hand") }
      let used = StreakText.usedRestDays(s).filter { $0 >= monday && $0 <= asOf }
      if !used.isEmpty {
        rest.append(
          "rest day used on "
            + used.map { LocalDayText.short($0, year: year) }.joined(separator: " and "))
      }
      if !rest.isEmpty { lines.append(rest.joined(separator: "; ").capitalizedFirst) }
    }
    if let s = g.weekly {
      let target = Plural.count(Int(s.target), "day")
      let longest = max(s.longest, s.current)
      if s.current > 0 {
        lines.append(
          "\(Plural.count(Int(s.current), "week")) in a row at \(target) a week"
            + " (longest \(Plural.count(Int(longest), "week")))")
      } else if longest > 0 {
        lines.append(
          "No weekly streak right now (longest \(Plural.count(Int(longest), "week")) in a row)")
      } else {
        lines.append("No weekly streak yet")
      }
    }
    return lines
  }

  /// `5 workouts · 3h 32m · 1,062 kcal · 4.7 km`, or nil when there were none.
  static func workoutTotals(_ t: WorkoutSummary.Totals?) -> String? {
    guard let t, let n = t.count, n > 0 else { return nil }
    var parts = [Plural.count(NumberFormatting.roundHalfUp(n), "workout")]
    if let m = t.minutes { parts.append(Numbers.duration(minutes: m)) }
    if let e = t.energy, e > 0 { parts.append(Numbers.grouped(e, 0) + " kcal") }
    if let km = t.distance, km > 0 { parts.append(Numbers.fixed(km, 1) + " km") }
    return parts.joined(separator: " · ")
  }

  /// `Running 2, Strength training 1` (at most three types).
  static func workoutTypes(_ w: WeeklyDigest.Workouts) -> String? {
    let types = w.byType.prefix(3).compactMap { t -> String? in
      guard let n = t.count, n > 0 else { return nil }
      return "\(t.label) \(NumberFormatting.roundHalfUp(n))"
    }
    return types.isEmpty ? nil : types.joined(separator: ", ")
  }

  /// `Last week: 7 workouts · 4h 10m`.
  static func workoutsLastWeek(_ w: WeeklyDigest.Workouts) -> String {
    guard let t = w.lastWeek, let n = t.count, n > 0 else { return "Last week: none" }
    var parts = [Plural.count(NumberFormatting.roundHalfUp(n), "workout")]
    if let m = t.minutes { parts.append(Numbers.duration(minutes: m)) }
    return "Last week: " + parts.joined(separator: " · ")
  }

  /// The chart's title: `Resting heart rate (bpm)`, `Sleep (hours)`.
  static func chartTitle(_ c: WeeklyDigest.Chart) -> String {
    let p = c.metric.presentation
    if p.style == .hoursMinutes { return "\(p.name) (hours)" }
    return p.unit.isEmpty ? p.name : "\(p.name) (\(p.unit))"
  }

  /// The chart's alternative text (shown when images are blocked).
  static func chartAlt(_ c: WeeklyDigest.Chart) -> String {
    let m = c.metric
    return
      "\(m.presentation.name), daily: last week average \(value(m, m.lastWeek)), this week \(value(m, m.thisWeek))."
  }

  /// The attachment sentence.
  static func attachment(_ d: WeeklyDigest) -> String {
    "The full report (the last \(d.attachmentWindow) days, every chart and table) is attached as \(d.attachmentName): open it in a browser."
  }

  /// The footer.
  static var footer: String {
    "Made by \(ToolInfo.name) \(ToolInfo.version) from your own exports. Not medical advice."
  }
}

extension String {
  /// The string with its first character upper-cased.
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
