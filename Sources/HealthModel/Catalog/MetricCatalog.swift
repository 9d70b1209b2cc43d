/// The metric catalog: every metric healthpipe knows by name, with its names in Apple
/// Health XML, Health Auto Export JSON and CSV, its kind and canonical unit.
///
/// Types not listed here are still ingested under their raw names (see `MetricID`).
public enum MetricCatalog {
  private static let q = "HKQuantityTypeIdentifier"
  private static let c = "HKCategoryTypeIdentifier"

  /// All entries, in a stable order: the metrics every source shares, then the vendors'
  /// own series (`MetricCatalog+Vendors.swift`, `GarminFitbitMetrics.swift`), then Health
  /// Connect's additions.
  public static let all: [MetricInfo] =
    shared + vendorSeries + GarminFitbitMetrics.catalog + healthConnectAdditions

  /// The metrics every source shares.
  private static let shared: [MetricInfo] = [
    // Cumulative
    MetricInfo(
      .steps, kind: .cumulative, aggregation: .sum, unit: "count", apple: [q + "StepCount"],
      autoExport: ["step_count"], columns: ["Step Count"]),
    MetricInfo(
      .activeEnergy, kind: .cumulative, aggregation: .sum, unit: "kcal",
      apple: [q + "ActiveEnergyBurned"], autoExport: ["active_energy"],
      columns: ["Active Energy"]),
    MetricInfo(
      .basalEnergy, kind: .cumulative, aggregation: .sum, unit: "kcal",
      apple: [q + "BasalEnergyBurned"], autoExport: ["basal_energy_burned"],
      columns: ["Basal Energy Burned", "Resting Energy"]),
    MetricInfo(
      .distance, kind: .cumulative, aggregation: .sum, unit: "km",
      apple: [q + "DistanceWalkingRunning"], autoExport: ["walking_running_distance"],
      columns: ["Walking + Running Distance"]),
    MetricInfo(
      .cyclingDistance, kind: .cumulative, aggregation: .sum, unit: "km",
      apple: [q + "DistanceCycling"], autoExport: ["cycling_distance"],
      columns: ["Cycling Distance"]),
    MetricInfo(
      .swimmingDistance, kind: .cumulative, aggregation: .sum, unit: "km",
      apple: [q + "DistanceSwimming"], autoExport: ["swimming_distance"],
      columns: ["Swimming Distance"]),
    MetricInfo(
      .exerciseMinutes, kind: .cumulative, aggregation: .sum, unit: "min",
      apple: [q + "AppleExerciseTime"], autoExport: ["apple_exercise_time"],
      columns: ["Apple Exercise Time"]),
    MetricInfo(
      .standMinutes, kind: .cumulative, aggregation: .sum, unit: "min",
      apple: [q + "AppleStandTime"], autoExport: ["apple_stand_time"],
      columns: ["Apple Stand Time"]),
    MetricInfo(
      .standHours, kind: .cumulative, aggregation: .sum, unit: "count",
      apple: [c + "AppleStandHour"], autoExport: ["apple_stand_hour"],
      columns: ["Apple Stand Hour"]),
    MetricInfo(
      .flightsClimbed, kind: .cumulative, aggregation: .sum, unit: "count",
      apple: [q + "FlightsClimbed"], autoExport: ["flights_climbed"],
      columns: ["Flights Climbed"]),
    MetricInfo(
      .timeInDaylight, kind: .cumulative, aggregation: .sum, unit: "min",
      apple: [q + "TimeInDaylight"], autoExport: ["time_in_daylight"],
      columns: ["Time in Daylight"]),
    MetricInfo(
      .mindfulMinutes, kind: .cumulative, aggregation: .sum, unit: "min",
      apple: [c + "MindfulSession"], autoExport: ["mindful_minutes"],
      columns: ["Mindful Minutes"]),
    MetricInfo(
      .dietaryEnergy, kind: .cumulative, aggregation: .sum, unit: "kcal",
      apple: [q + "DietaryEnergyConsumed"], autoExport: ["dietary_energy"],
      columns: ["Dietary Energy"]),
    MetricInfo(
      .dietaryWater, kind: .cumulative, aggregation: .sum, unit: "mL",
      apple: [q + "DietaryWater"], autoExport: ["dietary_water"], columns: ["Dietary Water"]),
    // Point
    MetricInfo(
      .heartRate, kind: .point, aggregation: .mean, unit: "count/min",
      apple: [q + "HeartRate"], autoExport: ["heart_rate"],
      columns: ["Heart Rate"]),
    MetricInfo(
      .restingHeartRate, kind: .point, aggregation: .mean,
      unit: "count/min", apple: [q + "RestingHeartRate"],
      autoExport: ["resting_heart_rate"], columns: ["Resting Heart Rate"]),
    MetricInfo(
      .walkingHeartRate, kind: .point, aggregation: .mean,
      unit: "count/min", apple: [q + "WalkingHeartRateAverage"],
      autoExport: ["walking_heart_rate_average"], columns: ["Walking Heart Rate Average"]),
    MetricInfo(
      .hrvSDNN, kind: .point, aggregation: .mean, unit: "ms",
      apple: [q + "HeartRateVariabilitySDNN"], autoExport: ["heart_rate_variability"],
      columns: ["Heart Rate Variability"], hrv: .sdnn),
    MetricInfo(
      .hrvRMSSD, kind: .point, aggregation: .mean, unit: "ms",
      autoExport: ["heart_rate_variability_rmssd"], hrv: .rmssd),
    MetricInfo(
      .spo2, kind: .point, aggregation: .mean, unit: "fraction", apple: [q + "OxygenSaturation"],
      autoExport: ["blood_oxygen_saturation"],
      columns: ["Blood Oxygen Saturation"]),
    MetricInfo(
      .respiratoryRate, kind: .point, aggregation: .mean, unit: "count/min",
      apple: [q + "RespiratoryRate"], autoExport: ["respiratory_rate"],
      columns: ["Respiratory Rate"]),
    MetricInfo(
      .vo2Max, kind: .point, aggregation: .last, unit: "mL/(kg·min)",
      apple: [q + "VO2Max"], autoExport: ["vo2_max"], columns: ["VO2 Max"]),
    MetricInfo(
      .hrRecovery, kind: .point, aggregation: .last, unit: "count/min",
      apple: [q + "HeartRateRecoveryOneMinute"],
      autoExport: ["heart_rate_recovery"], columns: ["Cardio Recovery", "Heart Rate Recovery"]),
    MetricInfo(
      .wristTemperature, kind: .point, aggregation: .mean,
      unit: "degC", apple: [q + "AppleSleepingWristTemperature"],
      autoExport: ["apple_sleeping_wrist_temperature"],
      columns: ["Apple Sleeping Wrist Temperature"]),
    MetricInfo(
      .bodyTemperature, kind: .point, aggregation: .mean, unit: "degC",
      apple: [q + "BodyTemperature"], autoExport: ["body_temperature"],
      columns: ["Body Temperature"]),
    MetricInfo(
      .bloodPressureSystolic, kind: .point, aggregation: .mean,
      unit: "mmHg", apple: [q + "BloodPressureSystolic"],
      autoExport: ["blood_pressure_systolic"], columns: ["Blood Pressure [Systolic]"]),
    MetricInfo(
      .bloodPressureDiastolic, kind: .point, aggregation: .mean,
      unit: "mmHg", apple: [q + "BloodPressureDiastolic"],
      autoExport: ["blood_pressure_diastolic"], columns: ["Blood Pressure [Diastolic]"]),
    MetricInfo(
      .bloodGlucose, kind: .point, aggregation: .mean, unit: "mg/dL",
      apple: [q + "BloodGlucose"], autoExport: ["blood_glucose"], columns: ["Blood Glucose"]),
    // Body
    MetricInfo(
      .bodyMass, kind: .body, aggregation: .last, unit: "kg",
      apple: [q + "BodyMass"], autoExport: ["weight_body_mass"],
      columns: ["Weight & Body Mass", "Weight"]),
    MetricInfo(
      .bodyFat, kind: .body, aggregation: .last, unit: "fraction", apple: [q + "BodyFatPercentage"],
      autoExport: ["body_fat_percentage"],
      columns: ["Body Fat Percentage"]),
    MetricInfo(
      .bmi, kind: .body, aggregation: .last, unit: "count", apple: [q + "BodyMassIndex"],
      autoExport: ["body_mass_index"],
      columns: ["Body Mass Index"]),
    MetricInfo(
      .leanBodyMass, kind: .body, aggregation: .last, unit: "kg",
      apple: [q + "LeanBodyMass"], autoExport: ["lean_body_mass"], columns: ["Lean Body Mass"]),
    MetricInfo(
      .height, kind: .body, aggregation: .last, unit: "cm", apple: [q + "Height"],
      autoExport: ["height"], columns: ["Height"]),
    // Sleep
    MetricInfo(
      .sleep, kind: .sleep, aggregation: .sum, unit: "min",
      apple: [c + "SleepAnalysis"], autoExport: ["sleep_analysis"], columns: ["Sleep Analysis"]),
    // Workouts
    MetricInfo(
      .workout, kind: .workout, aggregation: .sum, unit: "min",
      apple: ["Workout"], autoExport: ["workouts"]),
    MetricInfo(.workoutEnergy, kind: .workout, aggregation: .sum, unit: "kcal"),
    MetricInfo(.workoutDistance, kind: .workout, aggregation: .sum, unit: "km"),
    // Apple's daily activity summaries
    MetricInfo(
      .activitySummaryEnergy, kind: .summary, aggregation: .last,
      unit: "kcal", apple: ["ActivitySummary"]),
    MetricInfo(
      .activitySummaryExercise, kind: .summary, aggregation: .last, unit: "min"),
    MetricInfo(
      .activitySummaryStand, kind: .summary, aggregation: .last, unit: "count"),
  ]

  // MARK: Health Connect additions (issue 29)

  /// Types Android's Health Connect records that no other format healthpipe reads has
  /// (docs/ingest-health-connect.md, "Tables and metrics"). Kept in their own block so the
  /// entries above stay as they were.
  static let healthConnectAdditions: [MetricInfo] = [
    MetricInfo(
      .totalEnergy, kind: .cumulative, aggregation: .sum, unit: "kcal"),
    MetricInfo(
      .elevationGained, kind: .cumulative, aggregation: .sum, unit: "m"),
    MetricInfo(
      .wheelchairPushes, kind: .cumulative, aggregation: .sum,
      unit: "count"),
    MetricInfo(
      .skinTemperatureDeviation, kind: .point, aggregation: .mean,
      unit: "degC"),
    MetricInfo(
      .basalBodyTemperature, kind: .point, aggregation: .mean,
      unit: "degC"),
    MetricInfo(.boneMass, kind: .body, aggregation: .last, unit: "kg"),
    MetricInfo(.bodyWaterMass, kind: .body, aggregation: .last, unit: "kg"),
  ]

  /// Entries by id.
  public static let byID: [MetricID: MetricInfo] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.id, $0) })

  /// Entries by Apple type identifier.
  public static let byAppleType: [String: MetricInfo] = {
    var map: [String: MetricInfo] = [:]
    for info in all { for t in info.appleTypes { map[t] = info } }
    return map
  }()

  /// Entries by Health Auto Export JSON name.
  public static let byAutoExportName: [String: MetricInfo] = {
    var map: [String: MetricInfo] = [:]
    for info in all { for n in info.autoExportNames { map[n] = info } }
    return map
  }()

  /// Entries by Health Auto Export CSV column name (without the unit), case-folded.
  public static let byAutoExportColumn: [String: MetricInfo] = {
    var map: [String: MetricInfo] = [:]
    for info in all { for n in info.autoExportColumns { map[n.lowercased()] = info } }
    return map
  }()

  /// The key metrics that get windows and baselines (docs/aggregate.md, "Windows").
  public static let keyMetrics: [MetricID] = [
    "hrvLnSDNN", .restingHeartRate, "sleepAsleep", .steps, .activeEnergy, .bodyMass,
    .respiratoryRate, .spo2,
  ]
}
