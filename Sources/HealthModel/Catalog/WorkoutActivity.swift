/// One spelling for workout activity types across inputs: Apple writes
/// `HKWorkoutActivityTypeFunctionalStrengthTraining`, Health Auto Export writes
/// `Functional Strength Training`; both become the latter, so days and weeks group them as
/// one activity.
public enum WorkoutActivity {
  /// The display name of an activity type as written by any input.
  public static func name(_ raw: String) -> String {
    var text = Substring(raw)
    if text.hasPrefix("HKWorkoutActivityType") { text = text.dropFirst(21) }
    guard !text.contains(" ") else { return String(text) }
    // Split CamelCase at lower→upper and at the end of an acronym (HIITWorkout → HIIT Workout).
    var out = ""
    let chars = Array(text)
    for (i, c) in chars.enumerated() {
      if i > 0, c.isUppercase {
        let previous = chars[i - 1]
        let nextIsLower = i + 1 < chars.count && chars[i + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          out.append(" ")
        }
      }
      out.append(c)
    }
    return out
  }
}
