import HealthCore

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run at a time per work folder: an exclusive `flock` on `<work>/.lock`, taken without
/// waiting. A second run exits 75 at once; the lock dies with the process, so a crash never
/// leaves a stale lock.
public final class WorkFolderLock {
  /// The lock file.
  public let path: String
  private var fd: Int32

  /// Takes the lock or throws exit 75 naming the holder.
  public init(workFolder: String) throws {
    path = workFolder + "/.lock"
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw SystemCalls.writeError(errno, path: path, doing: "creating the lock file")
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let holder = Self.readHolder(fd)
      close(fd)
      fd = -1
      throw Self.held(path: path, holder: holder)
    }
    ftruncate(fd, 0)
    let text = "\(SystemCalls.processID)\n"
    _ = text.withCString { write(fd, $0, strlen($0)) }
  }

  deinit { release() }

  /// Throws the error a run would meet when another run holds the lock, creating and
  /// changing nothing (for `run --plan`): a shared, non-blocking probe of an existing lock
  /// file.
  public static func probe(workFolder: String) throws {
    let path = workFolder + "/.lock"
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    defer { close(fd) }
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

  /// Releases the lock (also released when the process ends).
  public func release() {
    guard fd >= 0 else { return }
    flock(fd, LOCK_UN)
    close(fd)
    fd = -1
  }

  private static func readHolder(_ fd: Int32) -> String? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 32, 0) }
    guard n > 0 else { return nil }
    let s = String(decoding: buffer[0..<n], as: UTF8.self).trimmingBlanks()
      .replacingAll("\n", with: "")
    return s.isEmpty ? nil : s
  }
}
