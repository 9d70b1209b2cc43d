import Foundation
import HealthModel
import HealthSystem

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

  /// Removes the temporary files that the processes with marks `owners` (the earlier runs
  /// the work-folder lock recorded, `WorkFolderLock.earlierOwners`) left in `workFolder`
  /// (and one level of its subfolders) and in `besideOutputs`' folders (the report and the
  /// SQLite export may live outside the work folder). A file is removed only when its name
  /// carries one of those marks (`TemporaryFiles.isTemporary(_:of:)`) and it is a regular
  /// file: whatever another program or user keeps there, whatever its name or age, stays
  /// (docs/changelog/reliability.md, round 3, finding 7). Call only while holding the lock.
  @discardableResult
  public static func removeTemporaries(
    of owners: [String], in workFolder: String, besideOutputs outputs: [String] = []
  ) -> [String] {
    guard !owners.isEmpty else { return [] }
    var folders = [workFolder]
    if let items = try? FileManager.default.contentsOfDirectory(atPath: workFolder) {
      folders += items.sorted().map { workFolder + "/" + $0 }.filter { isRealFolder($0) }
    }
    for folder in outputs.map(PathUtilities.directory(of:)) where !folders.contains(folder) {
      folders.append(folder)
    }
    var removed: [String] = []
    for dir in folders {
      guard let items = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
      for item in items where owners.contains(where: { TemporaryFiles.isTemporary(item, of: $0) }) {
        let path = dir + "/" + item
        var st = stat()
        guard lstat(path, &st) == 0, SystemCalls.specialKind(st.st_mode) == nil else { continue }
        if unlink(path) == 0 { removed.append(path) }
      }
    }
    return removed.sorted()
  }

  /// A folder that is not reached through a symbolic link (the clean-up never follows one).
  private static func isRealFolder(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
  }
}
