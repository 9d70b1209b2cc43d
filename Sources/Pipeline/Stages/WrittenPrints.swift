import Foundation
import HealthSystem

/// The fingerprints (CRC-32 and digest) a stage computed of the files it wrote in this
/// run, by path, so the stage that reads them next need not read them a second time to
/// fingerprint its input: clean takes the samples table's this way after ingest ran
/// (`CleanOptions.knownInputPrint`), aggregate its three tables' after ingest and clean
/// (`AggregateOptions.knownInputPrints`), each checked against the file's size and mtime
/// (`FileFingerprint.stillValid`), as the stamps reuse them (docs/architecture.md).
final class WrittenPrints: @unchecked Sendable {
  private let lock = NSLock()
  private var prints: [String: FileFingerprint] = [:]

  /// Keeps the fingerprints that carry both checksums.
  func keep(_ written: [FileFingerprint]) {
    lock.lock()
    defer { lock.unlock() }
    for print in written where print.crc32 != nil && print.digest != nil {
      prints[print.path] = print
    }
  }

  /// The fingerprints kept for `paths`, by path.
  func prints(of paths: [String]) -> [String: FileFingerprint] {
    lock.lock()
    defer { lock.unlock() }
    var found: [String: FileFingerprint] = [:]
    for path in paths { found[path] = prints[path] }
    return found
  }

  /// The fingerprint kept for `path`, if any.
  func print(of path: String) -> FileFingerprint? {
    lock.lock()
    defer { lock.unlock() }
    return prints[path]
  }
}
