import HealthModel

/// The metric names a goal condition may test, so a misspelt one (`distanse >= 5`) is
/// refused when the pipeline file is read instead of giving a goal that is never met:
///
/// - the catalog's metrics that have a daily series (every one but the raw `sleep` rows,
///   whose daily values are `sleepAsleep`, `sleepInBed`, ...), and `workout` (one workout's
///   minutes);
/// - the series aggregate derives (`hrvLnSDNN`, `sleepAsleep`, `workoutMinutes`, ...);
/// - HealthKit quantity types kept under their raw names (`HKQuantityTypeIdentifier…`, or
///   Health Auto Export's names for them), which have daily values of their own.
public enum GoalMetrics {
  /// Catalog and derived ids, in catalog order, then derived.
  public static let names: [MetricID] =
    MetricCatalog.all.filter { $0.kind != .sleep }.map(\.id) + MetricID.derivedSeries

  private static let known = Set(names)

  /// Whether a goal may name `metric`.
  public static func isKnown(_ metric: MetricID) -> Bool {
    known.contains(metric) || HealthKitQuantityTypes.entry(named: metric.rawValue) != nil
  }

  /// Series the aggregate derives that add up over a day: no value on a recorded day is 0.
  static let cumulativeDerived: Set<MetricID> = [
    .workout, .workoutCount, .workoutMinutes, .workoutEnergy, .workoutDistance, .napMinutes,
    .napCount,
  ]

  /// Whether a day without a value of `metric` is a day of 0 when the person's devices
  /// recorded anything that day (docs/streaks.md, "What a goal reads"): the catalog's
  /// cumulative metrics (steps, energies, distances, exercise, stand, flights, daylight,
  /// mindful minutes, food and water), workouts, naps, and HealthKit's cumulative types
  /// kept under their raw names. Sleep, heart, body and activity-summary series are not:
  /// no reading is no data.
  public static func isCumulative(_ metric: MetricID) -> Bool {
    if cumulativeDerived.contains(metric) { return true }
    if let info = metric.info { return info.kind == .cumulative }
    return HealthKitQuantityTypes.entry(named: metric.rawValue)?.style.isCumulative ?? false
  }

  /// Why `metric` is refused and what to write instead (the closest known names).
  static func unknown(_ metric: MetricID, in text: String) -> HealthError {
    var hint: String
    if metric.info?.kind == .sleep {
      hint =
        "sleep rows have no daily value of their own; use sleepAsleep (minutes asleep), "
        + "sleepInBed, sleepDeep, sleepREM or sleepCore"
    } else {
      let close = NameSuggestions.closest(to: metric.rawValue, in: names.map(\.rawValue))
      hint =
        close.isEmpty
        ? "goals use a daily series such as steps, exerciseMinutes, sleepAsleep or workout"
        : "did you mean " + close.joined(separator: ", ") + "?"
    }
    hint += " (all names: docs/streaks.md)"
    return HealthError(
      .configError, "goal: unknown metric '\(metric)' in '\(text)'", hint: hint)
  }
}
