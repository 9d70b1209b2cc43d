import Testing

@testable import HealthModel

@Suite("Workout activity names")
struct WorkoutActivityTests {
  @Test("Apple's type identifiers and Health Auto Export's names meet in one spelling")
  func spellings() {
    #expect(
      WorkoutActivity.name("HKWorkoutActivityTypeFunctionalStrengthTraining")
        == "Functional Strength Training")
    #expect(WorkoutActivity.name("Functional Strength Training") == "Functional Strength Training")
    #expect(WorkoutActivity.name("HKWorkoutActivityTypeRunning") == "Running")
    #expect(
      WorkoutActivity.name("HighIntensityIntervalTraining") == "High Intensity Interval Training")
    #expect(WorkoutActivity.name("HKWorkoutActivityTypeHIITWorkout") == "HIIT Workout")
    #expect(WorkoutActivity.name("Other") == "Other")
  }
}
