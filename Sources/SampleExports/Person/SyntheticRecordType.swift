/// The Apple Health record types the synthetic person's devices write, in the order the
/// export lists them (real exports group `Record`s by type).
enum SyntheticRecordType: UInt8, Sendable, CaseIterable {
  case height, bodyMass, bodyMassIndex, bodyFat, leanBodyMass
  case heartRate, steps, distance, cyclingDistance, basalEnergy, activeEnergy
  case flightsClimbed, exerciseTime, restingHeartRate, walkingHeartRate
  case environmentalAudio, vo2Max, hrv, oxygenSaturation, respiratoryRate, wristTemperature
  case systolic, diastolic, sleepGoal, sleepAnalysis, standHour, mindfulSession

  private static let q = "HKQuantityTypeIdentifier"
  private static let c = "HKCategoryTypeIdentifier"

  /// The `type` attribute.
  var identifier: String {
    switch self {
    case .height: Self.q + "Height"
    case .bodyMass: Self.q + "BodyMass"
    case .bodyMassIndex: Self.q + "BodyMassIndex"
    case .bodyFat: Self.q + "BodyFatPercentage"
    case .leanBodyMass: Self.q + "LeanBodyMass"
    case .heartRate: Self.q + "HeartRate"
    case .steps: Self.q + "StepCount"
    case .distance: Self.q + "DistanceWalkingRunning"
    case .cyclingDistance: Self.q + "DistanceCycling"
    case .basalEnergy: Self.q + "BasalEnergyBurned"
    case .activeEnergy: Self.q + "ActiveEnergyBurned"
    case .flightsClimbed: Self.q + "FlightsClimbed"
    case .exerciseTime: Self.q + "AppleExerciseTime"
    case .restingHeartRate: Self.q + "RestingHeartRate"
    case .walkingHeartRate: Self.q + "WalkingHeartRateAverage"
    case .environmentalAudio: Self.q + "EnvironmentalAudioExposure"
    case .vo2Max: Self.q + "VO2Max"
    case .hrv: Self.q + "HeartRateVariabilitySDNN"
    case .oxygenSaturation: Self.q + "OxygenSaturation"
    case .respiratoryRate: Self.q + "RespiratoryRate"
    case .wristTemperature: Self.q + "AppleSleepingWristTemperature"
    case .systolic: Self.q + "BloodPressureSystolic"
    case .diastolic: Self.q + "BloodPressureDiastolic"
    case .sleepGoal: "HKDataTypeSleepDurationGoal"
    case .sleepAnalysis: Self.c + "SleepAnalysis"
    case .standHour: Self.c + "AppleStandHour"
    case .mindfulSession: Self.c + "MindfulSession"
    }
  }

  /// The catalog metric id the truth file uses, or the raw type name for types the catalog
  /// does not know (they are ingested under that name).
  var metric: String {
    switch self {
    case .height: "height"
    case .bodyMass: "bodyMass"
    case .bodyMassIndex: "bmi"
    case .bodyFat: "bodyFat"
    case .leanBodyMass: "leanBodyMass"
    case .heartRate: "heartRate"
    case .steps: "steps"
    case .distance: "distance"
    case .cyclingDistance: "cyclingDistance"
    case .basalEnergy: "basalEnergy"
    case .activeEnergy: "activeEnergy"
    case .flightsClimbed: "flightsClimbed"
    case .exerciseTime: "exerciseMinutes"
    case .restingHeartRate: "restingHeartRate"
    case .walkingHeartRate: "walkingHeartRate"
    case .environmentalAudio, .sleepGoal: identifier
    case .vo2Max: "vo2Max"
    case .hrv: "hrvSDNN"
    case .oxygenSaturation: "spo2"
    case .respiratoryRate: "respiratoryRate"
    case .wristTemperature: "wristTemperature"
    case .systolic: "bloodPressureSystolic"
    case .diastolic: "bloodPressureDiastolic"
    case .sleepAnalysis: "sleep"
    case .standHour: "standHours"
    case .mindfulSession: "mindfulMinutes"
    }
  }

  /// Whether the healthpipe catalog knows the type (false: kept under its raw name).
  var inCatalog: Bool { self != .environmentalAudio && self != .sleepGoal }

  /// Category types carry a category value (or none) and no unit.
  var isCategory: Bool {
    self == .sleepAnalysis || self == .standHour || self == .mindfulSession
  }

  /// Decimal places the value is written with (values are rounded to them first, so the
  /// truth sums exactly what the file holds).
  var decimals: Int {
    switch self {
    case .height: 5
    case .bodyMass, .leanBodyMass, .bodyMassIndex: 2
    case .bodyFat: 3
    case .heartRate, .steps, .flightsClimbed, .exerciseTime, .restingHeartRate,
      .walkingHeartRate, .systolic, .diastolic, .sleepGoal:
      0
    case .distance, .cyclingDistance: 5
    case .basalEnergy, .activeEnergy: 3
    case .environmentalAudio, .vo2Max, .oxygenSaturation: 2
    case .hrv, .wristTemperature: 4
    case .respiratoryRate: 1
    case .sleepAnalysis, .standHour, .mindfulSession: 0
    }
  }
}

/// Who wrote a record.
enum DeviceSource: UInt8, Sendable {
  case watch, phone, scale, healthApp, cuff, ring
  /// A sleep app on the phone (`AppleShape.sleepApp`).
  case sleepApp

  /// The `sourceName`.
  var name: String {
    switch self {
    case .watch: PersonProfile.watchName
    case .phone: PersonProfile.phoneName
    case .scale: PersonProfile.scaleName
    case .healthApp: PersonProfile.healthAppName
    case .cuff: PersonProfile.cuffName
    case .ring: PersonProfile.ringName
    case .sleepApp: PersonProfile.sleepAppName
    }
  }
}
