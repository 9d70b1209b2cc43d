/// Workout names for AOSP's `ExerciseSessionType` constants
/// (`framework/java/android/health/connect/datatypes/ExerciseSessionType.java`): the
/// constant's words in title case, with the names Apple exports use where the activity is
/// the same (`BIKING` → `Cycling`, `STRENGTH_TRAINING` → `Traditional Strength Training`),
/// so the days and weeks of a person with both phones group them as one activity.
enum HealthConnectExerciseTypes {
  /// The name of an `exercise_type` value; `Exercise type N` for a number AOSP has not
  /// defined (a newer Android), never a guess.
  static func name(_ type: Int64) -> String {
    guard type >= 0, type < Int64(names.count), let name = names[Int(type)] else {
      return "Exercise type \(type)"
    }
    return name
  }

  /// Names by constant value (0 ... 61); nil marks a gap.
  private static let names: [String?] = [
    "Other",  // 0 UNKNOWN
    "Badminton", "Baseball", "Basketball", "Cycling", "Indoor Cycling", "Boot Camp", "Boxing",
    "Calisthenics", "Cricket", "Dancing", "Exercise Class", "Fencing", "American Football",
    "Australian Football", "Frisbee Disc", "Golf", "Guided Breathing", "Gymnastics",
    "Handball", "High Intensity Interval Training", "Hiking", "Ice Hockey", "Ice Skating",
    "Martial Arts", "Paddling", "Paragliding", "Pilates", "Racquetball", "Rock Climbing",
    "Roller Hockey", "Rowing", "Rugby", "Running", "Treadmill Running", "Sailing",
    "Scuba Diving", "Skating", "Skiing", "Snowboarding", "Snowshoeing", "Soccer", "Softball",
    "Squash", "Stair Climbing", "Traditional Strength Training", "Stretching", "Surfing",
    "Open Water Swimming", "Pool Swimming", "Table Tennis", "Tennis", "Volleyball", "Walking",
    "Water Polo", "Weightlifting", "Wheelchair", "Yoga", "Other Workout",
    "Stair Climbing Machine", "Elliptical", "Rowing Machine",
  ]
}
