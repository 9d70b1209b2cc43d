import Foundation
import HealthModel
import HealthSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one child process cost, from `wait4` and the monotonic clock around it.
struct ChildUsage: Sendable, Codable {
  /// Seconds from spawn to reaped.
  var wallSeconds: Double
  /// User CPU seconds of the child (and any children it waited for).
  var userSeconds: Double
  /// System CPU seconds of the child.
  var systemSeconds: Double
  /// Peak resident set size of the child in bytes: `ru_maxrss` when it is above the floor
  /// (exact), else the polled `VmHWM`.
  var peakRSSBytes: Int64
  /// `ru_maxrss` from `wait4` in bytes. On Linux a spawned child's `ru_maxrss` starts at
  /// the spawning process's RSS (the floor), so it is exact only above the floor.
  var maxrssBytes: Int64
  /// The largest `VmHWM` read from `/proc/PID/status` while the child ran (0 if none).
  var polledPeakBytes: Int64
  /// The bench's own resident set size when it spawned the child.
  var floorRSSBytes: Int64
  /// The exit code, or 128 + signal when the child was killed.
  var exitStatus: Int32

  /// User + system CPU seconds.
  var cpuSeconds: Double { userSeconds + systemSeconds }
}

/// Spawns a program with stdout and stderr sent to a log file and measures it.
enum ChildProcess {
  /// Runs `executable` with `arguments` and this process's environment plus `extra`, stdin
  /// from /dev/null, stdout and stderr to `log`, and returns its cost. Throws only when it
  /// cannot be started.
  static func run(
    _ executable: String, _ arguments: [String], log: String,
    environment extra: [String: String] = [:]
  ) throws -> ChildUsage {
    resetOwnPeakRSS()
    let floor = ownResidentBytes()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
    argv.append(nil)
    defer { for p in argv { free(p) } }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { $1 }
    var envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map {
      strdup("\($0.key)=\($0.value)")
    }
    envp.append(nil)
    defer { for p in envp { free(p) } }

    var pid: pid_t = 0
    let started = SystemCalls.monotonicSeconds()
    let rc = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard rc == 0 else {
      throw HealthError(
        .internalError, "cannot start \(executable): \(SystemCalls.errnoText(rc))",
        hint: "build it with `swift build -c release --product healthpipe`")
    }
    var status: Int32 = 0
    var usage = rusage()
    var polled: Int64 = 0
    let statusPath = "/proc/\(pid)/status"
    while true {
      let r = wait4(pid, &status, WNOHANG, &usage)
      if r == pid { break }
      if r < 0 {
        guard errno == EINTR else {
          throw HealthError.internalError("wait4 failed: \(SystemCalls.errnoText())")
        }
        continue
      }
      polled = max(polled, statusField(statusPath, "VmHWM:"))
      usleep(pollMicroseconds)
    }
    let wall = SystemCalls.monotonicSeconds() - started
    let signal = status & 0x7f
    let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
    let peak = Platform.peakResidentBytes(usage)
    // ru_maxrss is exact when above the floor; at the floor the child's own high-water
    // mark, polled from /proc while it ran, is the better figure.
    let exact = peak > floor + floorMargin || polled == 0
    return ChildUsage(
      wallSeconds: wall, userSeconds: seconds(usage.ru_utime),
      systemSeconds: seconds(usage.ru_stime), peakRSSBytes: exact ? peak : max(polled, 1),
      maxrssBytes: peak, polledPeakBytes: polled, floorRSSBytes: floor, exitStatus: code)
  }

  private static func seconds(_ t: timeval) -> Double {
    Double(t.tv_sec) + Double(t.tv_usec) / 1e6
  }

  /// Resets this process's RSS high-water mark to its current RSS (Linux
  /// `/proc/self/clear_refs`, value 5), so a spawned child does not inherit an earlier peak.
  private static func resetOwnPeakRSS() {
    let fd = open("/proc/self/clear_refs", O_WRONLY)
    guard fd >= 0 else { return }
    _ = write(fd, "5", 1)
    close(fd)
  }

  /// How often a running child's `VmHWM` is read.
  static let pollMicroseconds: UInt32 = 2_000
  /// `ru_maxrss` this close to the floor may be the floor.
  static let floorMargin: Int64 = 512 * 1024

  /// This process's current resident set size (`VmRSS` of `/proc/self/status`), or 0.
  static func ownResidentBytes() -> Int64 { statusField("/proc/self/status", "VmRSS:") }

  /// A `kB` field of a `/proc/PID/status` file in bytes, or 0 when unreadable.
  static func statusField(_ path: String, _ name: StaticString) -> Int64 {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return 0 }
    let key = name.withUTF8Buffer { Array($0) }
    var i = 0
    while i + key.count <= n {
      if (i == 0 || buffer[i - 1] == 10) && Array(buffer[i..<i + key.count]) == key {
        var j = i + key.count
        var value: Int64 = 0
        while j < n && buffer[j] != 10 {
          if buffer[j] >= 48 && buffer[j] <= 57 { value = value * 10 + Int64(buffer[j] - 48) }
          j += 1
        }
        return value * 1024
      }
      i += 1
    }
    return 0
  }
}
