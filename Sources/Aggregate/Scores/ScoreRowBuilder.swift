import HealthCore
import HealthModel

/// Builds the `scores` row of each day: condition, sleep, body, wellness, status and the
/// coaching line.
struct ScoreRowBuilder {
  let data: DailyData
  let hrv: [Int32: BaselineRow]
  /// ln(RMSSD) windows (empty without RMSSD data).
  let rmssd: [Int32: BaselineRow]
  let restingHR: [Int32: BaselineRow]
  let keyDataDays: Set<Int32>
  /// Days with any recorded data (`DailyData.recordedDays`), for the days since data.
  let recordedDays: Set<Int32>
  /// The earliest of them.
  let firstRecordedDay: Int32?
  /// The goal whose weekly target the coaching looks at, with its states by day.
  let weeklyGoal: (goal: GoalDefinition, target: Int, states: [Int32: GoalDayState])?
  let weekStart: Weekday
  /// The sleep goal the sleep score measures nights against.
  var sleepGoal = SleepGoal.standard

  func row(for d: LocalDay) -> ScoreRow {
    var row = ScoreRow(day: d)
    let condition = ConditionScore.compute(
      sdnn: hrv[d.dayNumber], rmssd: rmssd[d.dayNumber], restingHR: restingHR[d.dayNumber])
    row.condition = condition.score
    row.conditionZ = condition.z
    row.restingHRPenalty = condition.penalty
    row.conditionReference = condition.reference
    row.conditionNote = condition.note
    row.conditionMeasure = condition.measure

    let bedtimes = data.series(.sleepBedtime).values(in: d.adding(days: -13)...d)
    let night = data.nights[d]
    var sleep = SleepScore.compute(night: night, bedtimes: bedtimes, goal: sleepGoal)
    if night == nil, let cut = data.partialNights[d] {
      sleep.note = "night cut by the export at \(cut.exportClock) (partial)"
    }
    row.sleep = sleep.score
    row.sleepDurationPart = sleep.durationPart
    row.sleepConsistencyPart = sleep.consistencyPart
    row.sleepDeepPart = sleep.deepPart
    row.sleepNote = sleep.note

    let body = BodyScore.compute(
      fat: data.series(.bodyFat), weight: data.series(.bodyMass), day: d)
    row.body = body.score
    row.bodyFatChange = body.fatChange
    row.weightChangePercent = body.weightChangePercent
    row.bodyNote = body.note

    let wellness = WellnessScore.compute(
      sleep: sleep.score, condition: condition.score, body: body.score)
    row.wellness = wellness.score
    row.wellnessNote = wellness.note
    row.status = wellness.status

    var context = CoachingContext(
      keyDataDays: (0..<7).filter { keyDataDays.contains(d.adding(days: -$0).dayNumber) }.count,
      daysSinceData: daysSinceData(d), condition: condition, sleep: sleep,
      asleepMinutes: night?.asleep, weekly: weeklyProgress(d))
    context.sleepGoalMinutes = sleepGoal.minutes
    let rule = CoachingRules.choose(context)
    row.coaching = rule.line(for: context)
    row.coachingRule = rule.id
    return row
  }

  /// Days from the last day with recorded data on or before `d` to `d` (for the as-of day:
  /// the facts' `daysSinceData`). Walks back a few weeks (the usual case), then searches
  /// the recorded days themselves, so a long stretch without data costs in proportion to
  /// the data, not to the calendar (walking day by day over a decades-long gap for every
  /// row made aggregate quadratic in the span).
  private func daysSinceData(_ d: LocalDay) -> Int? {
    guard let first = firstRecordedDay else { return nil }
    var day = d
    for _ in 0..<64 where day.dayNumber >= first {
      if recordedDays.contains(day.dayNumber) { return day.distance(to: d) }
      day = day.adding(days: -1)
    }
    let last = recordedDays.lazy.filter { $0 <= d.dayNumber }.max()
    return last.map { Int(d.dayNumber) - Int($0) }
  }

  private func weeklyProgress(_ d: LocalDay) -> CoachingContext.WeeklyProgress? {
    guard let weeklyGoal else { return nil }
    let start = weekStart.weekStart(containing: d)
    let met = (start...d).filter { weeklyGoal.states[$0.dayNumber]?.isMet ?? false }.count
    let todayMet = weeklyGoal.states[d.dayNumber]?.isMet ?? false
    let open = d.distance(to: start.adding(days: 6)) + (todayMet ? 0 : 1)
    return CoachingContext.WeeklyProgress(met: met, target: weeklyGoal.target, daysOpen: open)
  }
}
