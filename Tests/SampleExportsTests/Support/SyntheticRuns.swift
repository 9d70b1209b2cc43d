import Foundation
import HealthModel
import TestSupport

@testable import SampleExports

/// Generated once and shared by the tests that only read them; their folders are removed
/// when the test process exits.
enum SyntheticRuns {
  /// The sample data's layout: 150 days to 2026-11-15, thin density, every format.
  static let sample: SyntheticScratch = shared(
    try! SyntheticTestSupport.generate(SyntheticOptions(days: 150, seed: 42, density: .sample)))

  /// Twelve days of full density (every record a real export would have).
  static let full: SyntheticScratch = shared(
    try! SyntheticTestSupport.generate(
      SyntheticOptions(days: 12, seed: 5), formats: [.appleXML, .appleZip]))

  /// A March run: the spring DST change (8 March 2026) inside the Apple period.
  static let march: SyntheticScratch = shared(
    try! SyntheticTestSupport.generate(
      SyntheticOptions(
        days: 30, seed: 8, end: LocalDay(year: 2026, month: 3, day: 20)!, density: .sample),
      formats: [.appleXML]))

  /// Keeps a scratch folder alive for the whole run and removes it at exit.
  private static func shared(_ scratch: SyntheticScratch) -> SyntheticScratch {
    SharedScratch.register(scratch.path)
    return scratch
  }
}

/// Folders to remove when the test process exits (statics are never deinitialised).
enum SharedScratch {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: [String] = []
  nonisolated(unsafe) private static var installed = false

  static func register(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.append(path)
    if !installed {
      installed = true
      atexit {
        for path in SharedScratch.paths { try? FileManager.default.removeItem(atPath: path) }
      }
    }
  }
}
