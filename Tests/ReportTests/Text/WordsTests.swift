import HealthCore
import HealthModel
import Testing

@testable import Report

/// Plurals and plain words (docs/report.md, "Words").
@Suite("Words and plurals")
struct WordsTests {
  func row(cadence: String = "daily", current: Int64, longest: Int64) -> StreakRow {
    let end = LocalDay(year: 2023, month: 11, day: 20)!
    var r = StreakRow(
      goal: "active", goalDescription: "exercise ≥ 30 min", cadence: cadence,
      target: cadence == "weekly" ? 3 : 1, weekStart: cadence == "weekly" ? "monday" : "",
      windowStart: end.adding(days: -89), windowEnd: end)
    r.current = current
    r.longest = longest
    r.longestEver = longest
    return r
  }

  @Test("counts take the singular for one and the plural otherwise")
  func counts() {
    #expect(Words.count(1, "day") == "1 day")
    #expect(Words.count(0, "night") == "0 nights")
    #expect(Words.count(2, "day") == "2 days")
    #expect(Words.count(1_000, "workout") == "1,000 workouts")
    #expect(Words.count(Int64(1), "rest day") == "1 rest day")
    #expect(Words.list(["a"]) == "a")
    #expect(Words.list(["a", "b", "c"]) == "a, b and c")
    #expect(Words.lowerFirst("Resting heart rate") == "resting heart rate")
    #expect(Words.lowerFirst("HRV (SDNN)") == "HRV (SDNN)")
    #expect(Words.lowerFirst("VO₂ max") == "VO₂ max")
  }

  @Test("streak facts say 1 day and 1 week, never 1 days")
  func streakFacts() {
    let one = row(current: 1, longest: 1)
    // Replayed over the whole history: one "longest", no end date when it is the current.
    #expect(StreakText.facts(one, year: 2023) == "Current streak: 1 day · longest: 1 day")
    let weeks = row(cadence: "weekly", current: 1, longest: 2)
    #expect(StreakText.facts(weeks, year: 2023) == "Current streak: 1 week · longest: 2 weeks")
  }

  @Test("a replay limited by backfill_days says since when, and the longest ever with its end")
  func limitedReplay() {
    var r = row(current: 1, longest: 4)
    r.longestEver = 30
    // The window starts 89 days before Mon 20 Nov 2023: Wed 23 Aug 2023.
    r.longestEverEnd = LocalDay(year: 2023, month: 3, day: 3)
    let first = LocalDay(year: 2022, month: 1, day: 1)
    #expect(
      StreakText.facts(r, year: 2023, firstDay: first)
        == "Current streak: 1 day · longest since Wed 23 Aug: 4 days · longest ever: 30 days (to Fri 3 Mar)"
    )
    // A date in another year than the report's carries its year: 31 Dec 2022 was a Saturday.
    r.longestEverEnd = LocalDay(year: 2022, month: 12, day: 31)
    #expect(StreakText.facts(r, year: 2023, firstDay: first).hasSuffix("(to Sat 31 Dec 2022)"))
  }

  @Test("daily and weekly streaks of one goal have different titles")
  func titles() {
    let one = row(current: 1, longest: 1)
    let weeks = row(cadence: "weekly", current: 1, longest: 2)
    // Daily and weekly streaks of one goal have different titles.
    #expect(StreakText.title(one) == "Active — daily streak")
    #expect(StreakText.title(weeks) == "Active — weekly streak")
    #expect(StreakText.goal(weeks) == "A goal week: 3 days a week of exercise ≥ 30 min.")
  }

  @Test("the freeze is a rest day, in hand or used on a named day")
  func restDays() {
    var r = row(current: 4, longest: 9)
    r.freezeAvailable = true
    #expect(StreakText.restDays(r, year: 2023) == "1 rest day in hand")
    r.freezeAvailable = false
    r.freezesUsed = "2023-11-14"
    // 14 Nov 2023 was a Tuesday.
    #expect(
      StreakText.restDays(r, year: 2023) == "No rest day in hand · rest day used on Tue 14 Nov")
    r.freezesUsed = "2023-10-02,2023-11-14"
    #expect(
      StreakText.restDays(r, year: 2023)
        == "No rest day in hand · rest days used on Mon 2 Oct and Tue 14 Nov")
    #expect(StreakText.restDays(row(cadence: "weekly", current: 1, longest: 1), year: 2023) == nil)
  }

  @Test("progress never calls a streak of 0 reached")
  func progress() {
    var r = row(current: 0, longest: 5)
    r.nextMilestone = 3
    r.milestone3 = LocalDay(year: 2023, month: 10, day: 1)
    #expect(
      StreakText.progress(r) == "No streak running: 3 goal days in a row earn the 3-day badge.")
    r.current = 1
    #expect(StreakText.progress(r) == "1 of 3 days toward the 3-day badge.")
    var w = row(cadence: "weekly", current: 2, longest: 2)
    w.nextMilestone = 3
    #expect(StreakText.progress(w) == "2 of 3 weeks toward the 3-week badge.")
  }

  @Test("the week table says nights for sleep and days otherwise, in the right number")
  func weekTable() throws {
    let model = try ReportModelBuilder.build(Fixtures.inputs(ReportFixture()), asOf: nil, window: 7)
    let html = HTMLReport.render(model)
    #expect(html.contains("of 7 nights</td>"))
    #expect(html.contains("of 7 days</td>"))
    #expect(!html.contains(" 1 days"))
    #expect(!html.contains(" 1 nights"))
  }
}
