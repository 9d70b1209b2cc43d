import Foundation
import HealthCore

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folder creation and the clean-up of temporary files left by killed runs.
public enum FileSystem {
  /// Creates a folder and its parents; exit 73 when that is impossible.
  public static func createDirectory(_ path: String) throws {
    if SystemCalls.isDirectory(path) { return }
    try checkCreatable(path)
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw HealthError(
        .cannotCreate, "cannot create folder: \(error.localizedDescription)",
        at: SourceLocation(file: path), hint: "check that the parent folder is writable")
    }
  }

  /// Checks, touching nothing, that `createDirectory(path)` can succeed and files can be
  /// written in it: the path is a writable folder, or its nearest existing ancestor is
  /// one. Exit 73 otherwise (`run --plan` refuses what `run` would).
  public static func checkCreatable(_ path: String) throws {
    var existing = path
    while SystemCalls.fileStatus(existing) == nil {
      let parent = PathUtilities.directory(of: existing)
      if parent == existing { break }
      existing = parent
    }
    let why: String?
    if SystemCalls.fileStatus(existing) == nil {
      why = "no part of the path exists"
    } else if !SystemCalls.isDirectory(existing) {
      why = "\(existing) is a file, not a folder"
    } else if access(existing, W_OK | X_OK) != 0 {
      why = "\(existing) is not writable: \(SystemCalls.errnoText())"
    } else {
      why = nil
    }
    if let why {
      throw HealthError(
        .cannotCreate, "cannot create folder: \(why)", at: SourceLocation(file: path),
        hint: "choose another folder, or make \(existing) writable")
    }
  }

  /// Removes `.<name>.tmp-<pid>-<n>` files and ingest's `.<name>.part-<pid>` files left
  /// in `folder` (and one level of subfolders) by a run that was killed mid-write. Call only
  /// while holding the work-folder lock.
  @discardableResult
  public static func removeStaleTemporaries(in folder: String) -> [String] {
    var removed: [String] = []
    var folders = [folder]
    if let items = try? FileManager.default.contentsOfDirectory(atPath: folder) {
      folders += items.map { folder + "/" + $0 }.filter { SystemCalls.isDirectory($0) }
    }
    for dir in folders {
      guard let items = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
      for item in items
      where item.hasPrefix(".") && (item.contains(".tmp-") || item.contains(".part-")) {
        let path = dir + "/" + item
        if unlink(path) == 0 { removed.append(path) }
      }
    }
    return removed.sorted()
  }
}
