import HealthCore

/// Rule: a sleep row must name a sleep stage (`SleepStage` raw value) in its category, or
/// sleep arbitration cannot tell asleep from in-bed; otherwise it is rejected
/// (`unknown-category`). Ingest already rejects unknown stages; this guards tables written
/// by other means.
enum SleepStageRule {
  /// Whether the sample passes.
  static func passes(category: String, isSleep: Bool) -> Bool {
    !isSleep || SleepStage(rawValue: category) != nil
  }

  /// `sleep stage 'nap' is not one of inBed, asleepUnspecified, ...`.
  static func reason(category: String) -> String {
    "sleep stage '\(category)' is not one of "
      + SleepStage.allCases.map(\.rawValue).joined(separator: ", ")
  }
}
