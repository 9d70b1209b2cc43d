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

  /// Removes the temporary files (`.<name>.tmp-<tag><pid>-<n>`, `.<name>.part-<pid>…`)
  /// that a killed run left beside `outputs` outside the work folder (the report, the
  /// SQLite export). The work-folder lock does not cover those folders, which another
  /// pipeline may share, so only the files of processes that no longer exist are removed;
  /// a file whose process is alive, or whose name names no process, stays.
  @discardableResult
  public static func removeStaleTemporaries(besideOutputs outputs: [String]) -> [String] {
    var removed: [String] = []
    let folders = Set(outputs.map(PathUtilities.directory(of:)))
    for dir in folders.sorted() {
      guard let items = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
      for item in items where item.hasPrefix(".") {
        guard let pid = writerProcess(ofTemporary: item), !isRunning(pid) else { continue }
        let path = dir + "/" + item
        if unlink(path) == 0 { removed.append(path) }
      }
    }
    return removed.sorted()
  }

  /// The process id in a temporary file's name (`.<name>.tmp-<tag><pid>-<n>` or
  /// `.<name>.part-<pid>[-<n>]`), or nil when the name is not one of those.
  static func writerProcess(ofTemporary name: String) -> pid_t? {
    if let range = name.range(of: ".tmp-", options: .backwards) {
      // `<tag><pid>-<n>`: the tag is letters and dashes ("clean-"), the last two parts
      // are numbers.
      let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count >= 2, let pid = pid_t(parts[parts.count - 2]), pid > 0,
        UInt(parts[parts.count - 1]) != nil
      else { return nil }
      return pid
    }
    if let range = name.range(of: ".part-", options: .backwards) {
      let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
      guard let first = parts.first, let pid = pid_t(first), pid > 0,
        parts.dropFirst().allSatisfy({ UInt($0) != nil })
      else { return nil }
      return pid
    }
    return nil
  }

  /// Whether a process with this id exists (`kill(pid, 0)`; one this user may not signal
  /// exists too).
  static func isRunning(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}
