import Foundation

/// Where the real public exports live: `<repository root>/../shared/data/real`. CI always has
/// the folder; a user's clone may not, and tests that need it are skipped then.
enum RealData {
  /// The repository root (this file is `Tests/IngestTests/Support/RealData.swift`).
  static var repositoryRoot: URL {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url
  }

  /// The folder of real exports.
  static var folder: URL {
    repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real")
  }

  /// Its path, nil when absent.
  static var root: String? { isPresent ? folder.path : nil }

  /// Whether the folder is there.
  static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.path) }

  /// Same as `isPresent`.
  static var available: Bool { isPresent }

  /// Path of a file inside the folder.
  static func file(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

  /// Same as `file(_:)`.
  static func path(_ relative: String) -> String { file(relative) }
}
