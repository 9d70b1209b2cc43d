/// The watch's and phone's software over time: an update about every seven weeks, with
/// the iOS 16 / watchOS 9 generation arriving on the cutover day.
enum SoftwareVersions {
  /// Steps of seven weeks since the cutover (negative before it).
  static func step(day: LocalDayNumber, cutover: LocalDayNumber) -> Int {
    let d = day - cutover
    return d >= 0 ? d / 49 : -((-d + 48) / 49)
  }

  /// watchOS version at a step.
  static func watchOS(_ step: Int) -> String {
    version(step, before: ["8.0", "8.1", "8.3", "8.4", "8.5", "8.6", "8.7", "8.7.1"], majors: 9)
  }

  /// iOS version at a step.
  static func iOS(_ step: Int) -> String {
    version(
      step, before: ["15.0", "15.1", "15.2", "15.3", "15.4", "15.5", "15.6", "15.7"], majors: 16)
  }

  private static func version(_ step: Int, before: [String], majors first: Int) -> String {
    if step < 0 { return before[max(0, before.count + step)] }
    // Seven releases per major; after the third major Apple moved to year numbers (26).
    let major = step / 7
    let minor = step % 7
    let name = major < 3 ? first + major : 26 + (major - 3)
    return "\(name).\(minor)"
  }
}
