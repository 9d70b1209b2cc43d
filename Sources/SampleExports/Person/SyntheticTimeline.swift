import Foundation
import HealthModel

/// The synthetic person's life, one `DayPlan` per local day, from the day before the
/// Health Auto Export CSV period to the day after the Apple export.
///
/// Slow processes run day by day in order (fitness, weight, illness); everything else about
/// a day comes from streams seeded by the run's seed and the day, so it never depends on
/// which formats are written.
struct SyntheticTimeline: Sendable {
  let options: SyntheticOptions
  let calendar: SyntheticCalendar
  /// First day with a plan.
  let firstDay: LocalDayNumber
  /// Plans, `firstDay` first (nil for days no requested period needs).
  let plans: [DayPlan?]

  /// The plan of a day (nil outside the timeline or the periods asked for).
  func plan(_ day: LocalDayNumber) -> DayPlan? {
    let i = day - firstDay
    return i >= 0 && i < plans.count ? plans[i] : nil
  }

  /// Builds the plans of the periods `needs` (all by default). A plan depends only on its
  /// day, the slow state and its neighbours' sleep and workouts, so leaving periods out
  /// never changes the others.
  init(_ options: SyntheticOptions, needs: Set<SyntheticPeriod>? = nil) throws {
    self.options = options
    let calendar = try SyntheticCalendar(options)
    self.calendar = calendar
    let seed = options.seed
    let first = calendar.csvFirst - 1
    let last = calendar.appleLast + 1
    firstDay = first
    let count = last - first + 1
    let zones = calendar.zones

    // 1. Slow state.
    let slow = SlowState(seed: seed, first: first, count: count)

    // 2. Sleep timing of the night ending on each day (one extra for the last day's
    //    evening).
    var timings: [SleepTiming] = []
    for i in 0...count {
      let day = first + i
      var rng = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 2)
      timings.append(
        SleepPlanner.timing(
          day: day, weekday: Self.weekday(day), sick: slow.sick[i], low: slow.low[i],
          arrival: calendar.tripDay(day) == 0, zones: zones, rng: &rng))
    }

    // 3. Workouts, then 4. physiology that answers to them and to sleep.
    var workouts: [[WorkoutPlan]] = []
    for i in 0..<count {
      let day = first + i
      var rng = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 3)
      let awake = Span(start: timings[i].sleep.end, end: timings[i + 1].inBed.start)
      workouts.append(
        WorkoutPlanner.plan(
          day: day, weekday: Self.weekday(day), sick: slow.sick[i], low: slow.low[i],
          travelDay: calendar.tripDay(day), awake: awake, zones: zones, rng: &rng))
    }

    var ranges: [ClosedRange<LocalDayNumber>] = []
    for period in needs ?? [.autoExportCSV, .autoExportJSON, .apple] {
      let r = calendar.range(of: period)
      ranges.append((r.lowerBound - 1)...(r.upperBound + 1))
    }
    var plans: [DayPlan?] = []
    plans.reserveCapacity(count)
    for i in 0..<count {
      let day = first + i
      guard ranges.contains(where: { $0.contains(day) }) else {
        plans.append(nil)
        continue
      }
      let planner = SyntheticDayPlanner(
        seed: seed, calendar: calendar, day: day, sick: slow.sick[i], low: slow.low[i],
        fitness: slow.fitness[i], weight: slow.weight[i], fat: slow.fat[i], timing: timings[i],
        windowEnd: timings[i + 1].inBed.start, workouts: workouts[i],
        hardYesterday: i > 0 && workouts[i - 1].contains { $0.hard })
      plans.append(planner.plan())
    }
    self.plans = plans
  }

  /// The ISO weekday of a day (1 Monday ... 7 Sunday).
  static func weekday(_ day: LocalDayNumber) -> Int { LocalDay(dayNumber: Int32(day)).isoWeekday }
}

extension SyntheticCalendar {
  /// The day's index in its trip (0 the travel day), nil at home.
  func tripDay(_ day: LocalDayNumber) -> Int? {
    for t in trips where day >= t.first && day <= t.last { return day - t.first }
    return nil
  }
}
