import HealthCore
import HealthModel
import Testing

@testable import Aggregate

@Suite("Weekly rows")
struct WeeklyRowTests {
  @Test("ISO weeks across New Year (2020-W53): means, changes, days with data, workouts, goals")
  func acrossNewYear() {
    // Steps 1,000 every day of 2020-W52 (21-27 Dec), 2,000 on six days of W53 (28 Dec-3 Jan,
    // none on 2 Jan), 3,000 on 4-6 Jan (W01, as-of Wed 6 Jan). One 30-minute run on 31 Dec.
    var samples: [Sample] = []
    for day in S.day("2020-12-21")...S.day("2021-01-06") {
      let value: Double =
        day < S.day("2020-12-28") ? 1000 : (day < S.day("2021-01-04") ? 2000 : 3000)
      if day == S.day("2021-01-02") { continue }
      samples.append(S.sample(.steps, "\(day) 12:00:00 +0100", minutes: 60, value: value))
    }
    samples.append(
      S.sample(.workout, "2020-12-31 10:00:00 +0100", minutes: 35, value: 30, category: "Running"))
    samples.append(
      S.sample(
        .workoutEnergy, "2020-12-31 10:00:00 +0100", minutes: 35, value: 250, category: "Running"))
    let result = AggregateComputation.compute(samples: samples, asOf: S.day("2021-01-06"))
    let weekly = result.weekly
    func row(_ week: String, _ metric: MetricID, _ category: String = "") -> WeeklyRow? {
      weekly.first { $0.week == week && $0.metric == metric && $0.category == category }
    }
    #expect(Set(weekly.map(\.week)) == ["2020-W52", "2020-W53", "2021-W01"])
    let w52 = row("2020-W52", .steps)
    #expect(w52?.value == 1000)
    #expect(w52?.previousValue == nil)
    let w53 = row("2020-W53", .steps)
    #expect(w53?.weekStart == S.day("2020-12-28"))
    #expect(w53?.value == 2000)
    #expect(w53?.previousValue == 1000)
    #expect(w53?.change == 1000)
    #expect(w53?.changePercent == 100)
    #expect(w53?.daysWithData == 6)
    #expect(w53?.daysInWeek == 7)
    #expect(w53?.position == "")  // no 60-day range yet
    let w01 = row("2021-W01", .steps)
    #expect(w01?.value == 3000)
    #expect(w01?.daysInWeek == 3)  // Mon-Wed up to the as-of date
    #expect(row("2020-W53", .sleepAsleep)?.value == nil)
    #expect(row("2020-W53", .sleepAsleep)?.daysWithData == 0)
    // Workouts: total and by type; the week after keeps the run as its previous value.
    #expect(row("2020-W53", .workoutCount)?.value == 1)
    #expect(row("2020-W53", .workoutMinutes, "Running")?.value == 30)
    #expect(row("2020-W53", .workoutEnergy, "Running")?.value == 250)
    #expect(row("2020-W52", .workoutCount)?.value == 0)
    #expect(row("2021-W01", .workoutMinutes)?.previousValue == 30)
    #expect(row("2021-W01", .workoutMinutes, "Running") == nil)
    // Goals: the 30-minute run makes 31 Dec an active day; target 5 not met.
    let active = row("2020-W53", .goalMet, "active")
    #expect(active?.value == 1)
    #expect(active?.target == 5)
    #expect(active?.met == false)
    let steps = row("2020-W53", .goalMet, "steps")
    #expect(steps?.value == 0)
    #expect(steps?.daysWithData == 6)
    #expect(steps?.target == nil)
    #expect(steps?.met == nil)
  }

  @Test("a week's mean against the normal range at its last day")
  func position() {
    // 61 days at 10,000 steps with a bump: days alternate 9,000/11,000 until 14 June, then
    // the week of 17-23 June averages 14,000.
    var samples: [Sample] = []
    let asOf = S.day("2024-06-23")
    for k in 0..<70 {
      let day = asOf.adding(days: -k)
      let value: Double = k < 7 ? 14000 : (k % 2 == 0 ? 9000 : 11000)
      samples.append(S.sample(.steps, "\(day) 12:00:00 +0000", minutes: 60, value: value))
    }
    let result = AggregateComputation.compute(samples: samples, asOf: asOf)
    let w = result.weekly.first { $0.week == "2024-W25" && $0.metric == .steps }
    #expect(w?.value == 14000)
    #expect(w?.position == "above")
    let before = result.weekly.first { $0.week == "2024-W24" && $0.metric == .steps }
    #expect(before?.position == "within")
  }

  @Test("no 'target missed' before the whole week is seen: a first week begun mid-week")
  func weeklyTargetDecided() {
    // History from Wed 6 Jan 2027 to as-of Wed 20 Jan: steps every day (so every day is a
    // recorded day), a 30-minute workout on Wed 6, Thu 7, Mon 11 and Wed 20 Jan.
    var samples: [Sample] = []
    for day in S.day("2027-01-06")...S.day("2027-01-20") {
      samples.append(S.sample(.steps, "\(day) 12:00:00 +0000", minutes: 60, value: 5000))
    }
    for day in ["2027-01-06", "2027-01-07", "2027-01-11", "2027-01-20"] {
      samples.append(
        S.sample(.workout, "\(day) 18:00:00 +0000", minutes: 30, value: 30, category: "Running"))
    }
    let r = AggregateComputation.compute(samples: samples, asOf: S.day("2027-01-20"))
    func active(_ week: String) -> WeeklyRow? {
      r.weekly.first { $0.week == week && $0.metric == .goalMet && $0.category == "active" }
    }
    // W01 (Mon 4 – Sun 10 Jan) began before the history: 2 of 5 goal days, not "missed".
    #expect(active("2027-W01")?.value == 2)
    #expect(active("2027-W01")?.met == nil)
    // W02 (11–17 Jan), seen whole: 1 of 5, missed.
    #expect(active("2027-W02")?.value == 1)
    #expect(active("2027-W02")?.met == false)
    // W03 (18–24 Jan), 3 days so far: 1 of 5, still open.
    #expect(active("2027-W03")?.daysInWeek == 3)
    #expect(active("2027-W03")?.met == nil)
    // The weekly streak counts only weeks begun inside the history: W02 and W03.
    let weekly = r.streaks.first { $0.goal == "active" && $0.cadence == "weekly" }!
    #expect(weekly.history == "00")
    #expect(weekly.longest == 0)
  }
}
