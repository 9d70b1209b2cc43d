import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// The aggregate's issue-24 rules on whole generated histories (`healthpipe sample`, then
/// ingest, clean and aggregate by the built binary): a 400-day history, a 5-day new user, a
/// history that stops 20 days before the as-of date, and one with naps and a second sleep
/// device (the ring). Each rule is checked against the tables by a count of its own, written
/// from the rule's text in docs/aggregate.md and docs/streaks.md, never by the aggregate's
/// code: sleep scores against their night's minutes, goal days against the daily values,
/// streaks and badge dates against the history string, windows against the day counts.
@Suite("Generated histories: the aggregate's rules on whole exports")
struct GeneratedHistoryAggregateTests {
  /// The day `yyyy-MM-dd`.
  static func day(_ text: String) -> LocalDay { LocalDay(iso: text)! }

  /// The aggregate tables of one generated history.
  struct History {
    let asOf: LocalDay
    let daily: [DailyValue]
    let baselines: [BaselineRow]
    let scores: [ScoreRow]
    let streaks: [StreakRow]
    let weekly: [WeeklyRow]
    let facts: AggregateFacts

    /// `metric` (category "") by day number.
    func series(_ metric: MetricID) -> [Int32: Double] {
      var out: [Int32: Double] = [:]
      for v in daily where v.metric == metric && v.category.isEmpty {
        out[v.day.dayNumber] = v.value
      }
      return out
    }

    /// Days with any value but a goal outcome or a partial night's.
    var recordedDays: Set<Int32> {
      Set(daily.filter { $0.metric != .goalMet && $0.category != "partial" }.map(\.day.dayNumber))
    }

    func streak(_ goal: String, _ cadence: String = "daily") -> StreakRow {
      streaks.first { $0.goal == goal && $0.cadence == cadence }!
    }
  }

  /// Generates `days` days (Apple export ending 2026-11-15, plus `formats`), runs the three
  /// stages and reads the tables as of `asOf`.
  static func history(
    days: Int, seed: Int, formats: String = "apple-zip", asOf: String = "2026-11-15"
  ) throws -> History {
    let dir = TemporaryDirectory("history-\(days)-\(seed)")
    let out = dir.file("in")
    let generate = try Healthpipe.run([
      "sample", "--days", String(days), "--seed", String(seed), "--out", out, "--formats",
      formats, "--density", "sample", "--quiet",
    ])
    #expect(generate.code == 0, "\(generate.stderr)")
    let steps: [[String]] = [
      ["ingest"] + inputs(out, formats)
        + ["--out", dir.file("s.hpt"), "--timezone", "America/New_York"],
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", asOf],
    ]
    for step in steps {
      let r = try Healthpipe.run(step + ["--quiet"])
      #expect(r.code == 0, "\(step[0]): \(r.stderr)")
    }
    let agg = dir.file("agg")
    let daily = try TableFile.read(DailyValue.self, from: agg + "/daily.hpt")
    return History(
      asOf: LocalDay(iso: asOf)!, daily: daily.rows,
      baselines: try TableFile.read(BaselineRow.self, from: agg + "/baselines.hpt").rows,
      scores: try TableFile.read(ScoreRow.self, from: agg + "/scores.hpt").rows,
      streaks: try TableFile.read(StreakRow.self, from: agg + "/streaks.hpt").rows,
      weekly: try TableFile.read(WeeklyRow.self, from: agg + "/weekly.hpt").rows,
      facts: daily.header.facts.aggregate ?? AggregateFacts())
  }

  static func inputs(_ folder: String, _ formats: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var files = [folder + "/export.zip"]
    if formats.contains("long-csv") {
      files += names.filter { $0.hasPrefix("ring-") }.sorted().map { folder + "/" + $0 }
    }
    return files
  }

  // MARK: The rules, counted from the tables.

  /// Sleep score: never "excellent" short of the goal, never better than "fair" under 6 h;
  /// no score for a partial night.
  static func checkSleepScores(_ h: History) {
    let asleep = h.series(.sleepAsleep)
    let goal = h.facts.sleepGoalMinutes ?? 420
    var scored = 0
    for s in h.scores {
      guard let score = s.sleep else { continue }
      scored += 1
      let a = asleep[s.day.dayNumber]
      #expect(a != nil, "\(s.day): a sleep score without a night")
      guard let a else { continue }
      if a < goal { #expect(score <= 79, "\(s.day): \(score) for \(a) min") }
      if a < 360 { #expect(score <= 59, "\(s.day): \(score) for \(a) min") }
    }
    #expect(scored > 0 || h.scores.count < 2)
    for day in h.facts.partialNights {
      #expect(h.scores.first { $0.day == day }?.sleep == nil)
    }
  }

  /// Goal days: the history's character on each day of the span, from the daily values.
  static func checkGoalDays(_ h: History) {
    let recorded = h.recordedDays
    let steps = h.series(.steps)
    let exercise = h.series(.exerciseMinutes)
    let summary = h.series(.activitySummaryExercise)
    var longestWorkout: [Int32: Double] = [:]
    // workoutMinutes per type: a single workout's minutes are at most its type's total;
    // "a workout ≥ 20" is checked one way only (met when some type alone has ≥ 20 and one
    // workout of it).
    for v in h.daily where v.metric == "workoutMinutes" && !v.category.isEmpty {
      let count = h.daily.first {
        $0.metric == "workoutCount" && $0.day == v.day && $0.category == v.category
      }?.value
      if count == 1 {
        longestWorkout[v.day.dayNumber] = max(longestWorkout[v.day.dayNumber] ?? 0, v.value)
      }
    }
    let sleep = h.series(.sleepAsleep)
    let goal = h.facts.sleepGoalMinutes ?? 420
    for (name, row) in [
      ("steps", h.streak("steps")), ("active", h.streak("active")), ("sleep", h.streak("sleep")),
    ] {
      for (i, c) in row.history.enumerated() {
        let day = row.windowStart.adding(days: i).dayNumber
        // A rest day bridges a missed day, with or without data: `F` stands for `0` or `.`.
        func agrees(_ want: Character) -> Bool { c == want || (c == "F" && want != "1") }
        let state: Character = c == "F" ? "0" : c
        switch name {
        case "steps":
          let v = steps[day] ?? (recorded.contains(day) ? 0 : nil)
          let want: Character = v.map { $0 >= 8000 ? "1" : "0" } ?? "."
          #expect(agrees(want), "steps \(LocalDay(dayNumber: day)): \(c), value \(v ?? -1)")
        case "active":
          let minutes = exercise[day] ?? summary[day] ?? (recorded.contains(day) ? 0 : nil)
          if !recorded.contains(day) { #expect(agrees("."), "active \(LocalDay(dayNumber: day))") }
          if recorded.contains(day) { #expect(state != ".", "active \(LocalDay(dayNumber: day))") }
          if let minutes, minutes >= 30 { #expect(state == "1") }
          if (longestWorkout[day] ?? 0) >= 20 { #expect(state == "1") }
        default:
          let want: Character = sleep[day].map { $0 >= goal ? "1" : "0" } ?? "."
          #expect(agrees(want), "sleep \(LocalDay(dayNumber: day)): \(c)")
        }
      }
    }
  }

  /// Streaks: one replay; the current streak and badge dates recounted from the history.
  static func checkStreaks(_ h: History) {
    for s in h.streaks {
      #expect(s.longest == s.longestEver)
      #expect(s.current <= s.longest, "\(s.goal) \(s.cadence)")
      #expect(s.windowEnd == h.asOf)
      guard s.cadence == "daily" else { continue }
      #expect(s.history.count == s.windowStart.distance(to: h.asOf) + 1)
      // Runs from the characters: 1 adds, F keeps, 0 and . end; R not over.
      let cells = Array(s.history)
      var run = 0
      var first: [Int: LocalDay] = [:]
      var longest = 0
      for (i, c) in cells.enumerated() {
        switch c {
        case "1":
          run += 1
          if [3, 7, 14, 30, 60, 90].contains(run), first[run] == nil {
            first[run] = s.windowStart.adding(days: i)
          }
        case "F": break
        default: if i < cells.count - 1 { run = 0 }
        }
        longest = max(longest, run)
      }
      #expect(Int64(longest) == s.longest, "\(s.goal): \(longest) vs \(s.longest)")
      // The current run: back from R (or R−1), or from R−2 while a rest day may still
      // bridge R−1.
      var end = cells.count - 1
      if cells[end] != "1" { end -= 1 }
      if end >= 1, s.freezeAvailable, cells[end] != "1", cells[end - 1] == "1" { end -= 1 }
      var current = 0
      var i = end
      while i >= 0, cells[i] == "1" || cells[i] == "F" {
        if cells[i] == "1" { current += 1 }
        i -= 1
      }
      #expect(Int64(current) == s.current, "\(s.goal): \(current) vs \(s.current)")
      #expect(first[3] == s.milestone3 && first[7] == s.milestone7, "\(s.goal)")
      #expect(first[14] == s.milestone14 && first[30] == s.milestone30, "\(s.goal)")
      #expect(first[60] == s.milestone60 && first[90] == s.milestone90, "\(s.goal)")
    }
  }

  /// Baselines: no 7-day average or position after the metric's last data day; the range
  /// at least the minimum change wide; the position agrees with it.
  static func checkBaselines(_ h: History) {
    for r in h.baselines {
      let last = h.facts.lastDays[r.metric.rawValue]
      if let last, r.day > last {
        #expect(r.avg7 == nil && r.position == "", "\(r.metric) \(r.day) after \(last)")
      }
      if let low = r.rangeLow, let high = r.rangeHigh, let mean = r.base60Mean {
        let m = MinimumChange.margin(for: r.metric, referenceSD: r.base60SD) ?? 0
        #expect(mean - low >= m - 1e-9 && high - mean >= m - 1e-9, "\(r.metric) \(r.day)")
        if let a = r.avg7 {
          let want = a < low ? "below" : (a > high ? "above" : "within")
          #expect(r.position == want, "\(r.metric) \(r.day)")
        }
      }
    }
  }

  /// Weekly goal rows: "missed" only for a week seen whole.
  static func checkWeeklyTargets(_ h: History) {
    let first = h.facts.firstDay ?? h.asOf
    for w in h.weekly where w.metric == .goalMet && w.met == false {
      #expect(w.weekStart >= first && w.weekStart.adding(days: 6) <= h.asOf, "\(w.week)")
      #expect(w.daysWithData > 0)
    }
  }

  /// Days since data: one number, in the facts and the as-of day's coaching line.
  static func checkStaleness(_ h: History) {
    guard let through = h.facts.dataThrough else { return }
    let n = through.distance(to: h.asOf)
    #expect(h.facts.daysSinceData == n)
    let line = h.scores.last { $0.day == h.asOf }?.coaching ?? ""
    if n > 3 { #expect(line.hasPrefix("No new data for \(n) days:"), "\(line)") }
    if n <= 3 { #expect(!line.hasPrefix("No new data"), "\(line)") }
  }

  static func checkAll(_ h: History) {
    checkSleepScores(h)
    checkGoalDays(h)
    checkStreaks(h)
    checkBaselines(h)
    checkWeeklyTargets(h)
    checkStaleness(h)
  }

  // MARK: The four histories.

  @Test("400 days: every rule holds; the streak span is the whole history")
  func fourHundredDays() throws {
    let h = try Self.history(days: 400, seed: 11)
    Self.checkAll(h)
    let first = h.asOf.adding(days: -399)
    #expect(h.facts.firstDay == first)
    for s in h.streaks { #expect(s.windowStart == first) }
    #expect(h.streak("steps").history.count == 400)
    #expect(h.facts.backfillDays == nil)
    // The exercise fallback is used: days with a summary and no exercise-time record.
    let exercise = h.series(.exerciseMinutes)
    #expect(h.series(.activitySummaryExercise).keys.contains { exercise[$0] == nil })
    // Every usual range is there after 60 days, and arrived long ago.
    #expect(h.facts.arrival("restingHeartRate", "base60")! < h.asOf.adding(days: -300))
  }

  @Test("a 5-day new user: arrival dates by the counts, no weekly 'missed', no 'vs usual'")
  func newUser() throws {
    let h = try Self.history(days: 5, seed: 12)
    Self.checkAll(h)
    #expect(h.facts.firstDay == h.asOf.adding(days: -4))
    for metric in ["restingHeartRate", "steps"] {
      // n days with a value so far; base60 needs 21 in [d−60, d−1]: n + (d − 1 − as-of) ≥ 21;
      // base14 7 the same way.
      let n = h.series(MetricID(metric)).count
      #expect(n >= 4)
      #expect(h.facts.arrival(metric, "base60") == h.asOf.adding(days: 22 - n), "\(metric)")
      #expect(h.facts.arrival(metric, "base14") == h.asOf.adding(days: 8 - n), "\(metric)")
    }
    #expect(h.baselines.allSatisfy { $0.rangeLow == nil && $0.position == "" && $0.delta60 == nil })
    #expect(!h.weekly.contains { $0.metric == .goalMet && $0.met == false })
    #expect(h.streak("active", "weekly").longest == 0)
    #expect(h.streaks.allSatisfy { $0.windowStart == h.asOf.adding(days: -4) })
  }

  @Test("a history that stops 20 days before the as-of date")
  func stale() throws {
    let h = try Self.history(days: 60, seed: 13, asOf: "2026-12-05")
    Self.checkAll(h)
    #expect(h.facts.dataThrough == Self.day("2026-11-15"))
    #expect(h.facts.daysSinceData == 20)
    #expect(
      h.scores.last?.coaching
        == "No new data for 20 days: sync your watch and phone to keep your trends current.")
    for (metric, last) in h.facts.lastDays { #expect(last <= Self.day("2026-11-15"), "\(metric)") }
    // Lines stop at the last dot: no avg7 after 15 Nov, for any metric.
    #expect(!h.baselines.contains { $0.day > Self.day("2026-11-15") && $0.avg7 != nil })
    // Twenty days without data end every daily streak.
    #expect(h.streaks.filter { $0.cadence == "daily" }.allSatisfy { $0.current == 0 })
    // The weeks with nothing recorded are not "missed".
    let active = h.weekly.filter { $0.metric == .goalMet && $0.category == "active" }
    #expect(active.filter { $0.weekStart > Self.day("2026-11-15") }.allSatisfy { $0.met == nil })
  }

  @Test("naps and a second sleep device: nights only in the sleep score and goal")
  func napsAndRing() throws {
    let h = try Self.history(days: 60, seed: 14, formats: "apple-zip,long-csv")
    Self.checkAll(h)
    #expect(!h.series(.napMinutes).isEmpty)
    let sources = Set(h.daily.filter { $0.metric == .sleepAsleep }.map(\.source))
    #expect(sources.count >= 2, "\(sources)")
  }

  @Test("a night cut by the export, read from a real Apple XML through every stage")
  func partialNightThroughTheStages() throws {
    let dir = TemporaryDirectory("partial-night")
    func sleep(_ start: String, _ end: String, _ stage: String) -> String {
      "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Watch\" "
        + "startDate=\"\(start)\" endDate=\"\(end)\" value=\"HKCategoryValueSleepAnalysis\(stage)\"/>\n"
    }
    var body = ""
    for d in 20...30 {
      body += sleep("2025-12-\(d - 1) 23:00:00 -0500", "2025-12-\(d) 06:30:00 -0500", "AsleepCore")
      body +=
        "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\" "
        + "startDate=\"2025-12-\(d) 12:00:00 -0500\" endDate=\"2025-12-\(d) 13:00:00 -0500\" value=\"9000\"/>\n"
    }
    body += sleep("2025-12-31 23:03:00 -0500", "2026-01-01 00:00:00 -0500", "AsleepCore")
    let xml =
      "<HealthData locale=\"en_US\">\n<ExportDate value=\"2026-01-01 00:00:00 -0500\"/>\n"
      + body + "</HealthData>\n"
    try Data(xml.utf8).write(to: URL(fileURLWithPath: dir.file("export.xml")))
    for step in [
      ["ingest", dir.file("export.xml"), "--out", dir.file("s.hpt")],
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", "2026-01-20"],
    ] {
      let r = try Healthpipe.run(step + ["--quiet"])
      #expect(r.code == 0, "\(r.stderr)")
    }
    let daily = try TableFile.read(DailyValue.self, from: dir.file("agg") + "/daily.hpt")
    let facts = try #require(daily.header.facts.aggregate)
    #expect(facts.partialNights == [Self.day("2026-01-01")])
    #expect(
      daily.rows.first { $0.metric == .sleepAsleep && $0.category == "partial" }?.value == 57)
    #expect(
      !daily.rows.contains {
        $0.metric == .sleepAsleep && $0.category.isEmpty && $0.day == Self.day("2026-01-01")
      })
    // Data through 30 Dec (the whole nights and the steps); 21 days to 20 Jan.
    #expect(facts.dataThrough == Self.day("2025-12-30"))
    #expect(facts.daysSinceData == 21)
    let scores = try TableFile.read(ScoreRow.self, from: dir.file("agg") + "/scores.hpt").rows
    #expect(
      scores.first { $0.day == Self.day("2026-01-01") }?.sleepNote
        == "night cut by the export at 00:00 (partial)")
    #expect(scores.last?.coaching.hasPrefix("No new data for 21 days:") == true)
  }
}
