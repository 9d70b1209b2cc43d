import HealthCore
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
    // Duration 0.5 alone: 50.
    #expect(SleepScore.compute(night: night(asleep: 300), bedtimes: [300]).score == 50)
    // Duration 0.5 (50) and consistency 1 (30): (25 + 30) / 80 = 68.75 -> 69.
    let s = SleepScore.compute(night: night(asleep: 300), bedtimes: [300, 300, 300, 300, 300])
    #expect(s.score == 69)
    #expect(s.deepPart == nil)
    // Four bedtimes are not enough for consistency.
    #expect(
      SleepScore.compute(night: night(asleep: 300), bedtimes: [1, 2, 3, 4]).consistencyPart == nil)
    // Stage data with no deep sleep is a deep part of 0: (25 + 0) / 70 = 35.7 -> 36.
    #expect(SleepScore.compute(night: night(asleep: 300, deep: 0), bedtimes: []).score == 36)
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
