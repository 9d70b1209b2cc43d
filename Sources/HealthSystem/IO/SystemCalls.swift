import HealthModel

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX calls healthpipe uses, with errors mapped to `HealthError`.
public enum SystemCalls {
  /// The text of the current `errno`.
  public static func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }

  /// Maps an `errno` from a write to the documented exit code: disk full and I/O errors are
  /// 74, permission problems when creating are 73.
  public static func writeError(_ code: Int32, path: String, doing: String) -> HealthError {
    switch code {
    case ENOSPC, EDQUOT:
      return HealthError(
        .ioError, "\(doing) failed: no space left on device", at: SourceLocation(file: path),
        hint: "free some disk space and run again; earlier outputs were left as they were")
    case EACCES, EPERM, EROFS:
      return HealthError(
        .cannotCreate, "\(doing) failed: \(errnoText(code))", at: SourceLocation(file: path),
        hint: "check that the output folder exists and is writable")
    default:
      return HealthError(
        .ioError, "\(doing) failed: \(errnoText(code))", at: SourceLocation(file: path),
        hint: "earlier outputs were left as they were; check the disk and run again")
    }
  }

  /// Creates a new hidden file `.<name>.tmp-<tag><owner>-<n>` in the folder of
  /// `destination` (`O_EXCL`, trying up to 100 values of `n`; `owner` is
  /// `TemporaryFiles.owner`, `tag` empty or letters and a dash), so it lands on the
  /// destination's disk and the pipeline's clean-up of leftovers can prove it made it. `readable` opens it for reading as
  /// well as writing. A missing folder is exit 73 naming it; other failures are
  /// `writeError(_:path:doing:)`.
  public static func createHiddenFile(
    beside destination: String, tag: String = "", mode: mode_t, readable: Bool = false,
    doing: String
  ) throws -> (descriptor: Int32, path: String) {
    let slash = destination.lastIndex(of: "/")
    let folder = slash.map { String(destination[..<$0]) } ?? "."
    let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
    let access = readable ? O_RDWR : O_WRONLY
    var path = ""
    var descriptor: Int32 = -1
    for attempt in 0..<100 {
      path =
        (folder.isEmpty ? "/" : folder) + "/.\(name).tmp-\(tag)\(TemporaryFiles.owner)-\(attempt)"
      // O_EXCL with O_CREAT never follows a link (a planted one fails with EEXIST);
      // O_NOFOLLOW says so twice.
      descriptor = open(path, access | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT {
        throw HealthError(
          .cannotCreate, "cannot create output: folder \(folder) does not exist",
          at: SourceLocation(file: destination), hint: "create the folder or choose another --out")
      }
      throw writeError(code, path: destination, doing: doing)
    }
    return (descriptor, path)
  }

  /// `stat` of a path, or nil when it does not exist.
  public static func fileStatus(_ path: String) -> stat? {
    var st = stat()
    return stat(path, &st) == 0 ? st : nil
  }

  /// What a file of mode `mode` is when it is not a regular file (`a folder`, `a FIFO`,
  /// `a character device`, `a block device`, `a socket`, `a symbolic link`), nil for a
  /// regular file. Messages name it, so a user sees why a path was refused.
  public static func specialKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "a special file"
    }
  }

  /// Whether the path names a directory.
  public static func isDirectory(_ path: String) -> Bool {
    guard let st = fileStatus(path) else { return false }
    return (st.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether the file descriptor is a terminal.
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

  /// The process's peak resident set size in bytes (from `getrusage`).
  public static func peakRSSBytes() -> Int64 {
    Platform.peakResidentBytes()
  }

  /// The current process id.
  public static var processID: Int32 { getpid() }

  /// Monotonic time in seconds, for durations.
  public static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
