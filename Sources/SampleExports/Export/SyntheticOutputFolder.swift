import Foundation
import HealthModel

/// Creates the output folder of `healthpipe sample`.
public enum SyntheticOutputFolder {
  /// Creates `path` and its parents if missing; exit 73 when it cannot be made.
  public static func create(_ path: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw HealthError(
          .cannotCreate, "output folder is a file", at: SourceLocation(file: path),
          hint: "choose a folder for --out")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw HealthError(
        .cannotCreate, "cannot create the output folder", at: SourceLocation(file: path),
        hint: "check the path and its permissions")
    }
  }
}
