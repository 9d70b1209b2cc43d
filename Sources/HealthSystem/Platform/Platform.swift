#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place where the C libraries differ (Glibc or Musl on Linux, Darwin on macOS):
/// the calls whose names clash with Swift methods (`write`, `read`, `close`), the `stat`
/// time fields and the unit of `ru_maxrss`. Every other system call is spelled the same on all of them
/// and is called directly (docs/architecture.md, "Modules").
package enum Platform {
  /// `write(2)`: bytes written, or -1 with `errno` set.
  @inline(__always)
  package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }

  /// `read(2)`: bytes read (0 at the end), or -1 with `errno` set.
  @inline(__always)
  package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }

  /// `close(2)`: 0, or -1 with `errno` set.
  @inline(__always)
  package static func close(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(fd)
    #elseif canImport(Musl)
      Musl.close(fd)
    #else
      Darwin.close(fd)
    #endif
  }

  /// The modification time of a `stat` result, in nanoseconds since 1970.
  package static func modifiedNanoseconds(_ st: stat) -> Int64 {
    #if canImport(Darwin)
      nanoseconds(st.st_mtimespec)
    #else
      nanoseconds(st.st_mtim)
    #endif
  }

  /// The status-change time (ctime) of a `stat` result, in nanoseconds since 1970.
  package static func changedNanoseconds(_ st: stat) -> Int64 {
    #if canImport(Darwin)
      nanoseconds(st.st_ctimespec)
    #else
      nanoseconds(st.st_ctim)
    #endif
  }

  private static func nanoseconds(_ t: timespec) -> Int64 {
    Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
  }

  /// The process's peak resident set size in bytes (`getrusage`: kilobytes on Linux, bytes
  /// on macOS).
  package static func peakResidentBytes() -> Int64 {
    var usage = rusage()
    #if canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
    #else
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #endif
    return peakResidentBytes(usage)
  }

  /// The peak resident set size of a `rusage` result (a child's, from `wait4`), in bytes.
  package static func peakResidentBytes(_ usage: rusage) -> Int64 {
    #if canImport(Darwin)
      Int64(usage.ru_maxrss)
    #else
      Int64(usage.ru_maxrss) * 1024
    #endif
  }
}
