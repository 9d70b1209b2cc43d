/// How HealthKit aggregates a quantity type (`HKQuantityAggregationStyle`): a day's value
/// of a cumulative type is a sum, of a discrete type an average with its minimum and
/// maximum.
public enum HealthKitAggregationStyle: Sendable, Hashable {
  /// Amounts that add up (steps, distances, energies, dietary intake, water).
  case cumulative
  /// Measurements of a level (heart rate, speeds, percentages, UV index, sound levels),
  /// with the kind of average HealthKit uses.
  case discrete(DiscreteAverage)

  /// The average HealthKit uses for a discrete type's statistics.
  public enum DiscreteAverage: String, Sendable, Hashable {
    /// The arithmetic mean of the samples.
    case arithmetic
    /// The mean weighted by each sample's duration (heart rate, AFib burden).
    case temporallyWeighted
    /// The equivalent continuous sound level (energy average of dB values).
    case equivalentContinuousLevel
  }

  /// Whether a day's values add up.
  public var isCumulative: Bool { self == .cumulative }
}

/// Apple's own aggregation style of every HealthKit quantity type identifier, as the
/// HealthKit headers declare it (`HKTypeIdentifiers.h` of the iOS 18 SDK, 2024: each
/// identifier's comment gives its unit and style), so that a quantity type the catalog does
/// not map to a metric of its own (it is then ingested under its raw name) is still
/// aggregated by its nature: `HKQuantityTypeIdentifierUVExposure` is a discrete index with
/// unit `count`, not an amount to add up.
///
/// Health Auto Export names the same types after its CSV columns (`Walking Speed`, `Stair
/// Speed: Up`, as the app writes them) and, in JSON, after those columns in snake case
/// (`walking_speed`, `stair_speed_up`); both are looked up too, for the types the app
/// exports under a name of its own.
public enum HealthKitQuantityTypes {
  /// One quantity type.
  public struct Entry: Sendable, Hashable {
    /// The full identifier, `HKQuantityTypeIdentifierUVExposure`.
    public var identifier: String
    /// Apple's aggregation style.
    public var style: HealthKitAggregationStyle
    /// HealthKit's unit for the type, as its header gives it (for reference; values keep
    /// the unit the export wrote).
    public var unit: String
    /// Health Auto Export's CSV column name (without the unit), where known.
    public var autoExportColumn: String?

    init(
      _ name: String, _ style: HealthKitAggregationStyle, unit: String,
      autoExport: String? = nil
    ) {
      identifier = "HKQuantityTypeIdentifier" + name
      self.style = style
      self.unit = unit
      autoExportColumn = autoExport
    }

    /// The Health Auto Export JSON metric name: the column name in snake case.
    public var autoExportName: String? { autoExportColumn.map(HealthKitQuantityTypes.snakeCase) }
  }

  /// Every quantity type identifier HealthKit declares, grouped as Apple's header groups
  /// them.
  public static let all: [Entry] = [
    // Body measurements
    Entry("AppleSleepingWristTemperature", .discrete(.arithmetic), unit: "degC"),
    Entry("BodyFatPercentage", .discrete(.arithmetic), unit: "%"),
    Entry("BodyMass", .discrete(.arithmetic), unit: "kg"),
    Entry("BodyMassIndex", .discrete(.arithmetic), unit: "count"),
    Entry("ElectrodermalActivity", .discrete(.arithmetic), unit: "S"),
    Entry("Height", .discrete(.arithmetic), unit: "m"),
    Entry("LeanBodyMass", .discrete(.arithmetic), unit: "kg"),
    Entry(
      "WaistCircumference", .discrete(.arithmetic), unit: "m", autoExport: "Waist Circumference"),
    // Fitness
    Entry("ActiveEnergyBurned", .cumulative, unit: "kcal"),
    Entry("AppleExerciseTime", .cumulative, unit: "min"),
    Entry("AppleMoveTime", .cumulative, unit: "min"),
    Entry("AppleStandTime", .cumulative, unit: "min"),
    Entry("BasalEnergyBurned", .cumulative, unit: "kcal"),
    Entry("CrossCountrySkiingSpeed", .discrete(.arithmetic), unit: "m/s"),
    Entry("CyclingCadence", .discrete(.arithmetic), unit: "count/min"),
    Entry("CyclingFunctionalThresholdPower", .discrete(.arithmetic), unit: "W"),
    Entry("CyclingPower", .discrete(.arithmetic), unit: "W"),
    Entry("CyclingSpeed", .discrete(.arithmetic), unit: "m/s"),
    Entry("DistanceCrossCountrySkiing", .cumulative, unit: "m"),
    Entry("DistanceCycling", .cumulative, unit: "m"),
    Entry(
      "DistanceDownhillSnowSports", .cumulative, unit: "m",
      autoExport: "Distance Downhill Snow Sports"),
    Entry("DistancePaddleSports", .cumulative, unit: "m"),
    Entry("DistanceRowing", .cumulative, unit: "m"),
    Entry("DistanceSkatingSports", .cumulative, unit: "m"),
    Entry("DistanceSwimming", .cumulative, unit: "m"),
    Entry("DistanceWalkingRunning", .cumulative, unit: "m"),
    Entry("DistanceWheelchair", .cumulative, unit: "m", autoExport: "Wheelchair Distance"),
    Entry("EstimatedWorkoutEffortScore", .discrete(.arithmetic), unit: "appleEffortScore"),
    Entry("FlightsClimbed", .cumulative, unit: "count"),
    Entry("NikeFuel", .cumulative, unit: "count"),
    Entry("PaddleSportsSpeed", .discrete(.arithmetic), unit: "m/s"),
    Entry("PhysicalEffort", .discrete(.arithmetic), unit: "kcal/(kg*hr)"),
    Entry("PushCount", .cumulative, unit: "count", autoExport: "Push Count"),
    Entry("RowingSpeed", .discrete(.arithmetic), unit: "m/s"),
    Entry("RunningPower", .discrete(.arithmetic), unit: "W"),
    Entry("RunningSpeed", .discrete(.arithmetic), unit: "m/s"),
    Entry("StepCount", .cumulative, unit: "count"),
    Entry("SwimmingStrokeCount", .cumulative, unit: "count", autoExport: "Swimming Stroke Count"),
    Entry("UnderwaterDepth", .discrete(.arithmetic), unit: "m"),
    Entry("WorkoutEffortScore", .discrete(.arithmetic), unit: "appleEffortScore"),
    // Hearing health
    Entry(
      "EnvironmentalAudioExposure", .discrete(.equivalentContinuousLevel), unit: "dBASPL",
      autoExport: "Environmental Audio Exposure"),
    Entry("EnvironmentalSoundReduction", .discrete(.equivalentContinuousLevel), unit: "dBASPL"),
    Entry(
      "HeadphoneAudioExposure", .discrete(.equivalentContinuousLevel), unit: "dBASPL",
      autoExport: "Headphone Audio Exposure"),
    // Heart
    Entry("AtrialFibrillationBurden", .discrete(.temporallyWeighted), unit: "%"),
    Entry("HeartRate", .discrete(.temporallyWeighted), unit: "count/s"),
    Entry("HeartRateRecoveryOneMinute", .discrete(.arithmetic), unit: "count/min"),
    Entry("HeartRateVariabilitySDNN", .discrete(.arithmetic), unit: "ms"),
    Entry(
      "PeripheralPerfusionIndex", .discrete(.arithmetic), unit: "%",
      autoExport: "Peripheral Perfusion Index"),
    Entry("RestingHeartRate", .discrete(.arithmetic), unit: "count/min"),
    Entry("VO2Max", .discrete(.arithmetic), unit: "ml/(kg*min)"),
    Entry("WalkingHeartRateAverage", .discrete(.arithmetic), unit: "count/min"),
    // Mobility
    Entry("AppleWalkingSteadiness", .discrete(.arithmetic), unit: "%"),
    Entry("RunningGroundContactTime", .discrete(.arithmetic), unit: "ms"),
    Entry("RunningStrideLength", .discrete(.arithmetic), unit: "m"),
    Entry("RunningVerticalOscillation", .discrete(.arithmetic), unit: "cm"),
    Entry(
      "SixMinuteWalkTestDistance", .discrete(.arithmetic), unit: "m",
      autoExport: "Six-Minute Walking Test Distance"),
    Entry("StairAscentSpeed", .discrete(.arithmetic), unit: "m/s", autoExport: "Stair Speed: Up"),
    Entry(
      "StairDescentSpeed", .discrete(.arithmetic), unit: "m/s", autoExport: "Stair Speed: Down"),
    Entry(
      "WalkingAsymmetryPercentage", .discrete(.arithmetic), unit: "%",
      autoExport: "Walking Asymmetry Percentage"),
    Entry(
      "WalkingDoubleSupportPercentage", .discrete(.arithmetic), unit: "%",
      autoExport: "Walking Double Support Percentage"),
    Entry("WalkingSpeed", .discrete(.arithmetic), unit: "m/s", autoExport: "Walking Speed"),
    Entry(
      "WalkingStepLength", .discrete(.arithmetic), unit: "m", autoExport: "Walking Step Length"),
    // Nutrition
    Entry("DietaryBiotin", .cumulative, unit: "g", autoExport: "Dietary Biotin"),
    Entry("DietaryCaffeine", .cumulative, unit: "g", autoExport: "Dietary Caffeine"),
    Entry("DietaryCalcium", .cumulative, unit: "g", autoExport: "Calcium"),
    Entry("DietaryCarbohydrates", .cumulative, unit: "g", autoExport: "Carbohydrates"),
    Entry("DietaryChloride", .cumulative, unit: "g", autoExport: "Chloride"),
    Entry("DietaryCholesterol", .cumulative, unit: "g", autoExport: "Dietary Cholesterol"),
    Entry("DietaryChromium", .cumulative, unit: "g", autoExport: "Chromium"),
    Entry("DietaryCopper", .cumulative, unit: "g", autoExport: "Copper"),
    Entry("DietaryEnergyConsumed", .cumulative, unit: "kcal"),
    Entry("DietaryFatMonounsaturated", .cumulative, unit: "g", autoExport: "Monounsaturated Fat"),
    Entry("DietaryFatPolyunsaturated", .cumulative, unit: "g", autoExport: "Polyunsaturated Fat"),
    Entry("DietaryFatSaturated", .cumulative, unit: "g", autoExport: "Saturated Fat"),
    Entry("DietaryFatTotal", .cumulative, unit: "g", autoExport: "Total Fat"),
    Entry("DietaryFiber", .cumulative, unit: "g", autoExport: "Fiber"),
    Entry("DietaryFolate", .cumulative, unit: "g", autoExport: "Folate"),
    Entry("DietaryIodine", .cumulative, unit: "g", autoExport: "Iodine"),
    Entry("DietaryIron", .cumulative, unit: "g", autoExport: "Iron"),
    Entry("DietaryMagnesium", .cumulative, unit: "g", autoExport: "Magnesium"),
    Entry("DietaryManganese", .cumulative, unit: "g", autoExport: "Manganese"),
    Entry("DietaryMolybdenum", .cumulative, unit: "g", autoExport: "Molybdenum"),
    Entry("DietaryNiacin", .cumulative, unit: "g", autoExport: "Niacin"),
    Entry("DietaryPantothenicAcid", .cumulative, unit: "g", autoExport: "Pantothenic Acid"),
    Entry("DietaryPhosphorus", .cumulative, unit: "g"),
    Entry("DietaryPotassium", .cumulative, unit: "g", autoExport: "Potassium"),
    Entry("DietaryProtein", .cumulative, unit: "g", autoExport: "Protein"),
    Entry("DietaryRiboflavin", .cumulative, unit: "g", autoExport: "Riboflavin"),
    Entry("DietarySelenium", .cumulative, unit: "g", autoExport: "Selenium"),
    Entry("DietarySodium", .cumulative, unit: "g", autoExport: "Sodium"),
    Entry("DietarySugar", .cumulative, unit: "g", autoExport: "Dietary Sugar"),
    Entry("DietaryThiamin", .cumulative, unit: "g", autoExport: "Thiamin"),
    Entry("DietaryVitaminA", .cumulative, unit: "g", autoExport: "Vitamin A"),
    Entry("DietaryVitaminB12", .cumulative, unit: "g", autoExport: "Vitamin B12"),
    Entry("DietaryVitaminB6", .cumulative, unit: "g", autoExport: "Vitamin B6"),
    Entry("DietaryVitaminC", .cumulative, unit: "g", autoExport: "Vitamin C"),
    Entry("DietaryVitaminD", .cumulative, unit: "g", autoExport: "Vitamin D"),
    Entry("DietaryVitaminE", .cumulative, unit: "g", autoExport: "Vitamin E"),
    Entry("DietaryVitaminK", .cumulative, unit: "g", autoExport: "Vitamin K"),
    Entry("DietaryWater", .cumulative, unit: "mL"),
    Entry("DietaryZinc", .cumulative, unit: "g", autoExport: "Zinc"),
    // Other
    Entry(
      "BloodAlcoholContent", .discrete(.arithmetic), unit: "%", autoExport: "Blood Alcohol Content"),
    Entry("BloodPressureDiastolic", .discrete(.arithmetic), unit: "mmHg"),
    Entry("BloodPressureSystolic", .discrete(.arithmetic), unit: "mmHg"),
    Entry("InsulinDelivery", .cumulative, unit: "IU", autoExport: "Insulin Delivery"),
    Entry(
      "NumberOfAlcoholicBeverages", .cumulative, unit: "count", autoExport: "Alcohol Consumption"),
    Entry("NumberOfTimesFallen", .cumulative, unit: "count", autoExport: "Number of Times Fallen"),
    Entry("TimeInDaylight", .cumulative, unit: "min"),
    Entry("UVExposure", .discrete(.arithmetic), unit: "count"),
    Entry("WaterTemperature", .discrete(.arithmetic), unit: "degC"),
    // Reproductive health
    Entry(
      "BasalBodyTemperature", .discrete(.arithmetic), unit: "degC",
      autoExport: "Basal Body Temperature"),
    // Respiratory
    Entry("AppleSleepingBreathingDisturbances", .discrete(.arithmetic), unit: "count"),
    Entry(
      "ForcedExpiratoryVolume1", .discrete(.arithmetic), unit: "L",
      autoExport: "Forced Expiratory Volume 1"),
    Entry(
      "ForcedVitalCapacity", .discrete(.arithmetic), unit: "L", autoExport: "Forced Vital Capacity"),
    Entry("InhalerUsage", .cumulative, unit: "count", autoExport: "Inhaler Usage"),
    Entry("OxygenSaturation", .discrete(.arithmetic), unit: "%"),
    Entry(
      "PeakExpiratoryFlowRate", .discrete(.arithmetic), unit: "L/min",
      autoExport: "Peak Expiratory Flow Rate"),
    Entry("RespiratoryRate", .discrete(.arithmetic), unit: "count/s"),
    // Vital signs
    Entry("BloodGlucose", .discrete(.arithmetic), unit: "mg/dL"),
    Entry("BodyTemperature", .discrete(.arithmetic), unit: "degC"),
  ]

  private static let byName: [String: Entry] = {
    var map: [String: Entry] = [:]
    for entry in all {
      map[entry.identifier] = entry
      if let column = entry.autoExportColumn { map[column.lowercased()] = entry }
      if let name = entry.autoExportName { map[name] = entry }
    }
    return map
  }()

  /// The entry for a raw metric name: a HealthKit identifier, or a Health Auto Export CSV
  /// column (case-insensitive) or JSON name; nil for names HealthKit does not define.
  public static func entry(named name: String) -> Entry? {
    byName[name] ?? byName[name.lowercased()]
  }

  /// `Stair Speed: Up` → `stair_speed_up`: lower case, every run of other characters than
  /// letters and digits one `_`, none at either end.
  static func snakeCase(_ text: String) -> String {
    var out = ""
    var pendingSeparator = false
    for scalar in text.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        if pendingSeparator && !out.isEmpty { out.append("_") }
        pendingSeparator = false
        out.unicodeScalars.append(scalar)
      } else {
        pendingSeparator = true
      }
    }
    return out
  }
}
