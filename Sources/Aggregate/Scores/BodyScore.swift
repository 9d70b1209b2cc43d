import HealthModel

/// The body score (docs/aggregate.md, "Scores") on day d.
///
/// Δfat = change in mean body fat, percentage points, of the last 7 days [d−6, d] against
/// the 7 before [d−13, d−7]; Δw = |% change| of mean weight likewise. Each needs ≥ 2
/// readings in each week, a reading being a day with a value (the day's last measurement).
/// score = clamp(75 − 25·Δfat − 10·max(0, Δw − 0.5), 0, 100), rounded half up; without fat
/// data the Δfat term is 0; without enough weight readings there is no score.
public struct BodyScore: Sendable, Hashable {
  /// The score 0-100, if there is one.
  public var score: Int64?
  /// Δfat in percentage points, if both weeks had enough readings.
  public var fatChange: Double?
  /// Δw in percent, if both weeks had enough readings.
  public var weightChangePercent: Double?
  /// Why there is no score, or "".
  public var note: String

  /// Readings needed in each of the two weeks.
  public static let minReadingsPerWeek = 2

  /// The score from the formula, before rounding, for Δfat (nil: no fat data) and Δw.
  public static func raw(fatChange: Double?, weightChangePercent dw: Double) -> Double {
    ScoreRounding.clamp(75 - 25 * (fatChange ?? 0) - 10 * max(0, dw - 0.5))
  }

  /// The score on `day` from the daily bodyFat (fraction) and bodyMass series.
  public static func compute(fat: DaySeries, weight: DaySeries, day d: LocalDay) -> BodyScore {
    var result = BodyScore(score: nil, fatChange: nil, weightChangePercent: nil, note: "")
    let recent = d.adding(days: -6)...d
    let before = d.adding(days: -13)...d.adding(days: -7)
    let fatNow = fat.values(in: recent)
    let fatBefore = fat.values(in: before)
    if fatNow.count >= minReadingsPerWeek, fatBefore.count >= minReadingsPerWeek,
      let a = Statistics.mean(fatNow), let b = Statistics.mean(fatBefore)
    {
      result.fatChange = 100 * (a - b)
    }
    let wNow = weight.values(in: recent)
    let wBefore = weight.values(in: before)
    guard wNow.count >= minReadingsPerWeek, wBefore.count >= minReadingsPerWeek,
      let a = Statistics.mean(wNow), let b = Statistics.mean(wBefore), b != 0
    else {
      result.note =
        "needs \(minReadingsPerWeek) weight readings in each of the last two weeks "
        + "(have \(wBefore.count) and \(wNow.count))"
      return result
    }
    let dw = 100 * abs(a - b) / b
    result.weightChangePercent = dw
    result.score = ScoreRounding.halfUp(raw(fatChange: result.fatChange, weightChangePercent: dw))
    return result
  }
}
