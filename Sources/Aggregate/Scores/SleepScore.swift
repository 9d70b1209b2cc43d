import HealthModel

/// The sleep score of a sleep day (docs/aggregate.md, "Scores"): three parts, weights renormalised
/// over the parts that have data.
///
/// - duration (50): asleep A minutes; 1 for 420 ≤ A ≤ 540; max(0, (A − 180)/240) below;
///   1 − min(0.2, (A − 540)/300) above;
/// - consistency (30): sample SD of bedtimes (minutes after 18:00) over the sleep days
///   d−13 … d that have one, needs ≥ 5; 1 at ≤ 30 min, 0 at ≥ 90, linear between;
/// - deep (20): deep/asleep; 1 at ≥ 0.15, linear to 0 at 0; needs stage data.
///
/// Then the duration ceiling: a night under 6 h is never better than fair (at most
/// 59·A/360), a night short of the sleep goal G never excellent (at most
/// 60 + 19·(A − 360)/(G − 360), under 79); a night that meets the goal has no ceiling.
/// score = round half up(min(weighted parts, ceiling)).
///
/// A score exists only for a sleep day with asleep time (A > 0).
public struct SleepScore: Sendable, Hashable {
  /// The score 0-100, if there is one.
  public var score: Int64?
  /// Duration part 0-1.
  public var durationPart: Double?
  /// Consistency part 0-1.
  public var consistencyPart: Double?
  /// Deep-sleep part 0-1.
  public var deepPart: Double?
  /// Why there is no score, or "".
  public var note: String

  /// The duration ceiling that applied (nil when the night met the goal).
  public var ceiling: Double? = nil

  /// Bedtimes needed in the 14 sleep days for the consistency part.
  public static let consistencyMinNights = 5

  /// Nights shorter than this (6 h) are never better than fair.
  public static let fairBelowMinutes = 360.0

  /// The highest score a night of `a` minutes can have (docs/aggregate.md, "Scores"):
  /// 59·A/360 under 6 h (fair at best); 60 + 19·min(1, (A − 360)/(G − 360)) from 6 h while
  /// the night is short of the goal G (good at best, rising with every minute); none (nil)
  /// once the goal is met. Both pieces rise with A, so the score does too up to the goal.
  public static func ceiling(asleep a: Double, goal: SleepGoal) -> Double? {
    if a < fairBelowMinutes { return 59 * max(0, a) / fairBelowMinutes }
    if goal.isMet(asleep: a) { return nil }
    let span = goal.minutes - fairBelowMinutes
    return 60 + 19 * (span > 0 ? min(1, (a - fairBelowMinutes) / span) : 1)
  }

  /// The duration part for A asleep minutes.
  public static func durationPart(asleep a: Double) -> Double {
    if a < 420 { return max(0, (a - 180) / 240) }
    if a <= 540 { return 1 }
    return 1 - min(0.2, (a - 540) / 300)
  }

  /// The consistency part for a bedtime SD in minutes.
  public static func consistencyPart(bedtimeSD sd: Double) -> Double {
    if sd <= 30 { return 1 }
    if sd >= 90 { return 0 }
    return 1 - (sd - 30) / 60
  }

  /// The deep part for deep and asleep minutes.
  public static func deepPart(deep: Double, asleep: Double) -> Double {
    min(1, max(0, deep / asleep) / 0.15)
  }

  /// The score of `night` given the bedtimes of the sleep days d−13 … d that have one and
  /// the sleep goal.
  public static func compute(
    night: SleepNight?, bedtimes: [Double], goal: SleepGoal = .standard
  ) -> SleepScore {
    var result = SleepScore(
      score: nil, durationPart: nil, consistencyPart: nil, deepPart: nil, note: "")
    guard let night, let asleep = night.asleep, asleep > 0 else {
      result.note = "no asleep time recorded for this night"
      return result
    }
    var weighted = 0.0
    var weights = 0.0
    let duration = durationPart(asleep: asleep)
    result.durationPart = duration
    weighted += 50 * duration
    weights += 50
    if bedtimes.count >= consistencyMinNights, let sd = Statistics.sampleSD(bedtimes) {
      let part = consistencyPart(bedtimeSD: sd)
      result.consistencyPart = part
      weighted += 30 * part
      weights += 30
    }
    if night.hasStages, let deep = night.deep {
      let part = deepPart(deep: deep, asleep: asleep)
      result.deepPart = part
      weighted += 20 * part
      weights += 20
    }
    var raw = 100 * weighted / weights
    if let ceiling = ceiling(asleep: asleep, goal: goal) {
      result.ceiling = ceiling
      raw = min(raw, ceiling)
    }
    result.score = ScoreRounding.halfUp(ScoreRounding.clamp(raw))
    return result
  }
}
