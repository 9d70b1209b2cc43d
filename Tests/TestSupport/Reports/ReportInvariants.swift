import Foundation
import HealthModel

/// The invariant check run on every generated report in the tests (docs/report.md, "One
/// meaning per number"): no two statements on one page disagree. It reads the rendered text
/// only (`RenderedText`), with its own parsing of the documented wording, so a report that
/// says two things a person would find contradictory fails whatever its model held.
///
/// Each check returns the statements it found in conflict, one line each; an empty list
/// means the page holds together.
public struct ReportInvariants {
  let page: RenderedText
  let asOf: LocalDay
  var problems: [String] = []

  /// Checks an HTML page or a Markdown file of a report as of `asOf`.
  public static func check(_ page: RenderedText, asOf: LocalDay) -> [String] {
    var c = ReportInvariants(page: page, asOf: asOf)
    c.staleness()
    c.hero()
    c.streaks()
    c.averages()
    c.positions()
    c.changes()
    c.firstWeeks()
    c.words()
    c.dates()
    return c.problems
  }

  mutating func fail(_ what: String) { problems.append(what) }

  var year: Int { asOf.components.year }

  /// The text of the first paragraph matching a pattern.
  func text(containing needle: String) -> String? {
    page.texts.first { $0.contains(needle) }
  }

  // MARK: Stale data

  /// The banner's day count is the distance from the last data day to the as-of date, the
  /// headline names the same last day, and a coaching line about missing data gives the
  /// same count.
  mutating func staleness() {
    let banner = page.texts.first { $0.hasPrefix("No new data since") }
    let coaching = page.texts.first { $0.hasPrefix("No new data for") }
    guard let banner else {
      if let coaching { fail("coaching line without a banner: \(coaching)") }
      return
    }
    guard let since = ReportWords.firstDay(banner, near: asOf),
      let n = ReportWords.int(after: "(", in: banner)
    else { return fail("banner without a day and count: \(banner)") }
    if since.distance(to: asOf) != n {
      fail("banner says \(n) days, but \(since) is \(since.distance(to: asOf)) days before \(asOf)")
    }
    if let headline = page.texts.first(where: { $0.contains("data through") }),
      let through = ReportWords.dayMentions(headline).dropFirst().first.flatMap({
        ReportWords.resolve($0, near: asOf)
      }), through != since
    {
      fail("headline data through \(through), banner since \(since)")
    }
    if let coaching {
      let m = ReportWords.int(after: "No new data for", in: coaching)
      if m != n { fail("banner says \(n) days, coaching line says: \(coaching)") }
    }
  }

  // MARK: Scores, coaching and goal state

  /// Part scores: status words agree with the numbers; excellent sleep needs the sleep
  /// goal met that night, and a night under 6 h is never better than fair; the coaching
  /// line agrees with the scores; the week's goal days agree with the goal calendar.
  mutating func hero() {
    var parts: [String: (score: Int, word: String)] = [:]
    for t in page.allText {
      for m in t.matches(
        of:
          /(?:^|\| )(Wellness|Condition|Sleep|Body) (\d{1,3}) (excellent|good|fair|tired|warning)\b/
      ) {
        parts[String(m.1)] = (Int(m.2)!, String(m.3))
      }
      for m in t.matches(of: /^(\d{1,3}) (excellent|good|fair|tired|warning)$/) {
        parts["Wellness"] = (Int(m.1)!, String(m.2))
      }
    }
    for (name, p) in parts where Self.word(p.score) != p.word {
      fail("\(name) \(p.score) is called \(p.word)")
    }
    let coaching = page.texts.first {
      $0.hasPrefix("Aim for at least 7 hours") || $0.hasPrefix("You look well recovered")
        || $0.hasPrefix("Keep today light")
    }
    if let sleep = parts["Sleep"] {
      let goal = sleepGoalMinutes ?? 420
      if let asleep = asleepMinutes(on: asOf) {
        if sleep.word == "excellent", asleep < goal {
          fail("Sleep \(sleep.score) excellent for a night of \(asleep) min (goal \(goal))")
        }
        if asleep < 360, sleep.score >= 60 {
          fail("Sleep \(sleep.score) \(sleep.word) for a night of \(asleep) min (under 6 h)")
        }
      }
      if coaching?.hasPrefix("Aim for at least 7 hours") == true, sleep.score >= 60 {
        fail("coaching asks for more sleep under Sleep \(sleep.score) \(sleep.word)")
      }
    }
    if coaching?.hasPrefix("You look well recovered") == true,
      (parts["Condition"]?.score ?? 0) < 80
    {
      fail("coaching says well recovered with Condition \(String(describing: parts["Condition"]))")
    }
    if coaching?.hasPrefix("Keep today light") == true, (parts["Condition"]?.score ?? 0) >= 40 {
      fail("coaching says recovery is low with Condition \(String(describing: parts["Condition"]))")
    }
    weekGoal()
  }

  /// `Sleep 85 excellent`'s word by the documented bands.
  static func word(_ score: Int) -> String {
    switch score {
    case 80...: "excellent"
    case 60..<80: "good"
    case 40..<60: "fair"
    case 20..<40: "tired"
    default: "warning"
    }
  }

  /// The sleep goal in minutes, from the sleep goal's description (`asleep ≥ 420 min`).
  var sleepGoalMinutes: Int? {
    page.texts.lazy.compactMap { t -> Int? in
      guard t.hasPrefix("A goal day: asleep") else { return nil }
      return ReportWords.int(after: "asleep ≥", in: t)
    }.first
  }

  /// The asleep minutes of the night of `day` in the sleep table, if it has that night.
  func asleepMinutes(on day: LocalDay) -> Int? {
    for case .table(_, let rows) in page.blocks {
      guard let header = rows.first, header.first == "Night",
        let k = header.firstIndex(of: "Asleep")
      else { continue }
      for r in rows.dropFirst() where r.count > k {
        guard ReportWords.firstDay(r[0], near: asOf) == day,
          !r[0].contains("partial"), let v = ReportWords.value(r[k])
        else { continue }
        return Int(v.number)
      }
    }
    return nil
  }

  /// `4 of 5 active days this week` agrees with the active goal's calendar.
  mutating func weekGoal() {
    guard let line = page.allText.first(where: { $0.contains("active days this week") }),
      let done = line.firstMatch(of: /(\d+) of (\d+) active days? this week/).map({ Int($0.1)! }),
      let cells = page.chartTitles["strip-active-daily"]
    else { return }
    let states = dayStates(cells)
    let monday = asOf.isoWeek.monday
    let met = (0...monday.distance(to: asOf)).filter {
      states[monday.adding(days: $0)] == "goal met"
    }.count
    if met != done { fail("\(line), but the calendar shows \(met) goal days this week") }
  }

  /// A calendar's tooltips (`Sun 15 Nov: goal met`) as states by day.
  func dayStates(_ titles: [String]) -> [LocalDay: String] {
    var out: [LocalDay: String] = [:]
    for t in titles {
      guard let colon = t.firstIndex(of: ":"),
        let day = ReportWords.firstDay(String(t[..<colon]), near: asOf)
      else { continue }
      out[day] = t[t.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return out
  }
}

// MARK: - Streaks

extension ReportInvariants {
  /// A current streak is never longer than the longest; the longest is never a run ending
  /// on the as-of date (or the day before) without being the current one; the current
  /// streak is the run the calendar shows; no day with steps is "nothing recorded".
  mutating func streaks() {
    for t in page.texts where t.hasPrefix("Current streak:") {
      guard let current = ReportWords.int(after: "Current streak:", in: t) else { continue }
      if let longest = ReportWords.int(after: "longest:", in: t), current > longest {
        fail("current streak longer than the longest: \(t)")
      }
      if let since = t.range(of: "longest since ") {
        let rest = String(t[since.upperBound...])
        if let l = ReportWords.int(after: ": ", in: rest), current > l {
          fail("current streak longer than the longest: \(t)")
        }
      }
      if let to = t.range(of: "(to ") {
        let end = ReportWords.firstDay(String(t[to.upperBound...]), near: asOf)
        if let end, end >= asOf.adding(days: -1), !t.contains("week") {
          fail("a longest run ending on \(end) that is not the current streak: \(t)")
        }
      }
    }
    calendarRuns()
    nothingRecorded()
  }

  /// The daily streaks' current length against their calendars (when the run fits in it).
  mutating func calendarRuns() {
    var goal: String?
    for b in page.blocks {
      if case .heading(_, let h) = b, h.hasSuffix(" — daily streak") {
        goal = String(h.dropLast(" — daily streak".count)).lowercased()
      }
      guard case .text(let t) = b, t.hasPrefix("Current streak:"), let g = goal,
        let current = ReportWords.int(after: "Current streak:", in: t),
        let cells = page.chartTitles["strip-\(g)-daily"]
      else { continue }
      goal = nil
      let states = dayStates(cells)
      guard let first = states.keys.min() else { continue }
      var day = asOf
      if states[day] != "goal met" { day = day.adding(days: -1) }
      // A miss yesterday with a rest day in hand may still be bridged today.
      if states[day] == "missed", states[asOf] != "goal met" { day = day.adding(days: -1) }
      var run = 0
      while day >= first, let s = states[day], s == "goal met" || s == "kept by a rest day" {
        if s == "goal met" { run += 1 }
        day = day.adding(days: -1)
      }
      let complete = day >= first
      if complete ? run != current : run > current {
        fail("\(g): \(t), but the calendar shows a run of \(run) goal days")
      }
    }
  }

  /// Days a calendar calls "nothing recorded" have no steps in the steps table.
  mutating func nothingRecorded() {
    let steps = numbers(of: "Steps")
    guard !steps.isEmpty else { return }
    for (id, titles) in page.chartTitles where id.hasPrefix("strip-") {
      for (day, state) in dayStates(titles) where state == "nothing recorded" {
        if let v = steps[day]?.value {
          fail("\(id): \(day) is 'nothing recorded' but has \(v) steps")
        }
      }
    }
  }

  /// A trend chart's numbers table: per day, the value and the 7-day average, the usual
  /// range's edges (displayed numbers).
  func numbers(of metric: String) -> [LocalDay: (value: Double?, average: Double?, low: Double?)] {
    guard let section = trendSection(metric) else { return [:] }
    var out: [LocalDay: (value: Double?, average: Double?, low: Double?)] = [:]
    for case .table(_, let rows) in section {
      guard let header = rows.first, header.first == "Date" else { continue }
      let avg = header.firstIndex(of: "7-day avg")
      let low = header.firstIndex(of: "Usual low")
      for r in rows.dropFirst() where r.count == header.count {
        guard let day = ReportWords.firstDay(r[0], near: asOf) else { continue }
        out[day] = (
          ReportWords.value(r[1])?.number, avg.flatMap { ReportWords.value(r[$0])?.number },
          low.flatMap { ReportWords.value(r[$0])?.number }
        )
      }
    }
    return out
  }

  /// The blocks of a metric's chart under the trends heading.
  func trendSection(_ metric: String) -> [RenderedText.Block]? {
    guard
      let trends = page.blocks.firstIndex(where: {
        if case .heading(2, let t) = $0 { t.hasPrefix("Trends") } else { false }
      })
    else { return nil }
    let sub = RenderedText(blocks: Array(page.blocks[trends...]))
    return sub.section(metric, level: 3)
  }
}

extension RenderedText {
  init(blocks: [Block]) {
    self.blocks = blocks
    chartTitles = [:]
    charts = [:]
  }
}
