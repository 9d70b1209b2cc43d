import HealthCore
import HealthModel

/// The condition score (docs/aggregate.md, "Condition score") from the day's HRV x on the
/// log scale:
///
/// - the measure: ln(SDNN) (`hrvLnSDNN`, Apple Watch) when the person has SDNN (a reading
///   today or in the 60 days before), else ln(RMSSD) (`hrvLnRMSSD`: Health Connect, Oura,
///   WHOOP, Fitbit, Garmin) when they have RMSSD. The two are never mixed: x, μ and σ are
///   always of one measure, and the row says which (`measure`);
/// - reference μ, σ of that measure: base60 if valid, else base14 if valid, else no score
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
  /// The HRV measure the score uses: `SDNN`, `RMSSD`, or "" without HRV data.
  public var measure: String = ""

  /// σ never goes below this (ln units).
  public static let sigmaFloor = 0.05

  /// The resting-HR penalty for a rise of `delta` bpm over the reference mean.
  public static func restingHRPenalty(delta: Double, lowHRV: Bool) -> Double {
    guard delta >= 3 else { return 0 }
    let base = min(15, 3 * (delta - 2))
    return lowHRV ? min(20, base * 1.5) : base
  }

  /// Whether a day's HRV row shows the person has that measure: a reading today, or days
  /// with readings in the 60 before.
  static func hasData(_ row: BaselineRow?) -> Bool {
    guard let row else { return false }
    return row.value != nil || row.base60Days > 0
  }

  /// The score from the day's baseline rows of hrvLnSDNN, hrvLnRMSSD and restingHeartRate:
  /// SDNN when the person has it, else RMSSD.
  public static func compute(sdnn: BaselineRow?, rmssd: BaselineRow?, restingHR: BaselineRow?)
    -> ConditionScore
  {
    if hasData(sdnn) || !hasData(rmssd) {
      var result = compute(hrv: sdnn, restingHR: restingHR)
      if hasData(sdnn) { result.measure = HRVKind.sdnn.rawValue }
      return result
    }
    var result = compute(hrv: rmssd, restingHR: restingHR)
    result.measure = HRVKind.rmssd.rawValue
    return result
  }

  /// The score from the day's baseline rows of one HRV measure (ln units) and
  /// restingHeartRate.
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
