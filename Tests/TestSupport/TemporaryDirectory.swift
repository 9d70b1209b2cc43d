import Foundation

/// A fresh folder under the system temporary directory, removed when dropped.
public final class TemporaryDirectory: @unchecked Sendable {
  /// The folder's path.
  public let path: String

  /// Creates `<tmp>/<label>-<UUID>`.
  public init(_ label: String = "healthpipe-test") {
    path = NSTemporaryDirectory() + "/\(label)-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The path of `name` inside the folder.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Writes bytes to `name` and returns the path.
  @discardableResult
  public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    return file(name)
  }

  /// Writes text to `name` and returns the path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }
}
