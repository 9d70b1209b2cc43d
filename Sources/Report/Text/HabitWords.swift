import HealthCore
import HealthModel

/// The words of the Habits section and of the e-mail's habits line (docs/report.md,
/// "Habits"), shared by HTML, Markdown and the e-mail.
public enum HabitWords {
  /// `3 of 5 done today`, `Nothing due today`.
  public static func today(_ s: HabitsSummary) -> String {
    let (done, due) = s.today
    guard due > 0 else { return "No habit due today" }
    return "\(done) of \(due) done today"
  }

  /// The as-of day for a habit: `done`, `not done`, `25 of 30 min`, `45 min`, `6 of 8
  /// glasses`, `0 drinks (at most 0)`, `skipped`, `nothing logged yet`, `starts later`.
  public static func day(_ h: HabitsSummary.Habit) -> String {
    guard let row = h.today else { return "not started yet" }
    if row.state == "s" { return "skipped" }
    let d = h.definition
    guard let value = row.value else { return "nothing logged yet" }
    switch d.kind {
    case .check: return value > 0 ? "done" : "not done"
    case .duration, .count:
      let amount = amountText(value, d)
      guard let goal = d.goal else { return amount }
      if d.target == .atMost { return "\(amount) (at most \(goalAmount(goal, d)))" }
      return row.met ? amount : "\(amountNumber(value, d)) of \(amountText(goal, d))"
    }
  }

  /// `30 min`, `1 h 30 min`, `8 glasses`, `2.5 km`, `1 drink`.
  static func amountText(_ value: Double, _ d: HabitDefinition) -> String {
    if d.kind == .duration { return HabitValueText.minutesText(value) }
    let number = amountNumber(value, d)
    let unit =
      d.unit.isEmpty
      ? "" : " " + (value == 1 && d.unit.hasSuffix("s") ? String(d.unit.dropLast()) : d.unit)
    return number + unit
  }

  /// The number alone (`25` of 30 min, `6` of 8 glasses).
  static func amountNumber(_ value: Double, _ d: HabitDefinition) -> String {
    d.kind == .duration
      ? NumberFormatting.decimal((value * 10).rounded() / 10, value == value.rounded() ? 0 : 1)
      : Numbers.grouped(value, value == value.rounded() ? 0 : 1)
  }

  private static func goalAmount(_ goal: Double, _ d: HabitDefinition) -> String {
    d.kind == .duration ? HabitValueText.minutesText(goal) : amountNumber(goal, d)
  }

  /// What the habit asks: `Daily`, `5 days a week: 30 min`, `Daily: 8 glasses`, `Daily:
  /// at most 0`.
  public static func goal(_ d: HabitDefinition) -> String {
    let rhythm =
      switch d.frequency {
      case .daily: "Daily"
      case .perWeek(let n): "\(Words.count(n, "day")) a week"
      }
    guard d.kind != .check, let goal = d.goal else { return rhythm }
    let amount = goalAmount(goal, d) + (d.kind == .count && !d.unit.isEmpty ? " " + d.unit : "")
    return rhythm + ": " + (d.target == .atMost ? "at most " : "") + amount
  }

  /// `12 days in a row · best 27`, `3 weeks in a row · best 6 · this week 2 of 3 days`,
  /// `No streak yet` (never one) or `No streak running · best 4 days` (as goals say it);
  /// with `1 rest day in hand` for a daily habit that has one.
  public static func streak(_ h: HabitsSummary.Habit) -> String {
    guard let row = h.today else { return "" }
    let weekly = h.definition.frequency.isWeekly
    let unit = weekly ? "week" : "day"
    var parts: [String] = []
    parts.append(
      row.streak > 0
        ? "\(Words.count(row.streak, unit)) in a row"
        : row.best > 0 ? "No streak running" : "No streak yet")
    if row.best > row.streak { parts.append("best \(Words.count(row.best, unit))") }
    if let days = row.weekDays, let target = row.weekTarget {
      parts.append("this week \(days) of \(Words.count(target, "day"))")
    }
    if !weekly, row.restDay, row.streak > 0 { parts.append("1 rest day in hand") }
    return parts.joined(separator: " · ")
  }

  /// A strip cell's words: `Sat 14 Nov: done`.
  static func cell(_ c: Character?, day: LocalDay, year: Int) -> String {
    let state =
      switch c {
      case "1": "met"
      case "0": "missed"
      case "F": "missed, kept by a rest day"
      case "s": "skipped"
      case nil: "before the habit started"
      default: "nothing logged"
      }
    return "\(LocalDayText.short(day, year: year)): \(state)"
  }

  /// The e-mail's one line, under the heading "Habits this week": `Meditate 6 of 7 days ·
  /// Read 4 of 5 days · …` (met days of the week so far against the habit's days so far,
  /// skips left out, or a weekly habit's target).
  public static func weekLine(_ s: HabitsSummary, rows: [HabitDayRow]) -> String? {
    let parts = s.habits.compactMap { h -> String? in
      guard h.today != nil else { return nil }
      let week = rows.filter {
        $0.habit == h.definition.key && $0.day >= s.weekStart && $0.day <= s.asOf
      }
      let met = week.filter(\.met).count
      let target =
        h.definition.frequency.isWeekly
        ? Int(h.today?.weekTarget ?? Int64(h.definition.frequency.daysPerWeek))
        : week.count - week.filter { $0.state == "s" }.count
      return "\(h.definition.name) \(met) of \(Words.count(target, "day"))"
    }
    guard !parts.isEmpty else { return nil }
    return parts.joined(separator: " · ")
  }
}
