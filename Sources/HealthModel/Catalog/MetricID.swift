/// A metric's identifier in the samples table: a catalog id (`steps`, `hrvSDNN`, ...) or,
/// for a type the catalog does not know, the raw type name from the input, so nothing is
/// dropped (`HKQuantityTypeIdentifierDietaryZinc`, `zinc`, ...).
public struct MetricID: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The id as written in tables.
  public var rawValue: String

  /// Wraps a raw id.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Wraps a raw id.
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { rawValue = value }

  /// The catalog entry, if this is a catalog id.
  public var info: MetricInfo? { MetricCatalog.byID[self] }

  public var description: String { rawValue }
  public static func < (a: MetricID, b: MetricID) -> Bool { a.rawValue < b.rawValue }
}

extension MetricID {
  public static let steps: MetricID = "steps"
  public static let activeEnergy: MetricID = "activeEnergy"
  public static let basalEnergy: MetricID = "basalEnergy"
  public static let distance: MetricID = "distance"
  public static let cyclingDistance: MetricID = "cyclingDistance"
  public static let swimmingDistance: MetricID = "swimmingDistance"
  public static let exerciseMinutes: MetricID = "exerciseMinutes"
  public static let standMinutes: MetricID = "standMinutes"
  public static let standHours: MetricID = "standHours"
  public static let flightsClimbed: MetricID = "flightsClimbed"
  public static let timeInDaylight: MetricID = "timeInDaylight"
  public static let mindfulMinutes: MetricID = "mindfulMinutes"
  public static let dietaryEnergy: MetricID = "dietaryEnergy"
  public static let dietaryWater: MetricID = "dietaryWater"
  public static let heartRate: MetricID = "heartRate"
  public static let restingHeartRate: MetricID = "restingHeartRate"
  public static let walkingHeartRate: MetricID = "walkingHeartRate"
  public static let hrvSDNN: MetricID = "hrvSDNN"
  public static let hrvRMSSD: MetricID = "hrvRMSSD"
  public static let spo2: MetricID = "spo2"
  public static let respiratoryRate: MetricID = "respiratoryRate"
  public static let vo2Max: MetricID = "vo2Max"
  public static let hrRecovery: MetricID = "hrRecovery"
  public static let wristTemperature: MetricID = "wristTemperature"
  public static let bodyTemperature: MetricID = "bodyTemperature"
  public static let bloodPressureSystolic: MetricID = "bloodPressureSystolic"
  public static let bloodPressureDiastolic: MetricID = "bloodPressureDiastolic"
  public static let bloodGlucose: MetricID = "bloodGlucose"
  public static let bodyMass: MetricID = "bodyMass"
  public static let bodyFat: MetricID = "bodyFat"
  public static let bmi: MetricID = "bmi"
  public static let leanBodyMass: MetricID = "leanBodyMass"
  public static let height: MetricID = "height"
  public static let sleep: MetricID = "sleep"
  public static let workout: MetricID = "workout"
  public static let workoutEnergy: MetricID = "workoutEnergy"
  public static let workoutDistance: MetricID = "workoutDistance"
  public static let activitySummaryEnergy: MetricID = "activitySummaryEnergy"
  public static let activitySummaryExercise: MetricID = "activitySummaryExercise"
  public static let activitySummaryStand: MetricID = "activitySummaryStand"
}

// MARK: Health Connect additions (issue 29)

extension MetricID {
  /// Total energy burned (Health Connect's total calories), kcal.
  public static let totalEnergy: MetricID = "totalEnergy"
  /// Elevation gained, metres.
  public static let elevationGained: MetricID = "elevationGained"
  /// Wheelchair pushes.
  public static let wheelchairPushes: MetricID = "wheelchairPushes"
  /// Skin temperature's deviation from the device's own baseline, °C (a ring's or watch's
  /// nightly reading; not an absolute temperature).
  public static let skinTemperatureDeviation: MetricID = "skinTemperatureDeviation"
  /// Basal body temperature, °C.
  public static let basalBodyTemperature: MetricID = "basalBodyTemperature"
  /// Bone mass, kg.
  public static let boneMass: MetricID = "boneMass"
  /// Body water mass, kg.
  public static let bodyWaterMass: MetricID = "bodyWaterMass"
}
