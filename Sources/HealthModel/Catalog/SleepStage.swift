/// Sleep analysis stages, stored in the samples table's `category` column by `rawValue`.
public enum SleepStage: String, Sendable, Codable, CaseIterable {
  /// In bed (overlaps the asleep stages).
  case inBed
  /// Asleep without a stage (before iOS 16, and "Asleep"/"Unspecified").
  case asleepUnspecified
  /// Core (light) sleep.
  case asleepCore
  /// Deep sleep.
  case asleepDeep
  /// REM sleep.
  case asleepREM
  /// Awake during the night.
  case awake

  /// Whether the stage counts as asleep.
  public var isAsleep: Bool {
    switch self {
    case .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM: true
    case .inBed, .awake: false
    }
  }

  /// Maps Apple's `HKCategoryValueSleepAnalysis...` values and Health Auto Export's stage
  /// words (`Core`, `Deep`, `REM`, `Awake`, `In Bed`, `Asleep`, `Unspecified`).
  public init?(appleOrAutoExport text: String) {
    var t = Substring(text)
    if t.hasPrefix("HKCategoryValueSleepAnalysis") { t = t.dropFirst(28) }
    switch t.lowercased().replacingOccurrences(of: " ", with: "") {
    case "inbed": self = .inBed
    case "asleep", "asleepunspecified", "unspecified": self = .asleepUnspecified
    case "asleepcore", "core": self = .asleepCore
    case "asleepdeep", "deep": self = .asleepDeep
    case "asleeprem", "rem": self = .asleepREM
    case "awake": self = .awake
    default: return nil
    }
  }
}
