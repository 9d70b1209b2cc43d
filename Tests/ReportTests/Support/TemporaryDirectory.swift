import Foundation

/// A fresh folder under the system temporary directory, removed when dropped.
final class TemporaryDirectory {
  let path: String

  init(_ label: String = "report") {
    path = NSTemporaryDirectory() + "/\(label)-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }
}
