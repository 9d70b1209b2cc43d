/// Every daily series healthpipe knows (the catalog's metrics and the series the aggregate
/// stage derives), in the order their columns appear in `daily.csv` and the SQLite
/// `daily_wide` view, each with its name, unit word, decimals and meaning
/// (docs/interop.md). A metric not listed is one healthpipe does not know (a raw HealthKit
/// type, a long CSV's own name): it keeps its name as read and goes to `daily-other.csv`.
public enum SeriesVocabulary {
  /// The known series, in column order: activity, heart, breathing and temperature,
  /// blood, body, sleep, workouts, the rest, goals, then the vendors' own series
  /// (`SeriesVocabulary+Vendors.swift`, `GarminFitbitMetrics.swift`).
  public static let all: [SeriesFormat] =
    healthpipeSeries + vendorSeries + GarminFitbitMetrics.series

  /// The series of every source and those healthpipe derives.
  private static let healthpipeSeries: [SeriesFormat] = [
    // Activity
    SeriesFormat(
      .steps, "Steps", unit: "count", decimals: 0,
      "Steps that day: the sum of the day's step samples after source priority (the phone "
        + "counts only where the watch was not counting).", shownUnit: "steps", shownDecimals: 0),
    SeriesFormat(
      .distance, "Walking + running distance", unit: "km", decimals: 2,
      "Walking and running distance that day, summed like steps."),
    SeriesFormat(
      .activeEnergy, "Active energy", unit: "kcal", decimals: 0,
      "Active energy burned that day, summed like steps.", shownDecimals: 0),
    SeriesFormat(
      .basalEnergy, "Resting energy", unit: "kcal", decimals: 0,
      "Resting (basal) energy burned that day."),
    SeriesFormat(
      .exerciseMinutes, "Exercise minutes", unit: "min", decimals: 1,
      "Apple exercise minutes that day."),
    SeriesFormat(
      .standMinutes, "Stand minutes", unit: "min", decimals: 1, "Apple stand minutes that day."),
    SeriesFormat(
      .standHours, "Stand hours", unit: "h", decimals: 0,
      "Hours of the day with at least a minute of standing (Apple's stand hours)."),
    SeriesFormat(
      .flightsClimbed, "Flights climbed", unit: "count", decimals: 0,
      "Flights of stairs climbed that day.", shownUnit: "flights"),
    SeriesFormat(
      .cyclingDistance, "Cycling distance", unit: "km", decimals: 2,
      "Cycling distance that day."),
    SeriesFormat(
      .swimmingDistance, "Swimming distance", unit: "km", decimals: 3,
      "Swimming distance that day (to the metre: pools are 25 or 50 m)."),
    SeriesFormat(
      .timeInDaylight, "Time in daylight", unit: "min", decimals: 1,
      "Minutes spent in daylight that day."),
    // Heart
    SeriesFormat(
      .heartRate, "Heart rate", unit: "bpm", decimals: 1,
      "Mean of the day's heart-rate readings (columns _min and _max: the lowest and highest)."),
    SeriesFormat(
      .restingHeartRate, "Resting heart rate", unit: "bpm", decimals: 1,
      "Mean of the day's resting heart-rate values.", shownDecimals: 0),
    SeriesFormat(
      .walkingHeartRate, "Walking heart rate", unit: "bpm", decimals: 1,
      "Mean of the day's walking heart-rate averages."),
    SeriesFormat(
      .hrvSDNN, "HRV (SDNN)", unit: "ms", decimals: 1,
      "Mean of the day's heart-rate variability readings (SDNN).", shownDecimals: 0),
    SeriesFormat(
      .hrvLnSDNN, "HRV, ln(SDNN)", unit: "ln ms", decimals: 4,
      "Mean of ln(SDNN in ms) over the day's valid HRV readings: the series baselines and the "
        + "condition score use (exp of it is the geometric mean in ms).", shown: "HRV (SDNN)",
      shownUnit: "ms", shownDecimals: 0),
    SeriesFormat(
      .hrvRMSSD, "HRV (RMSSD)", unit: "ms", decimals: 1,
      "Mean of the day's RMSSD readings (other vendors; never mixed into SDNN)."),
    SeriesFormat(
      .hrvLnRMSSD, "HRV, ln(RMSSD)", unit: "ln ms", decimals: 4,
      "Mean of ln(RMSSD in ms) over the day's RMSSD readings: the condition score's measure "
        + "for a person whose devices give RMSSD and no SDNN.", shown: "HRV (RMSSD)",
      shownUnit: "ms", shownDecimals: 0),
    SeriesFormat(
      .hrRecovery, "Heart rate recovery", unit: "bpm", decimals: 1,
      "The day's last one-minute heart-rate recovery (drop after exercise)."),
    SeriesFormat(
      .vo2Max, "VO2 max", unit: "mL/kg/min", decimals: 1, "The day's last VO2 max estimate.",
      shown: "VO₂ max"),
    // Breathing, oxygen, temperature
    SeriesFormat(
      .respiratoryRate, "Respiratory rate", unit: "breaths/min", decimals: 1,
      "Mean of the day's respiratory-rate readings."),
    SeriesFormat(
      .spo2, "Blood oxygen", unit: "%", scale: 100, decimals: 1,
      "Mean of the day's blood-oxygen saturation readings, in percent."),
    SeriesFormat(
      .wristTemperature, "Sleeping wrist temperature", unit: "°C", decimals: 2,
      "Mean of the day's sleeping wrist temperature readings.", shown: "Wrist temperature",
      shownDecimals: 2),
    SeriesFormat(
      .bodyTemperature, "Body temperature", unit: "°C", decimals: 2,
      "Mean of the day's body temperature readings."),
    // Blood
    SeriesFormat(
      .bloodPressureSystolic, "Blood pressure (systolic)", unit: "mmHg", decimals: 1,
      "Mean of the day's systolic blood-pressure readings.", shownDecimals: 0),
    SeriesFormat(
      .bloodPressureDiastolic, "Blood pressure (diastolic)", unit: "mmHg", decimals: 1,
      "Mean of the day's diastolic blood-pressure readings.", shownDecimals: 0),
    SeriesFormat(
      .bloodGlucose, "Blood glucose", unit: "mg/dL", decimals: 1,
      "Mean of the day's blood-glucose readings."),
    // Body
    SeriesFormat(
      .bodyMass, "Weight", unit: "kg", decimals: 2, "The day's last weight reading."),
    SeriesFormat(
      .bodyFat, "Body fat", unit: "%", scale: 100, decimals: 1,
      "The day's last body-fat reading, in percent."),
    SeriesFormat(
      .bmi, "BMI", unit: "kg/m²", decimals: 1, "The day's last body-mass index.", shownUnit: ""),
    SeriesFormat(
      .leanBodyMass, "Lean body mass", unit: "kg", decimals: 2,
      "The day's last lean-body-mass reading."),
    SeriesFormat(.height, "Height", unit: "cm", decimals: 1, "The day's last height reading."),
    // Sleep (the day is the sleep day: a night belongs to the date of its end + 6 h)
    SeriesFormat(
      .sleepAsleep, "Sleep", unit: "min", decimals: 1,
      "Minutes asleep in the night that ends on this sleep day (the date of its end + 6 h), "
        + "from the one source chosen for the night; naps are nap_minutes.", shownUnit: "h"),
    SeriesFormat(
      .sleepInBed, "Time in bed", unit: "min", decimals: 1,
      "Minutes in bed in the night of this sleep day.", shownUnit: "h"),
    SeriesFormat(
      .sleepCore, "Core sleep", unit: "min", decimals: 1, "Core sleep minutes of the night."),
    SeriesFormat(
      .sleepDeep, "Deep sleep", unit: "min", decimals: 1, "Deep sleep minutes of the night."),
    SeriesFormat(
      .sleepREM, "REM sleep", unit: "min", decimals: 1, "REM sleep minutes of the night."),
    SeriesFormat(
      .sleepAwake, "Awake in the night", unit: "min", decimals: 1,
      "Minutes awake during the night."),
    SeriesFormat(
      .sleepBedtime, "Bedtime", unit: "min after 18:00", decimals: 0,
      "When the night's sleep began: minutes after 18:00 local time on the evening before "
        + "the sleep day (23:30 is 330, 00:30 is 390)."),
    SeriesFormat(
      .sleepWake, "Wake time", unit: "min after 00:00", decimals: 0,
      "When the night's sleep ended: minutes after local midnight of the sleep day (07:15 is "
        + "435)."),
    SeriesFormat(
      .napMinutes, "Naps", unit: "min", decimals: 1,
      "Minutes napped on the date the naps started (sleep outside the night's window)."),
    SeriesFormat(
      .napCount, "Nap count", unit: "count", decimals: 0, "Naps started that day."),
    SeriesFormat(
      .sleep, "Sleep samples", unit: "min", decimals: 1,
      "Minutes of sleep-analysis samples that day, before nights are formed.", shown: "Sleep"),
    // Workouts (a workout belongs to the day it started)
    SeriesFormat(
      .workoutCount, "Workouts", unit: "count", decimals: 0,
      "Workouts started that day (workout_count_<activity>: of one activity type)."),
    SeriesFormat(
      .workoutMinutes, "Workout minutes", unit: "min", decimals: 1,
      "Workout minutes that day, without pauses."),
    SeriesFormat(
      .workoutEnergy, "Workout energy", unit: "kcal", decimals: 0,
      "Active energy of the day's workouts."),
    SeriesFormat(
      .workoutDistance, "Workout distance", unit: "km", decimals: 2,
      "Distance of the day's workouts."),
    SeriesFormat(
      .workout, "Workout samples", unit: "min", decimals: 1, "Minutes of workout samples.",
      shown: "Workout"),
    // The rest
    SeriesFormat(
      .mindfulMinutes, "Mindful minutes", unit: "min", decimals: 1, "Mindful minutes that day."),
    SeriesFormat(
      .dietaryEnergy, "Dietary energy", unit: "kcal", decimals: 0, "Energy eaten that day."),
    SeriesFormat(.dietaryWater, "Water", unit: "mL", decimals: 0, "Water drunk that day."),
    SeriesFormat(
      .activitySummaryEnergy, "Move ring", unit: "kcal", decimals: 0,
      "Active energy of Apple's activity summary for the day (the Move ring).",
      shown: "Move ring (active energy)"),
    SeriesFormat(
      .activitySummaryExercise, "Exercise ring", unit: "min", decimals: 1,
      "Exercise minutes of Apple's activity summary for the day."),
    SeriesFormat(
      .activitySummaryStand, "Stand ring", unit: "h", decimals: 0,
      "Stand hours of Apple's activity summary for the day."),
    // Health Connect additions (issue 29)
    SeriesFormat(
      .totalEnergy, "Total energy", unit: "kcal", decimals: 0,
      "Total energy burned that day as the apps recorded it (Health Connect's total "
        + "calories), summed like steps."),
    SeriesFormat(
      .elevationGained, "Elevation gained", unit: "m", decimals: 1,
      "Elevation gained that day, summed like steps."),
    SeriesFormat(
      .wheelchairPushes, "Wheelchair pushes", unit: "count", decimals: 0,
      "Wheelchair pushes that day, summed like steps.", shownUnit: "pushes"),
    SeriesFormat(
      .skinTemperatureDeviation, "Skin temperature deviation", unit: "°C", decimals: 2,
      "Mean of the day's skin-temperature deviations from the device's own baseline."),
    SeriesFormat(
      .basalBodyTemperature, "Basal body temperature", unit: "°C", decimals: 2,
      "Mean of the day's basal body temperature readings."),
    SeriesFormat(
      .boneMass, "Bone mass", unit: "kg", decimals: 2, "The day's last bone-mass reading."),
    SeriesFormat(
      .bodyWaterMass, "Body water mass", unit: "kg", decimals: 2,
      "The day's last body-water-mass reading."),
    // Goals
    SeriesFormat(
      .goalMet, "Goal met", unit: "days", decimals: 0,
      "Per goal (goal_met_<goal>): 1 on a day the goal was met, 0 on a day with data that "
        + "missed it."),
  ]

  /// The format of a known series; nil for a metric healthpipe does not know.
  public static func format(of metric: MetricID) -> SeriesFormat? { byMetric[metric] }

  /// Position of a known series in `all` (column order).
  public static func position(of metric: MetricID) -> Int? { positions[metric] }

  private static let byMetric: [MetricID: SeriesFormat] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.metric, $0) })
  private static let positions: [MetricID: Int] = Dictionary(
    uniqueKeysWithValues: all.enumerated().map { ($1.metric, $0) })

  /// The unit word and scale for a value stored with `storedUnit` in a row of `metric`:
  /// the series' own when the row holds its canonical unit, else the stored unit unchanged
  /// (a raw type's `dBASPL`), scale 1.
  public static func unit(of metric: MetricID, stored storedUnit: String) -> (
    unit: String, scale: Double
  ) {
    guard let f = byMetric[metric], f.storedUnit == storedUnit else { return (storedUnit, 1) }
    return (f.unit, f.scale)
  }

  /// Significant digits for numbers without a known precision (a metric healthpipe does not
  /// know, a raw sample's value): enough for any measurement, none of a Double's binary
  /// noise (docs/interop.md, "Numbers").
  public static let unknownDigits = 6
  /// Significant digits for sample-level values (`samples`, `clean` tables): every digit an
  /// input or a unit conversion gave, without the binary noise.
  public static let sampleDigits = 12
}
