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
      .steps, "Steps", kind: .cumulative, aggregation: .sum, unit: "count", display: "steps",
      apple: [q + "StepCount"], autoExport: ["step_count"], columns: ["Step Count"]),
    MetricInfo(
      .activeEnergy, "Active energy", kind: .cumulative, aggregation: .sum, unit: "kcal",
      apple: [q + "ActiveEnergyBurned"], autoExport: ["active_energy"],
      columns: ["Active Energy"]),
    MetricInfo(
      .basalEnergy, "Resting energy", kind: .cumulative, aggregation: .sum, unit: "kcal",
      apple: [q + "BasalEnergyBurned"], autoExport: ["basal_energy_burned"],
      columns: ["Basal Energy Burned", "Resting Energy"]),
    MetricInfo(
      .distance, "Walking + running distance", kind: .cumulative, aggregation: .sum, unit: "km",
      apple: [q + "DistanceWalkingRunning"], autoExport: ["walking_running_distance"],
      columns: ["Walking + Running Distance"]),
    MetricInfo(
      .cyclingDistance, "Cycling distance", kind: .cumulative, aggregation: .sum, unit: "km",
      apple: [q + "DistanceCycling"], autoExport: ["cycling_distance"],
      columns: ["Cycling Distance"]),
    MetricInfo(
      .swimmingDistance, "Swimming distance", kind: .cumulative, aggregation: .sum, unit: "km",
      apple: [q + "DistanceSwimming"], autoExport: ["swimming_distance"],
      columns: ["Swimming Distance"]),
    MetricInfo(
      .exerciseMinutes, "Exercise minutes", kind: .cumulative, aggregation: .sum, unit: "min",
      apple: [q + "AppleExerciseTime"], autoExport: ["apple_exercise_time"],
      columns: ["Apple Exercise Time"]),
    MetricInfo(
      .standMinutes, "Stand minutes", kind: .cumulative, aggregation: .sum, unit: "min",
      apple: [q + "AppleStandTime"], autoExport: ["apple_stand_time"],
      columns: ["Apple Stand Time"]),
    MetricInfo(
      .standHours, "Stand hours", kind: .cumulative, aggregation: .sum, unit: "count",
      display: "h", apple: [c + "AppleStandHour"], autoExport: ["apple_stand_hour"],
      columns: ["Apple Stand Hour"]),
    MetricInfo(
      .flightsClimbed, "Flights climbed", kind: .cumulative, aggregation: .sum, unit: "count",
      display: "flights", apple: [q + "FlightsClimbed"], autoExport: ["flights_climbed"],
      columns: ["Flights Climbed"]),
    MetricInfo(
      .timeInDaylight, "Time in daylight", kind: .cumulative, aggregation: .sum, unit: "min",
      apple: [q + "TimeInDaylight"], autoExport: ["time_in_daylight"],
      columns: ["Time in Daylight"]),
    MetricInfo(
      .mindfulMinutes, "Mindful minutes", kind: .cumulative, aggregation: .sum, unit: "min",
      apple: [c + "MindfulSession"], autoExport: ["mindful_minutes"],
      columns: ["Mindful Minutes"]),
    MetricInfo(
      .dietaryEnergy, "Dietary energy", kind: .cumulative, aggregation: .sum, unit: "kcal",
      apple: [q + "DietaryEnergyConsumed"], autoExport: ["dietary_energy"],
      columns: ["Dietary Energy"]),
    MetricInfo(
      .dietaryWater, "Water", kind: .cumulative, aggregation: .sum, unit: "mL",
      apple: [q + "DietaryWater"], autoExport: ["dietary_water"], columns: ["Dietary Water"]),
    // Point
    MetricInfo(
      .heartRate, "Heart rate", kind: .point, aggregation: .mean, unit: "count/min",
      display: "bpm", apple: [q + "HeartRate"], autoExport: ["heart_rate"],
      columns: ["Heart Rate"]),
    MetricInfo(
      .restingHeartRate, "Resting heart rate", kind: .point, aggregation: .mean,
      unit: "count/min", display: "bpm", apple: [q + "RestingHeartRate"],
      autoExport: ["resting_heart_rate"], columns: ["Resting Heart Rate"]),
    MetricInfo(
      .walkingHeartRate, "Walking heart rate", kind: .point, aggregation: .mean,
      unit: "count/min", display: "bpm", apple: [q + "WalkingHeartRateAverage"],
      autoExport: ["walking_heart_rate_average"], columns: ["Walking Heart Rate Average"]),
    MetricInfo(
      .hrvSDNN, "HRV (SDNN)", kind: .point, aggregation: .mean, unit: "ms",
      apple: [q + "HeartRateVariabilitySDNN"], autoExport: ["heart_rate_variability"],
      columns: ["Heart Rate Variability"], hrv: .sdnn),
    MetricInfo(
      .hrvRMSSD, "HRV (RMSSD)", kind: .point, aggregation: .mean, unit: "ms",
      autoExport: ["heart_rate_variability_rmssd"], hrv: .rmssd),
    MetricInfo(
      .spo2, "Blood oxygen", kind: .point, aggregation: .mean, unit: "fraction", display: "%",
      displayScale: 100, apple: [q + "OxygenSaturation"], autoExport: ["blood_oxygen_saturation"],
      columns: ["Blood Oxygen Saturation"]),
    MetricInfo(
      .respiratoryRate, "Respiratory rate", kind: .point, aggregation: .mean, unit: "count/min",
      display: "breaths/min", apple: [q + "RespiratoryRate"], autoExport: ["respiratory_rate"],
      columns: ["Respiratory Rate"]),
    MetricInfo(
      .vo2Max, "VO2 max", kind: .point, aggregation: .last, unit: "mL/(kg·min)",
      display: "mL/kg/min", apple: [q + "VO2Max"], autoExport: ["vo2_max"], columns: ["VO2 Max"]),
    MetricInfo(
      .hrRecovery, "Heart rate recovery", kind: .point, aggregation: .last, unit: "count/min",
      display: "bpm", apple: [q + "HeartRateRecoveryOneMinute"],
      autoExport: ["heart_rate_recovery"], columns: ["Cardio Recovery", "Heart Rate Recovery"]),
    MetricInfo(
      .wristTemperature, "Sleeping wrist temperature", kind: .point, aggregation: .mean,
      unit: "degC", display: "°C", apple: [q + "AppleSleepingWristTemperature"],
      autoExport: ["apple_sleeping_wrist_temperature"],
      columns: ["Apple Sleeping Wrist Temperature"]),
    MetricInfo(
      .bodyTemperature, "Body temperature", kind: .point, aggregation: .mean, unit: "degC",
      display: "°C", apple: [q + "BodyTemperature"], autoExport: ["body_temperature"],
      columns: ["Body Temperature"]),
    MetricInfo(
      .bloodPressureSystolic, "Blood pressure (systolic)", kind: .point, aggregation: .mean,
      unit: "mmHg", apple: [q + "BloodPressureSystolic"],
      autoExport: ["blood_pressure_systolic"], columns: ["Blood Pressure [Systolic]"]),
    MetricInfo(
      .bloodPressureDiastolic, "Blood pressure (diastolic)", kind: .point, aggregation: .mean,
      unit: "mmHg", apple: [q + "BloodPressureDiastolic"],
      autoExport: ["blood_pressure_diastolic"], columns: ["Blood Pressure [Diastolic]"]),
    MetricInfo(
      .bloodGlucose, "Blood glucose", kind: .point, aggregation: .mean, unit: "mg/dL",
      apple: [q + "BloodGlucose"], autoExport: ["blood_glucose"], columns: ["Blood Glucose"]),
    // Body
    MetricInfo(
      .bodyMass, "Weight", kind: .body, aggregation: .last, unit: "kg",
      apple: [q + "BodyMass"], autoExport: ["weight_body_mass"],
      columns: ["Weight & Body Mass", "Weight"]),
    MetricInfo(
      .bodyFat, "Body fat", kind: .body, aggregation: .last, unit: "fraction", display: "%",
      displayScale: 100, apple: [q + "BodyFatPercentage"], autoExport: ["body_fat_percentage"],
      columns: ["Body Fat Percentage"]),
    MetricInfo(
      .bmi, "BMI", kind: .body, aggregation: .last, unit: "count", display: "",
      apple: [q + "BodyMassIndex"], autoExport: ["body_mass_index"],
      columns: ["Body Mass Index"]),
    MetricInfo(
      .leanBodyMass, "Lean body mass", kind: .body, aggregation: .last, unit: "kg",
      apple: [q + "LeanBodyMass"], autoExport: ["lean_body_mass"], columns: ["Lean Body Mass"]),
    MetricInfo(
      .height, "Height", kind: .body, aggregation: .last, unit: "cm", apple: [q + "Height"],
      autoExport: ["height"], columns: ["Height"]),
    // Sleep
    MetricInfo(
      .sleep, "Sleep", kind: .sleep, aggregation: .sum, unit: "min",
      apple: [c + "SleepAnalysis"], autoExport: ["sleep_analysis"], columns: ["Sleep Analysis"]),
    // Workouts
    MetricInfo(
      .workout, "Workout", kind: .workout, aggregation: .sum, unit: "min",
      apple: ["Workout"], autoExport: ["workouts"]),
    MetricInfo(.workoutEnergy, "Workout energy", kind: .workout, aggregation: .sum, unit: "kcal"),
    MetricInfo(.workoutDistance, "Workout distance", kind: .workout, aggregation: .sum, unit: "km"),
    // Apple's daily activity summaries
    MetricInfo(
      .activitySummaryEnergy, "Move ring (active energy)", kind: .summary, aggregation: .last,
      unit: "kcal", apple: ["ActivitySummary"]),
    MetricInfo(
      .activitySummaryExercise, "Exercise ring", kind: .summary, aggregation: .last, unit: "min"),
    MetricInfo(
      .activitySummaryStand, "Stand ring", kind: .summary, aggregation: .last, unit: "count",
      display: "h"),
  ]

  // MARK: Health Connect additions (issue 29)

  /// Types Android's Health Connect records that no other format healthpipe reads has
  /// (docs/ingest-health-connect.md, "Tables and metrics"). Kept in their own block so the
  /// entries above stay as they were.
  static let healthConnectAdditions: [MetricInfo] = [
    MetricInfo(
      .totalEnergy, "Total energy", kind: .cumulative, aggregation: .sum, unit: "kcal"),
    MetricInfo(
      .elevationGained, "Elevation gained", kind: .cumulative, aggregation: .sum, unit: "m"),
    MetricInfo(
      .wheelchairPushes, "Wheelchair pushes", kind: .cumulative, aggregation: .sum,
      unit: "count", display: "pushes"),
    MetricInfo(
      .skinTemperatureDeviation, "Skin temperature deviation", kind: .point, aggregation: .mean,
      unit: "degC", display: "°C"),
    MetricInfo(
      .basalBodyTemperature, "Basal body temperature", kind: .point, aggregation: .mean,
      unit: "degC", display: "°C"),
    MetricInfo(.boneMass, "Bone mass", kind: .body, aggregation: .last, unit: "kg"),
    MetricInfo(.bodyWaterMass, "Body water mass", kind: .body, aggregation: .last, unit: "kg"),
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
