import HealthCore

/// The unit of each daily series id: the catalog's canonical unit, or that of a derived
/// series (`ln(ms)` for hrvLnSDNN, `min` for sleep and workout minutes, `count` for workout
/// counts, `kcal`/`km` for workout energy/distance, `days` for goal days).
public enum SeriesUnits {
  /// The unit of `metric`'s daily values ("" when unknown).
  public static func unit(of metric: MetricID) -> String {
    switch metric {
    case .hrvLnSDNN: "ln(ms)"
    case .sleepAsleep, .sleepInBed, .sleepCore, .sleepDeep, .sleepREM, .sleepAwake,
      .sleepBedtime, .sleepWake, .workoutMinutes:
      "min"
    case .workoutCount: "count"
    case .goalMet: "days"
    default: metric.info?.canonicalUnit ?? ""
    }
  }
}
