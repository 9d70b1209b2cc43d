import HealthModel

/// HealthKit's raw values of its category enums. iOS 8 exports wrote category values as
/// these numbers (`value="0"` in bed, `"1"` asleep) where later exports write the names
/// (`HKCategoryValueSleepAnalysisInBed`); both mean the same (docs/ingest-apple.md).
enum AppleCategoryNumbers {
  /// `HKCategoryValueSleepAnalysis`: 0 in bed, 1 asleep (unspecified), 2 awake, 3 core,
  /// 4 deep, 5 REM. iOS 8 wrote only 0 and 1.
  static func sleepStage(_ text: String) -> SleepStage? {
    switch text {
    case "0": .inBed
    case "1": .asleepUnspecified
    case "2": .awake
    case "3": .asleepCore
    case "4": .asleepDeep
    case "5": .asleepREM
    default: nil
    }
  }

  /// `HKCategoryValueAppleStandHour`: 0 stood, 1 idle. The value's name, as later exports
  /// write it, or nil for another number.
  static func standHourName(_ text: String) -> String? {
    switch text {
    case "0": "HKCategoryValueAppleStandHourStood"
    case "1": "HKCategoryValueAppleStandHourIdle"
    default: nil
    }
  }
}
