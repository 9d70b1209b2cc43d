import HealthCore
import HealthModel
import Testing

@testable import Aggregate

@Suite("Sleep, body and wellness scores")
struct SleepBodyWellnessTests {
  func night(asleep: Double, deep: Double? = nil) -> SleepNight {
    // A night built from rows: unstaged asleep minutes, or core + deep when deep is given.
    var rows = [
      SleepSegment(
        start: 0, end: Int64(asleep * 60), utcOffset: 0, stage: .asleepUnspecified,
        minutes: asleep, source: "W")
    ]
    if let deep {
      rows[0] = SleepSegment(
        start: 0, end: Int64((asleep - deep) * 60), utcOffset: 0, stage: .asleepCore,
        minutes: asleep - deep, source: "W")
      rows.append(
        SleepSegment(
          start: Int64((asleep - deep) * 60), end: Int64(asleep * 60), utcOffset: 0,
          stage: .asleepDeep, minutes: deep, source: "W"))
    }
    return SleepNight(day: S.day("1970-01-01"), segments: rows)
  }

  @Test("duration part at the edges of the piecewise rule")
  func durationPart() {
    #expect(SleepScore.durationPart(asleep: 420) == 1)
    #expect(SleepScore.durationPart(asleep: 540) == 1)
    #expect(SleepScore.durationPart(asleep: 300) == 0.5)  // (300 − 180) / 240
    #expect(SleepScore.durationPart(asleep: 180) == 0)
    #expect(SleepScore.durationPart(asleep: 100) == 0)
    #expect(SleepScore.durationPart(asleep: 570) == 0.9)  // 1 − 30/300
    #expect(SleepScore.durationPart(asleep: 840) == 0.8)  // capped at 0.2 off
  }

  @Test("consistency and deep parts")
  func parts() {
    #expect(SleepScore.consistencyPart(bedtimeSD: 30) == 1)
    #expect(SleepScore.consistencyPart(bedtimeSD: 60) == 0.5)
    #expect(SleepScore.consistencyPart(bedtimeSD: 90) == 0)
    #expect(SleepScore.deepPart(deep: 72, asleep: 480) == 1)  // 0.15
    #expect(SleepScore.deepPart(deep: 36, asleep: 480) == 0.5)  // 0.075
  }

  @Test("all three parts, weights 50/30/20")
  func allParts() {
    // 480 min asleep (1), bedtimes 300, 330, 360, 300, 330: mean 324, squares
    // 576 + 36 + 1296 + 576 + 36 = 2520, SD = sqrt(630) = 25.1 -> 1; deep 60/480 = 0.125
    // -> 0.8333. Score = 50 + 30 + 20 · 5/6 = 96.67 -> 97.
    let s = SleepScore.compute(
      night: night(asleep: 480, deep: 60), bedtimes: [300, 330, 360, 300, 330])
    #expect(s.durationPart == 1)
    #expect(s.consistencyPart == 1)
    #expect(close(s.deepPart, 60.0 / 480 / 0.15))
    #expect(s.score == 97)
  }

  @Test("weights renormalised over the parts present")
  func renormalised() {
    // 570 min (9 h 30 m, past the goal: no ceiling): duration 1 − 30/300 = 0.9 alone: 90.
    #expect(SleepScore.compute(night: night(asleep: 570), bedtimes: [300]).score == 90)
    // Duration 0.9 (50) and consistency 1 (30): (45 + 30) / 80 = 93.75 -> 94.
    let s = SleepScore.compute(night: night(asleep: 570), bedtimes: [300, 300, 300, 300, 300])
    #expect(s.score == 94)
    #expect(s.deepPart == nil)
    #expect(s.ceiling == nil)
    // Four bedtimes are not enough for consistency.
    #expect(
      SleepScore.compute(night: night(asleep: 570), bedtimes: [1, 2, 3, 4]).consistencyPart == nil)
    // Stage data with no deep sleep is a deep part of 0: (45 + 0) / 70 = 64.29 -> 64.
    #expect(SleepScore.compute(night: night(asleep: 570, deep: 0), bedtimes: []).score == 64)
  }

  /// Five bedtimes 30 minutes apart or less: SD ≤ 30 min, consistency part 1.
  let steady: [Double] = [300, 310, 320, 310, 300]

  @Test("duration ceiling: the issue's nights, worked by hand")
  func ceilingExamples() {
    // 5 h 49 m (349 min) with a steady bedtime and 20 % deep sleep. Parts: duration
    // (349 − 180)/240 = 0.7042, consistency 1, deep 1: 50·0.7042 + 30 + 20 = 85.21, which
    // was "85 excellent". Under 6 h the ceiling is 59·349/360 = 57.20: 57, fair.
    let short = SleepScore.compute(night: night(asleep: 349, deep: 70), bedtimes: steady)
    #expect(close(short.ceiling, 59 * 349.0 / 360))
    #expect(short.score == 57)
    #expect(ScoreStatus.word(for: short.score!) == "fair")
    // A new user's 6 h 44 m (404 min), no bedtimes yet, 20 % deep: (50·0.9333 + 20)/70 =
    // 95.24, which was "95 excellent". Short of the 7 h goal: ceiling 60 + 19·44/60 =
    // 73.93 -> 74, good.
    let newUser = SleepScore.compute(night: night(asleep: 404, deep: 81), bedtimes: [])
    #expect(close(newUser.ceiling, 60 + 19 * 44.0 / 60))
    #expect(newUser.score == 74)
    // 7 h exactly meets the goal: no ceiling, 100.
    let seven = SleepScore.compute(night: night(asleep: 420, deep: 63), bedtimes: steady)
    #expect(seven.ceiling == nil)
    #expect(seven.score == 100)
  }

  @Test("never excellent short of the goal, never better than fair under 6 h, at every minute")
  func ceilingBounds() {
    // Perfect parts (steady bedtime, 20 % deep): only the duration limits the score.
    var previous: Int64 = 0
    for a in stride(from: 1.0, through: 600, by: 1) {
      let s = SleepScore.compute(night: night(asleep: a, deep: a / 5), bedtimes: steady).score!
      if a < 360 { #expect(s <= 59, "\(a) min: \(s)") }
      if a < 420 { #expect(s <= 79, "\(a) min: \(s)") }
      if a >= 420 && a <= 540 { #expect(s >= 85, "\(a) min: \(s)") }
      if a <= 420 { #expect(s >= previous, "\(a) min: \(s) after \(previous)") }
      previous = s
    }
    // The band edges: 359 min 58.84 -> 59; 360 min 60; 419 min 60 + 19·59/60 = 78.68 -> 79.
    func score(_ a: Double) -> Int64? {
      SleepScore.compute(night: night(asleep: a, deep: a / 5), bedtimes: steady).score
    }
    #expect(score(359) == 59)
    #expect(score(360) == 60)
    #expect(score(419) == 79)
    #expect(score(420) == 100)
  }

  @Test("a 7–9 h night with a steady bedtime (SD ≤ 60 min) and ≥ 15 % deep scores ≥ 85")
  func steadyNightsScoreHigh() {
    // SD exactly 60 min: bedtimes 240, 360 ... gives consistency 0.5: 50 + 15 + 20 = 85.
    // Bedtimes 270, 390, 270, 390, 330: mean 330, squares 4·3600 = 14400, /4 = 3600, SD 60.
    let loose: [Double] = [270, 390, 270, 390, 330]
    for a in [420.0, 480, 540] {
      let s = SleepScore.compute(night: night(asleep: a, deep: 0.15 * a), bedtimes: loose)
      #expect(s.consistencyPart == 0.5)
      #expect(s.score == 85, "\(a) min")
    }
  }

  @Test("the sleep goal comes from the pipeline's sleep goal")
  func goalFromSettings() {
    #expect(SleepGoal(goals: GoalDefinition.defaults) == SleepGoal(minutes: 420))
    let eight = try! GoalDefinition(name: "sleep", parsing: "sleepAsleep >= 480")
    #expect(SleepGoal(goals: [eight]) == SleepGoal(minutes: 480))
    let strict = try! GoalDefinition(name: "rest", parsing: "steps >= 1 or sleepAsleep > 450")
    #expect(SleepGoal(goals: [strict]) == SleepGoal(minutes: 450, strict: true))
    #expect(SleepGoal(goals: []) == .standard)
    // With an 8 h goal, 7 h 30 m (450 min) is short: 60 + 19·90/120 = 74.25 -> 74.
    let s = SleepScore.compute(
      night: night(asleep: 450, deep: 90), bedtimes: steady, goal: SleepGoal(minutes: 480))
    #expect(s.score == 74)
    // A '>' goal of 450: 450 itself is short (ceiling 60 + 19 = 79), 451 is not.
    let g = SleepGoal(minutes: 450, strict: true)
    #expect(
      SleepScore.compute(night: night(asleep: 450, deep: 90), bedtimes: steady, goal: g).score == 79
    )
    #expect(
      SleepScore.compute(night: night(asleep: 451, deep: 90), bedtimes: steady, goal: g).score
        == 100)
  }

  @Test("no sleep score without asleep time")
  func noAsleep() {
    let s = SleepScore.compute(night: nil, bedtimes: [])
    #expect(s.score == nil)
    #expect(s.note == "no asleep time recorded for this night")
  }

  func series(_ values: [(Int, Double)], d: LocalDay) -> DaySeries {
    var s = DaySeries(unit: "kg")
    for (ago, v) in values { s.set(v, on: d.adding(days: -ago)) }
    return s
  }

  @Test("body score from weight and fat, last 7 days vs the 7 before")
  func body() {
    let d = S.day("2024-03-31")
    // Weight 80, 80 the week before; 81, 81 this week: Δw = 1.25 % -> 75 − 10·0.75 = 67.5
    // -> 68. Fat 0.20 -> 0.21: Δfat = 1 pp -> 75 − 25 − 7.5 = 42.5 -> 43.
    let weight = series([(10, 80), (8, 80), (3, 81), (0, 81)], d: d)
    let fat = series([(10, 0.20), (8, 0.20), (3, 0.21), (0, 0.21)], d: d)
    let noFat = BodyScore.compute(fat: DaySeries(unit: "fraction"), weight: weight, day: d)
    #expect(noFat.score == 68)
    #expect(close(noFat.weightChangePercent, 1.25))
    #expect(noFat.fatChange == nil)
    let withFat = BodyScore.compute(fat: fat, weight: weight, day: d)
    #expect(close(withFat.fatChange, 1))
    #expect(withFat.score == 43)
    // A change of 0.5 % or less costs nothing: 80 -> 79.6.
    let steady = series([(10, 80), (8, 80), (3, 79.6), (0, 79.6)], d: d)
    #expect(BodyScore.compute(fat: DaySeries(unit: ""), weight: steady, day: d).score == 75)
  }

  @Test("body score needs 2 weight readings in each week")
  func bodyTooFew() {
    let d = S.day("2024-03-31")
    let weight = series([(10, 80), (3, 81), (0, 81)], d: d)
    let b = BodyScore.compute(fat: DaySeries(unit: ""), weight: weight, day: d)
    #expect(b.score == nil)
    #expect(b.note == "needs 2 weight readings in each of the last two weeks (have 1 and 2)")
  }

  @Test("wellness with one, two and three parts, rounded half up")
  func wellness() {
    let one = WellnessScore.compute(sleep: 80, condition: nil, body: nil)
    #expect(one.score == nil)
    #expect(one.note == "needs 2 of 3 scores (have 1)")
    // (40·80 + 35·71) / 75 = 5685 / 75 = 75.8 -> 76.
    let two = WellnessScore.compute(sleep: 80, condition: 71, body: nil)
    #expect(two.score == 76)
    #expect(two.status == "good")
    // (40·80 + 35·70 + 25·60) / 100 = 71.5 -> 72 (half up).
    let three = WellnessScore.compute(sleep: 80, condition: 70, body: 60)
    #expect(three.score == 72)
    // (35·90 + 25·70) / 60 = 4900 / 60 = 81.67 -> 82: excellent.
    let noSleep = WellnessScore.compute(sleep: nil, condition: 90, body: 70)
    #expect(noSleep.score == 82)
    #expect(noSleep.status == "excellent")
  }

  @Test("status words at the band edges")
  func statusWords() {
    #expect(ScoreStatus.word(for: 80) == "excellent")
    #expect(ScoreStatus.word(for: 79) == "good")
    #expect(ScoreStatus.word(for: 40) == "fair")
    #expect(ScoreStatus.word(for: 39) == "tired")
    #expect(ScoreStatus.word(for: 19) == "warning")
  }
}
