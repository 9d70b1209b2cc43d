/// Android Health Connect's data categories (`HealthDataCategory` in AOSP
/// `framework/java/android/health/connect/HealthDataCategory.java`): the person sets one
/// source order per category on the phone (Settings → Health Connect → Data and access →
/// a category → Data sources and priority), and Android's merge of overlapping records uses
/// the order of the record's category (docs/ingest-health-connect.md, "Priorities").
public enum HealthConnectCategory: Int, Sendable, Hashable, CaseIterable, Codable {
  /// `UNKNOWN` (0).
  case unknown = 0
  /// `ACTIVITY` (1): steps, distance, energy, floors, elevation, exercise, VO2 max, ...
  case activity = 1
  /// `BODY_MEASUREMENTS` (2): weight, body fat, height, lean, bone and water mass, BMR.
  case bodyMeasurements = 2
  /// `CYCLE_TRACKING` (3).
  case cycleTracking = 3
  /// `NUTRITION` (4): hydration, nutrition.
  case nutrition = 4
  /// `SLEEP` (5).
  case sleep = 5
  /// `VITALS` (6): heart rate, HRV, SpO2, respiratory rate, temperatures, blood pressure,
  /// blood glucose.
  case vitals = 6
  /// `WELLNESS` (7): mindfulness.
  case wellness = 7

  /// The name used in facts and messages (`activity`, `bodyMeasurements`, ...).
  public var name: String {
    switch self {
    case .unknown: "unknown"
    case .activity: "activity"
    case .bodyMeasurements: "bodyMeasurements"
    case .cycleTracking: "cycleTracking"
    case .nutrition: "nutrition"
    case .sleep: "sleep"
    case .vitals: "vitals"
    case .wellness: "wellness"
    }
  }

  /// The name as the phone's settings show it (`Activity`, `Body measurements`, ...).
  public var title: String {
    switch self {
    case .unknown: "Unknown"
    case .activity: "Activity"
    case .bodyMeasurements: "Body measurements"
    case .cycleTracking: "Cycle tracking"
    case .nutrition: "Nutrition"
    case .sleep: "Sleep"
    case .vitals: "Vitals"
    case .wellness: "Wellness"
    }
  }

  /// The category of a name written by `name`; nil for any other text.
  public init?(name: String) {
    guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = found
  }

  /// The category of the Health Connect records a metric is read from, following AOSP's
  /// `RecordTypeRecordCategoryMapper` (`framework/java/android/health/connect/internal/
  /// datatypes/utils/`); nil for a metric Health Connect does not record.
  public init?(metric: MetricID) {
    switch metric {
    case .steps, .distance, .activeEnergy, .totalEnergy, .flightsClimbed, .elevationGained,
      .wheelchairPushes, .vo2Max, .workout, .workoutEnergy, .workoutDistance:
      self = .activity
    case .bodyMass, .bodyFat, .height, .leanBodyMass, .boneMass, .bodyWaterMass:
      self = .bodyMeasurements
    case .dietaryWater, .dietaryEnergy: self = .nutrition
    case .sleep: self = .sleep
    case .heartRate, .restingHeartRate, .hrvRMSSD, .spo2, .respiratoryRate, .bodyTemperature,
      .basalBodyTemperature, .skinTemperatureDeviation, .bloodPressureSystolic,
      .bloodPressureDiastolic, .bloodGlucose:
      self = .vitals
    case .mindfulMinutes: self = .wellness
    default: return nil
    }
  }

  /// The metrics whose day totals Android computes with its priority merge
  /// (`PriorityRecordsAggregator`: the `ValueColumnAggregationData` types and session
  /// durations), which clean reproduces for Health Connect inputs (docs/clean.md, "Health
  /// Connect: Android's merge"). Total energy is Android's derived total there; healthpipe
  /// merges the recorded totals the same way (a decision, documented).
  public static let mergedMetrics: Set<MetricID> = [
    .steps, .distance, .activeEnergy, .totalEnergy, .flightsClimbed, .elevationGained,
    .wheelchairPushes, .mindfulMinutes,
  ]
}
