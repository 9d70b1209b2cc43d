import HealthModel

/// The errors the generator throws, each a `HealthError` with the documented exit code.
enum SyntheticErrors {
  /// Days out of range (usage error).
  static func badDays(_ days: Int) -> HealthError {
    HealthError.usage(
      "--days must be between 1 and \(SyntheticOptions.maximumDays), not \(days)")
  }

  /// An invariant of the generator did not hold (a bug).
  static func internalError(_ what: String) -> HealthError {
    HealthError.internalError("synthetic generator: \(what)")
  }
}
