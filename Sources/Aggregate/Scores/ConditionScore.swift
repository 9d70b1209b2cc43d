import HealthCore

/// The condition score (docs/aggregate.md, "Scores") from the day's hrvLnSDNN x:
///
/// - reference μ, σ: base60 if valid, else base14 if valid, else no score
///   (`calibrating n/7`, n = days with HRV in the last 60; `n/21` once n ≥ 7);
///   σ is floored at 0.05;
/// - z = (x − μ)/σ, raw = 70 + 15·z;
/// - resting-HR penalty with Δ = today's RHR − its reference mean (same window rule):
///   0 if Δ < 3, else min(15, 3·(Δ − 2)); ×1.5, at most 20, when z < −0.5 too; none without
///   a resting HR today or a valid reference for it;
/// - score = round half up (clamp(raw − penalty, 0, 100)).
public struct ConditionScore: Sendable, Hashable {
  /// The score 0-100, if there is one.
  public var score: Int64?
  /// z of today's value against the reference.
  public var z: Double?
  /// The resting-HR penalty subtracted (0 when none); nil without a score.
  public var penalty: Double?
  /// `base60`, `base14`, or "".
  public var reference: String
  /// Why there is no score, or "".
  public var note: String

  /// σ never goes below this (ln units).
  public static let sigmaFloor = 0.05

  /// The resting-HR penalty for a rise of `delta` bpm over the reference mean.
  public static func restingHRPenalty(delta: Double, lowHRV: Bool) -> Double {
    guard delta >= 3 else { return 0 }
    let base = min(15, 3 * (delta - 2))
    return lowHRV ? min(20, base * 1.5) : base
  }

  /// The score from the day's baseline rows of hrvLnSDNN and restingHeartRate.
  public static func compute(hrv: BaselineRow?, restingHR: BaselineRow?) -> ConditionScore {
    var result = ConditionScore(score: nil, z: nil, penalty: nil, reference: "", note: "")
    guard let hrv else {
      result.note = "no HRV data"
      return result
    }
    let mu: Double
    let sd: Double
    if let mean = hrv.base60Mean, let s = hrv.base60SD {
      (mu, sd, result.reference) = (mean, s, "base60")
    } else if let mean = hrv.base14Mean, let s = hrv.base14SD {
      (mu, sd, result.reference) = (mean, s, "base14")
    } else {
      let n = Int(hrv.base60Days)
      let need =
        n < WindowRules.base14MinDays ? WindowRules.base14MinDays : WindowRules.base60MinDays
      result.note = "calibrating \(n)/\(need)"
      return result
    }
    guard let x = hrv.value else {
      result.note = "no HRV reading today"
      return result
    }
    let sigma = max(sd, sigmaFloor)
    let z = (x - mu) / sigma
    var penalty = 0.0
    if let rhr = restingHR, let today = rhr.value, let reference = rhr.base60Mean ?? rhr.base14Mean
    {
      penalty = restingHRPenalty(delta: today - reference, lowHRV: z < -0.5)
    }
    result.z = z
    result.penalty = penalty
    result.score = ScoreRounding.halfUp(ScoreRounding.clamp(70 + 15 * z - penalty))
    return result
  }
}
