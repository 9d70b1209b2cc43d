import HealthCore

/// The wellness score (docs/aggregate.md, "Scores"): sleep 40 %, condition 35 %, body 25 % of the
/// rounded part scores, renormalised over the parts present; at least two of the three
/// must be present. Computed exactly in whole numbers and rounded half up.
public struct WellnessScore: Sendable, Hashable {
  /// The score 0-100, if there is one.
  public var score: Int64?
  /// Its status word, or "".
  public var status: String
  /// Why there is no score, or "".
  public var note: String

  /// Part weights in percent: sleep, condition, body.
  public static let weights: (sleep: Int64, condition: Int64, body: Int64) = (40, 35, 25)

  /// The score from the rounded part scores.
  public static func compute(sleep: Int64?, condition: Int64?, body: Int64?) -> WellnessScore {
    let parts = [(sleep, weights.sleep), (condition, weights.condition), (body, weights.body)]
      .compactMap { score, weight in score.map { ($0, weight) } }
    guard parts.count >= 2 else {
      return WellnessScore(
        score: nil, status: "", note: "needs 2 of 3 scores (have \(parts.count))")
    }
    let numerator = parts.reduce(Int64(0)) { $0 + $1.0 * $1.1 }
    let denominator = parts.reduce(Int64(0)) { $0 + $1.1 }
    let score = ScoreRounding.halfUp(numerator, over: denominator)
    return WellnessScore(score: score, status: ScoreStatus.word(for: score), note: "")
  }
}
