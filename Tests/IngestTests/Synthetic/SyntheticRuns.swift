import HealthCore

@testable import Ingest

/// Generated once and shared by the tests that only read them.
enum SyntheticRuns {
  /// The sample data's layout: 150 days to 2026-11-15, thin density, every format.
  static let sample: SyntheticScratch = try! SyntheticTestSupport.generate(
    SyntheticOptions(days: 150, seed: 42, density: .sample))

  /// Twelve days of full density (every record a real export would have).
  static let full: SyntheticScratch = try! SyntheticTestSupport.generate(
    SyntheticOptions(days: 12, seed: 5), formats: [.appleXML, .appleZip])

  /// A March run: the spring DST change (8 March 2026) inside the Apple period.
  static let march: SyntheticScratch = try! SyntheticTestSupport.generate(
    SyntheticOptions(
      days: 30, seed: 8, end: LocalDay(year: 2026, month: 3, day: 20)!, density: .sample),
    formats: [.appleXML])
}
