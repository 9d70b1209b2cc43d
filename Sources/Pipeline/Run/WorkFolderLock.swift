import HealthModel
import HealthSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run at a time per work folder: an exclusive `flock` on `<work>/.lock`, taken without
/// waiting. A second run exits 75 at once; the lock dies with the process, so a crash never
/// leaves a stale lock.
///
/// The lock file is opened with `O_NOFOLLOW` and must be a regular file with one name: a
/// planted symbolic or hard link is refused (exit 73) and its target never opened for
/// writing. It records who ran last, so the next run can remove that run's temporary files
/// and nothing else (docs/reliability.md, "Temporary files"):
///
/// ```
/// 48213                      the holder's process id (for the "held by" message)
/// owner 48213-1k2f9x0q7ab    the holder's mark (TemporaryFiles.owner)
/// pending 47001-1k2f8aa01bc  marks of earlier runs whose leftovers are not yet removed
/// ```
public final class WorkFolderLock {
  /// The lock file.
  public let path: String
  private var fd: Int32
  /// Marks of earlier runs of this folder that may have left temporary files (the last
  /// holder and any earlier one whose leftovers were not confirmed removed).
  public private(set) var earlierOwners: [String] = []
  /// The most marks kept (a chain of runs each killed before it cleared up).
  static let maxPending = 32

  /// Takes the lock or throws exit 75 naming the holder (73 when the lock file is a link or
  /// not a regular file).
  public init(workFolder: String) throws {
    path = workFolder + "/.lock"
    fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      let code = errno
      if code == ELOOP { throw Self.notALockFile(path, "a symbolic link") }
      throw SystemCalls.writeError(code, path: path, doing: "creating the lock file")
    }
    var st = stat()
    fstat(fd, &st)
    if let kind = SystemCalls.specialKind(st.st_mode) ?? (st.st_nlink > 1 ? "a hard link" : nil) {
      close(fd)
      fd = -1
      throw Self.notALockFile(path, kind)
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let holder = Self.readHolder(fd)
      close(fd)
      fd = -1
      throw Self.held(path: path, holder: holder)
    }
    earlierOwners = Self.owners(in: Self.readText(fd))
    record(pending: earlierOwners)
  }

  deinit { release() }

  /// Says that the temporary files of `earlierOwners` are gone: the lock keeps this run's
  /// mark only.
  public func forgetEarlierOwners() {
    earlierOwners = []
    record(pending: [])
  }

  /// Writes the holder's pid and mark, and the marks still to clear.
  private func record(pending: [String]) {
    guard fd >= 0 else { return }
    var text = "\(SystemCalls.processID)\nowner \(TemporaryFiles.owner)\n"
    for owner in pending { text += "pending \(owner)\n" }
    ftruncate(fd, 0)
    _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
  }

  /// The marks a lock file's text records (`owner` first, then `pending`), newest first,
  /// well-formed ones only, at most `maxPending`.
  static func owners(in text: String) -> [String] {
    var found: [String] = []
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 2, words[0] == "owner" || words[0] == "pending" else { continue }
      let owner = String(words[1])
      if TemporaryFiles.isOwnerMark(owner), owner != TemporaryFiles.owner,
        !found.contains(owner)
      {
        found.append(owner)
      }
    }
    return Array(found.prefix(maxPending))
  }

  /// Throws the error a run would meet when another run holds the lock, creating and
  /// changing nothing (for `run --plan`): a shared, non-blocking probe of an existing lock
  /// file.
  public static func probe(workFolder: String) throws {
    let path = workFolder + "/.lock"
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ELOOP { throw notALockFile(path, "a symbolic link") }
      return
    }
    defer { close(fd) }
    var st = stat()
    fstat(fd, &st)
    if let kind = SystemCalls.specialKind(st.st_mode) ?? (st.st_nlink > 1 ? "a hard link" : nil) {
      throw notALockFile(path, kind)
    }
    if flock(fd, LOCK_SH | LOCK_NB) != 0 { throw held(path: path, holder: readHolder(fd)) }
    flock(fd, LOCK_UN)
  }

  private static func held(path: String, holder: String?) -> HealthError {
    HealthError(
      .temporaryFailure,
      "another healthpipe run holds the lock on this work folder"
        + (holder.map { " (pid \($0))" } ?? ""),
      at: SourceLocation(file: path),
      hint: "wait for it to finish; cron jobs can use `flock -n` to skip overlapping runs")
  }

  private static func notALockFile(_ path: String, _ kind: String) -> HealthError {
    HealthError(
      .cannotCreate,
      "the lock file is \(kind), not a regular file: healthpipe does not write through it",
      at: SourceLocation(file: path),
      hint: "remove \(path) (nothing else uses it); the next run creates it again")
  }

  /// Releases the lock (also released when the process ends).
  public func release() {
    guard fd >= 0 else { return }
    flock(fd, LOCK_UN)
    close(fd)
    fd = -1
  }

  /// The holder's process id: the first line of the lock file.
  private static func readHolder(_ fd: Int32) -> String? {
    let first = readText(fd).split(separator: "\n").first.map(String.init) ?? ""
    let pid = first.trimmingBlanks()
    return pid.isEmpty || !pid.allSatisfy(\.isNumber) ? nil : pid
  }

  /// The lock file's text (at most 4 KiB: more is not a lock this program wrote).
  private static func readText(_ fd: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard n > 0 else { return "" }
    return String(decoding: buffer[0..<n], as: UTF8.self)
  }
}
