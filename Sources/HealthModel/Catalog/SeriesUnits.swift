/// The unit of each daily series id: the catalog's canonical unit, or that of a derived
/// series (`ln(ms)` for hrvLnSDNN, `min` for sleep, nap and workout minutes, `count` for
/// workout and nap counts, `kcal`/`km` for workout energy/distance, `days` for goal days).
public enum SeriesUnits {
  /// The unit of `metric`'s daily values ("" when unknown).
  public static func unit(of metric: MetricID) -> String {
    switch metric {
    case .hrvLnSDNN, .hrvLnRMSSD: "ln(ms)"
    case .sleepAsleep, .sleepInBed, .sleepCore, .sleepDeep, .sleepREM, .sleepAwake,
      .sleepBedtime, .sleepWake, .workoutMinutes, .napMinutes:
      "min"
    case .workoutCount, .napCount: "count"
    case .goalMet: "days"
    default: metric.info?.canonicalUnit ?? ""
    }
  }
}
