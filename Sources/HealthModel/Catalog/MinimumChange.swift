/// The smallest change of a metric worth words: below it two values are "about the same"
/// (docs/aggregate.md, "Minimum meaningful change"). One table for the aggregate stage
/// (the usual range and the position of a 7-day average in it) and the report (card deltas,
/// the week table, bands, trend sentences).
///
/// Margins are in canonical units. Most are one whole unit as the report shows the metric
/// (1 bpm, 1 min of sleep, 1 step, 0.1 kg, 0.1 breaths/min); blood oxygen is 1 percentage
/// point (the readings are whole percents) and temperatures 0.1 °C (what a thermometer
/// resolves). HRV's is the smallest worthwhile change of the sports-science literature,
/// half the standard deviation of the person's own ln(SDNN) baseline.
public enum MinimumChange {
  /// How a metric's margin is found.
  public enum Rule: Sendable, Hashable {
    /// A fixed margin in canonical units.
    case fixed(Double)
    /// Half the standard deviation of the reference window (base60, else base14) of the
    /// metric's own values; without a reference no change is meaningful yet.
    case halfReferenceSD
  }

  /// Which way a value differs from a reference, once the margin is applied.
  public enum Direction: String, Sendable, Hashable {
    /// Lower by at least the margin.
    case lower
    /// Within the margin: about the same.
    case same
    /// Higher by at least the margin.
    case higher
  }

  /// Differences this close to the margin count as reaching it (binary noise of means).
  static let tolerance = 1e-9

  /// The fixed margins, canonical units.
  static let fixed: [MetricID: Double] = [
    // Heart: whole beats per minute (and whole ms for HRV shown in ms).
    .restingHeartRate: 1, .heartRate: 1, .walkingHeartRate: 1, .hrRecovery: 1,
    .hrvSDNN: 1, .hrvRMSSD: 1,
    // Blood oxygen: 1 percentage point (readings are whole percents).
    .spo2: 0.01,
    // Temperatures: 0.1 °C.
    .wristTemperature: 0.1, .bodyTemperature: 0.1,
    .respiratoryRate: 0.1, .vo2Max: 0.1,
    .bloodPressureSystolic: 1, .bloodPressureDiastolic: 1, .bloodGlucose: 1,
    // Body: 0.1 kg, 0.1 percentage point of body fat, 0.1 BMI.
    .bodyMass: 0.1, .leanBodyMass: 0.1, .bodyFat: 0.001, .bmi: 0.1, .height: 0.1,
    // Activity: whole steps, kcal, minutes, flights; distances to 0.1 km.
    .steps: 1, .activeEnergy: 1, .basalEnergy: 1, .exerciseMinutes: 1, .standMinutes: 1,
    .standHours: 1, .flightsClimbed: 1, .timeInDaylight: 1, .mindfulMinutes: 1,
    .dietaryEnergy: 1, .dietaryWater: 1, .distance: 0.1, .cyclingDistance: 0.1,
    .swimmingDistance: 0.1, .activitySummaryEnergy: 1, .activitySummaryExercise: 1,
    .activitySummaryStand: 1,
    // Sleep: whole minutes (clock times too).
    .sleepAsleep: 1, .sleepInBed: 1, .sleepCore: 1, .sleepDeep: 1, .sleepREM: 1,
    .sleepAwake: 1, .sleepBedtime: 1, .sleepWake: 1, .napMinutes: 1, .napCount: 1,
    // Workouts: whole workouts, minutes and kcal; 0.1 km.
    .workoutCount: 1, .workoutMinutes: 1, .workoutEnergy: 1, .workoutDistance: 0.1,
    // The vendors' own series: whole score points and percents, 0.1 strain and °C, kcal.
    .ouraReadinessScore: 1, .ouraSleepScore: 1, .ouraActivityScore: 1,
    .ouraTemperatureDeviation: 0.1, .whoopRecovery: 0.01, .whoopSleepPerformance: 0.01,
    .whoopDayStrain: 0.1, .whoopEnergy: 1,
    // Garmin's own scores (0-100) and daily heart-rate range: whole points and bpm.
    .garminStressLevel: 1, .garminDailyStress: 1, .garminBodyBattery: 1, .garminSleepScore: 1,
    .garminMinHeartRate: 1, .garminMaxHeartRate: 1,
  ]

  /// The rule for `metric`. A metric not in the table (a raw type healthpipe does not
  /// know) has a margin of 0: every difference counts.
  public static func rule(for metric: MetricID) -> Rule {
    if metric == .hrvLnSDNN || metric == .hrvLnRMSSD { return .halfReferenceSD }
    return .fixed(fixed[metric] ?? 0)
  }

  /// The margin in canonical units. For HRV (ln ms) it is half `referenceSD` (the SD of
  /// the ln values of base60, else base14), nil without one: no HRV change is meaningful
  /// before there is a baseline to judge it by.
  public static func margin(for metric: MetricID, referenceSD: Double? = nil) -> Double? {
    switch rule(for: metric) {
    case .fixed(let m): m
    case .halfReferenceSD: referenceSD.flatMap { $0.isFinite && $0 >= 0 ? 0.5 * $0 : nil }
    }
  }

  /// Whether a difference reaches the margin (|difference| ≥ margin). Without a margin
  /// (HRV without a reference) nothing does.
  public static func isMeaningful(
    _ difference: Double, metric: MetricID, referenceSD: Double? = nil
  ) -> Bool {
    guard difference.isFinite, let m = margin(for: metric, referenceSD: referenceSD) else {
      return false
    }
    return abs(difference) >= m - tolerance && difference != 0
  }

  /// Which way `value` differs from `reference`: `.same` below the margin.
  public static func compare(
    _ value: Double, with reference: Double, metric: MetricID, referenceSD: Double? = nil
  ) -> Direction {
    let d = value - reference
    guard isMeaningful(d, metric: metric, referenceSD: referenceSD) else { return .same }
    return d < 0 ? .lower : .higher
  }

  /// Half the width of the usual range around a base60 mean with sample SD `sd`: the
  /// larger of `sdMultiple`·SD and the margin, so a value outside the range is always a
  /// meaningful change from the usual (docs/aggregate.md, "Windows").
  public static func rangeHalfWidth(metric: MetricID, sd: Double, sdMultiple: Double) -> Double {
    max(sdMultiple * sd, margin(for: metric, referenceSD: sd) ?? 0)
  }
}
