import HealthModel
import Testing

@testable import Ingest

/// The numbers a Health Connect database stores for an exercise and a sleep stage, against
/// AOSP's own constants copied by hand from
/// `framework/java/android/health/connect/datatypes/ExerciseSessionType.java` (the
/// platform's numbering, 0 ... 61 with no gaps, not Jetpack's, which has gaps) and
/// `SleepSessionRecord.StageType` (0 unknown, 1 awake, 2 sleeping, 3 out of bed, 4 light,
/// 5 deep, 6 REM, 7 awake in bed).
@Suite struct HealthConnectConstantsTests {
  @Test(
    "exercise_type numbers name the activity AOSP defines for them",
    arguments: [
      (0, "Other"),  // UNKNOWN
      (4, "Cycling"),  // BIKING
      (5, "Indoor Cycling"),  // BIKING_STATIONARY
      (20, "High Intensity Interval Training"),
      (33, "Running"), (34, "Treadmill Running"),
      (45, "Traditional Strength Training"),  // STRENGTH_TRAINING
      (48, "Open Water Swimming"), (49, "Pool Swimming"),
      (53, "Walking"), (56, "Wheelchair"), (57, "Yoga"), (58, "Other Workout"),
      (59, "Stair Climbing Machine"), (60, "Elliptical"), (61, "Rowing Machine"),
    ])
  func exerciseTypes(number: Int64, name: String) {
    #expect(HealthConnectExerciseTypes.name(number) == name)
  }

  @Test("a number AOSP has not defined is named by its number, never guessed")
  func unknownExerciseTypes() {
    #expect(HealthConnectExerciseTypes.name(62) == "Exercise type 62")
    #expect(HealthConnectExerciseTypes.name(-1) == "Exercise type -1")
  }

  @Test("sleep stage_type numbers: awake, out of bed and awake in bed are awake; 0 is none")
  func sleepStages() {
    let expected: [Int64: SleepStage?] = [
      0: nil, 1: .awake, 2: .asleepUnspecified, 3: .awake, 4: .asleepCore, 5: .asleepDeep,
      6: .asleepREM, 7: .awake, 8: nil,
    ]
    for (type, stage) in expected {
      #expect(HealthConnectRecords.sleepStage(type) == stage, "stage_type \(type)")
    }
  }
}
