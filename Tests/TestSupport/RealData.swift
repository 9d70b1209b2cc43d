import Foundation

/// Where the real public exports live: `<repository root>/../shared/data/real`, read in
/// place, never copied. CI always has the folder; a user's clone may not, and tests that
/// need it are skipped then (`.enabled(if: RealData.isPresent, ...)`).
public enum RealData {
  /// The repository root (this file is `Tests/TestSupport/RealData.swift`).
  public static var repositoryRoot: URL {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }

  /// The folder of real exports.
  public static var folder: URL {
    repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real")
  }

  /// Whether the folder is there.
  public static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.path) }

  /// Its path, nil when absent.
  public static var root: String? { isPresent ? folder.path : nil }

  /// Path of a file inside the folder.
  public static func path(_ relative: String) -> String {
    folder.appendingPathComponent(relative).path
  }
}
