/// What kind of defect a record is, if any.
enum DefectKind: UInt8, Sendable {
  case none
  /// The value is outside its metric's range (docs/clean.md, "Ranges").
  case outOfRange
  /// Dated after the export date.
  case future
}

/// One Apple `Record` as numbers, before it becomes text. The value is already rounded to
/// the decimals it is written with, so every consumer (writers and the truth) sees the
/// same number.
struct SyntheticRecord: Sendable {
  var type: SyntheticRecordType
  var source: DeviceSource
  var start: Int64
  var end: Int64
  /// `creationDate` (after `end`: devices sync later).
  var created: Int64
  /// The value in `unit` (category records: 0).
  var value: Double
  /// Category value: a `SleepStageKind` raw value, or for stand hours 1 = stood, 0 = idle.
  var category: UInt8 = 0
  /// Metadata flags (see `RecordMeta`).
  var meta: UInt8 = 0
  /// `HKMetadataKeyHeartRateMotionContext` (0, 1, 2) when `meta` has `.motion`.
  var motion: UInt8 = 0
  /// How many times the record is written (2 or more: exact duplicates).
  var copies: UInt8 = 1
  var defect: DefectKind = .none
  /// Per-record random bits: the device pointer and HRV beats derive from them.
  var noise: UInt64 = 0

  /// The unit as written, per type and source.
  var unit: String { RecordUnits.unit(type, source) }
}

/// Bits of `SyntheticRecord.meta`.
enum RecordMeta {
  /// `HKMetadataKeyHeartRateMotionContext`.
  static let motion: UInt8 = 1
  /// `HKWasUserEntered` = 1.
  static let userEntered: UInt8 = 2
  /// `HKTimeZone` (watch sleep).
  static let timeZone: UInt8 = 4
  /// Withings scale metadata (and `HKWasUserEntered` = 0).
  static let withings: UInt8 = 8
  /// A `HeartRateVariabilityMetadataList` with beats.
  static let beats: UInt8 = 16
  /// `HKWasUserEntered` = 0 (cuff).
  static let notUserEntered: UInt8 = 32
}

/// Units per type and source, and their conversion to healthpipe's canonical units (used
/// by the truth, independently of the readers).
enum RecordUnits {
  /// The unit string written in the XML.
  static func unit(_ type: SyntheticRecordType, _ source: DeviceSource) -> String {
    switch type {
    case .height: "ft"
    case .bodyMass: source == .healthApp ? "lb" : "kg"
    case .leanBodyMass: "kg"
    case .bodyMassIndex, .steps, .flightsClimbed: "count"
    case .bodyFat, .oxygenSaturation: "%"
    case .heartRate, .restingHeartRate, .walkingHeartRate, .respiratoryRate: "count/min"
    case .distance, .cyclingDistance: "mi"
    case .basalEnergy, .activeEnergy: "kcal"
    case .exerciseTime: "min"
    case .environmentalAudio: "dBASPL"
    case .vo2Max: "mL/min\u{00B7}kg"
    case .hrv: "ms"
    case .wristTemperature: "degF"
    case .systolic, .diastolic: "mmHg"
    case .sleepGoal: "hr"
    case .sleepAnalysis, .standHour, .mindfulSession: ""
    }
  }

  /// The value in healthpipe's canonical unit (kg, km, kcal, °C, ms, bpm, min, fraction).
  static func canonical(_ record: SyntheticRecord) -> Double {
    switch record.unit {
    case "lb": record.value * 0.453_592_37
    case "mi": record.value * 1.609_344
    case "ft": record.value * 30.48
    case "degF": (record.value - 32) * 5 / 9
    default: record.value
    }
  }
}
