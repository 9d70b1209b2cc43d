import HealthModel
import Testing

@testable import Aggregate

@Suite("Goals")
struct GoalTests {
  @Test("defaults: active = exercise ≥ 30 or a workout ≥ 20 min (5 a week); steps; sleep")
  func defaults() {
    let settings = AggregateSettings()
    #expect(settings.goals.map(\.name) == ["active", "steps", "sleep"])
    #expect(settings.weeklyActiveTarget == 5)
    #expect(settings.weekStart == .monday)
    #expect(settings.goals[1].conditions == [GoalCondition(metric: .steps, threshold: 8000)])
    #expect(settings.goals[2].conditions == [GoalCondition(metric: .sleepAsleep, threshold: 420)])
  }

  @Test("goals may name every derived daily series, naps included; a misspelt name is refused")
  func goalMetricNames() {
    // The series aggregate writes for a day (docs/streaks.md lists them).
    for name in ["sleepAsleep", "sleepBedtime", "napMinutes", "napCount", "workoutMinutes"] {
      #expect(GoalMetrics.isKnown(MetricID(rawValue: name)), "\(name)")
    }
    #expect(!GoalMetrics.isKnown(MetricID(rawValue: "napMinute")))
    #expect(!GoalMetrics.isKnown(MetricID(rawValue: "distanse")))
  }

  @Test("the active goal day by exercise minutes or by one long-enough workout")
  func activeDays() {
    let a = DailyAggregator(asOf: S.day("2030-01-01"))
    a.add(contentsOf: [
      // 3 June: 35 exercise minutes -> met.
      S.sample(.exerciseMinutes, "2024-06-03 08:00:00 +0000", minutes: 35, value: 35),
      // 4 June: 25 exercise minutes and a 20-minute walk -> met by the workout.
      S.sample(.exerciseMinutes, "2024-06-04 08:00:00 +0000", minutes: 25, value: 25),
      S.sample(.workout, "2024-06-04 18:00:00 +0000", minutes: 20, value: 20, category: "Walking"),
      // 5 June: 10 exercise minutes and two 15-minute workouts (30 in total, none ≥ 20).
      S.sample(.exerciseMinutes, "2024-06-05 08:00:00 +0000", minutes: 10, value: 10),
      S.sample(.workout, "2024-06-05 07:00:00 +0000", minutes: 15, value: 15, category: "Yoga"),
      S.sample(.workout, "2024-06-05 19:00:00 +0000", minutes: 15, value: 15, category: "Yoga"),
      // 6 June: a workout only, 19.5 minutes -> missed.
      S.sample(.workout, "2024-06-06 19:00:00 +0000", minutes: 20, value: 19.5, category: "Run"),
    ])
    let e = GoalEvaluator(goal: GoalDefinition.defaults[0], data: a.finish())
    let days = S.day("2024-06-03")...S.day("2024-06-07")
    #expect(e.states(days) == [.met, .met, .missed, .missed, .noData])
  }

  @Test("exerciseMinutes falls back to the ActivitySummary's exercise time")
  func exerciseFallback() {
    let a = DailyAggregator(asOf: S.day("2030-01-01"))
    a.add(contentsOf: [
      // 3 June: the watch wrote 34 minutes into the summary and no exercise-time record,
      // no workout: met (was "no data").
      S.sample(.activitySummaryExercise, "2024-06-03 00:00:00 +0000", value: 34),
      // 4 June: 10 minutes in the summary only: missed (was "no data").
      S.sample(.activitySummaryExercise, "2024-06-04 00:00:00 +0000", value: 10),
      // 5 June: records exist (5 minutes): they win over the summary's 40.
      S.sample(.exerciseMinutes, "2024-06-05 08:00:00 +0000", minutes: 5, value: 5),
      S.sample(.activitySummaryExercise, "2024-06-05 00:00:00 +0000", value: 40),
    ])
    let e = GoalEvaluator(goal: GoalDefinition.defaults[0], data: a.finish())
    #expect(
      e.states(S.day("2024-06-03")...S.day("2024-06-06")) == [.met, .missed, .missed, .noData])
  }

  @Test("a cumulative series is 0 on a day with any record; no data only on empty days")
  func zeroOnRecordedDays() {
    let a = DailyAggregator(asOf: S.day("2030-01-01"))
    a.add(contentsOf: [
      // 14 Nov: 14,924 steps, no exercise time, no workout: active missed, steps met.
      S.sample(.steps, "2026-11-14 12:00:00 -0500", minutes: 60, value: 14_924),
      // 15 Nov: one heart-rate reading: steps 0 (missed), active missed.
      S.sample(.heartRate, "2026-11-15 09:00:00 -0500", value: 61),
      // 16 Nov: nothing at all. 17 Nov: a weight reading (a recorded day).
      S.sample(.bodyMass, "2026-11-17 07:00:00 -0500", value: 72),
      // 18 Nov: a Walking workout of 30 minutes: Running ≥ 20 missed, any workout met.
      S.sample(.workout, "2026-11-18 18:00:00 -0500", minutes: 30, value: 30, category: "Walking"),
    ])
    let data = a.finish()
    let days = S.day("2026-11-14")...S.day("2026-11-18")
    func states(_ goal: GoalDefinition) -> [GoalDayState] {
      GoalEvaluator(goal: goal, data: data).states(days)
    }
    let (active, steps, sleep) = (
      GoalDefinition.defaults[0], GoalDefinition.defaults[1], GoalDefinition.defaults[2]
    )
    #expect(states(active) == [.missed, .missed, .noData, .missed, .met])
    #expect(states(steps) == [.met, .missed, .noData, .missed, .missed])
    // Sleep is not cumulative: no night recorded is no data, whatever else was recorded.
    #expect(states(sleep) == [.noData, .noData, .noData, .noData, .noData])
    let running = try! GoalDefinition(name: "run", parsing: "workout[Running] >= 20")
    #expect(states(running) == [.missed, .missed, .noData, .missed, .missed])
    // A HealthKit cumulative type kept under its raw name counts 0 too; a discrete one not.
    let protein = try! GoalDefinition(
      name: "protein", parsing: "HKQuantityTypeIdentifierDietaryProtein >= 50")
    #expect(states(protein) == [.missed, .missed, .noData, .missed, .missed])
    let hr = try! GoalDefinition(name: "calm", parsing: "restingHeartRate <= 60")
    #expect(states(hr) == [.noData, .noData, .noData, .noData, .noData])
  }

  @Test("which series count 0 on a recorded day")
  func cumulativeSeries() {
    for m: MetricID in [
      .steps, .exerciseMinutes, .activeEnergy, .distance, .workout, .workoutMinutes,
      .workoutCount, .napMinutes, .dietaryWater, "HKQuantityTypeIdentifierDietaryProtein",
    ] {
      #expect(GoalMetrics.isCumulative(m), "\(m)")
    }
    for m: MetricID in [
      .sleepAsleep, .restingHeartRate, .bodyMass, .hrvLnSDNN, .activitySummaryExercise,
      .vo2Max, "HKQuantityTypeIdentifierUVExposure",
    ] {
      #expect(!GoalMetrics.isCumulative(m), "\(m)")
    }
  }

  @Test("goal text of the pipeline file")
  func parsing() throws {
    let g = try GoalDefinition(
      name: "active", parsing: "exerciseMinutes >= 30 min or workout >= 20", weeklyTarget: 4)
    #expect(
      g.conditions == [
        GoalCondition(metric: .exerciseMinutes, threshold: 30),
        GoalCondition(metric: .workout, threshold: 20),
      ])
    #expect(g.weeklyTarget == 4)
    #expect(g.description == "exerciseMinutes ≥ 30 min or a workout ≥ 20 min")
    let run = try GoalCondition(parsing: "workout[Running] > 20")
    #expect(run.category == "Running")
    #expect(run.comparison == .greaterThan)
    #expect(run.summary == "a Running workout > 20 min")
    #expect(try GoalCondition(parsing: "steps >= 10_000").threshold == 10000)
    #expect(try GoalCondition(parsing: "restingHeartRate <= 60 bpm").comparison == .atMost)
    #expect(GoalDefinition.defaults[1].description == "steps ≥ 8,000")
  }

  @Test("bad goal text is a pipeline error (exit 78)")
  func badParsing() {
    for text in ["steps => 5", "steps >= many", "steps >= 5 kg", "steps", "steps >= 5 or "] {
      #expect(throws: HealthError.self, "\(text)") {
        _ = try GoalDefinition(name: "x", parsing: text)
      }
      do {
        _ = try GoalDefinition(name: "x", parsing: text)
      } catch let e as HealthError {
        #expect(e.code == .configError)
      } catch {}
    }
    #expect(throws: HealthError.self) {
      _ = try GoalDefinition(name: "x", parsing: "steps >= 5", weeklyTarget: 8)
    }
  }
}
