import Foundation
import HealthModel
import HealthSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the mailer as a child in a process group of its own, feeds it the message on
/// standard input and collects its standard error, all against one deadline: a mailer that
/// sleeps, never reads its input, or hangs on the network is stopped with its whole group
/// (SIGTERM, then SIGKILL after `killGrace` seconds), so the nightly job always ends
/// (docs/changelog/reliability.md, round 3, finding 11).
///
/// A mailer that exits while a process it started still holds standard error open (a
/// background delivery) is judged by its exit status: its error output is read for
/// `stderrGrace` seconds more, then the pipe is closed; the other process is left alone.
struct MailerProcess {
  /// How a run ended.
  struct Outcome {
    /// The exit status, when the mailer exited.
    var exitStatus: Int32?
    /// The signal that ended it, when one did.
    var signal: Int32?
    /// Its standard error (at most `stderrLimit` bytes).
    var stderr: [UInt8] = []
    /// Why the message could not be written whole, if it could not.
    var writeFailure: String?
    /// Whether the deadline passed and the group was stopped.
    var timedOut = false
  }

  /// Seconds between SIGTERM and SIGKILL to the group.
  static let killGrace = 2.0
  /// Seconds standard error is read after the mailer exited.
  static let stderrGrace = 1.0
  /// The most standard error kept.
  static let stderrLimit = 64 << 10

  /// Runs `path` with `arguments` (argv[0] included) and `input` on its standard input.
  /// Throws exit 69 when it cannot be started.
  static func run(path: String, arguments: [String], input: [UInt8], timeout: Double) throws
    -> Outcome
  {
    let (pid, stdinFD, stderrFD) = try spawn(path: path, arguments: arguments)
    var io = Pipes(stdin: stdinFD, stderr: stderrFD, input: input)
    let deadline = SystemCalls.monotonicSeconds() + timeout
    var outcome = Outcome()
    var exitedAt: Double?
    while true {
      let now = SystemCalls.monotonicSeconds()
      if exitedAt == nil, let status = reap(pid, wait: false) {
        record(status, in: &outcome)
        exitedAt = now
        io.closeInput()
      }
      if let exited = exitedAt, io.stderr < 0 || now - exited >= stderrGrace { break }
      if now >= deadline {
        outcome.timedOut = true
        stopGroup(pid, outcome: &outcome)
        break
      }
      io.pump(waitingAtMost: min(0.05, deadline - now))
    }
    outcome.stderr = io.errors
    outcome.writeFailure = io.writeFailure
    io.closeAll()
    return outcome
  }

  /// Starts the child in a new process group with default signal handling (this process
  /// ignores SIGPIPE and blocks SIGTERM, SIGINT and SIGHUP for its clean-up thread).
  private static func spawn(path: String, arguments: [String]) throws -> (pid_t, Int32, Int32) {
    var inPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    guard pipe(&inPipe) == 0, pipe(&errPipe) == 0 else {
      throw startFailure(path, SystemCalls.errnoText())
    }
    // Only the child's own ends reach it (dup2 clears the flag on those).
    for fd in inPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(
      &attributes,
      Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for sig in [SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, sig) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    var rc = posix_spawn(&pid, path, &actions, &attributes, &argv, environ)
    // ETXTBSY: another thread's child still held the program open for writing when it was
    // just written (a race of any program that writes and runs scripts); it passes at once.
    for _ in 0..<10 where rc == ETXTBSY {
      usleep(20_000)
      rc = posix_spawn(&pid, path, &actions, &attributes, &argv, environ)
    }
    close(inPipe[0])
    close(errPipe[1])
    guard rc == 0 else {
      close(inPipe[1])
      close(errPipe[0])
      throw startFailure(path, SystemCalls.errnoText(rc))
    }
    for fd in [inPipe[1], errPipe[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    return (pid, inPipe[1], errPipe[0])
  }

  private static func startFailure(_ path: String, _ why: String) -> HealthError {
    HealthError(
      .unavailable, "the mailer '\(path)' could not be started: \(why)",
      at: SourceLocation(file: path),
      hint: "check that it is executable, or pass another --sendmail command")
  }

  /// The child's wait status once it ended (nil while it runs, without `wait`).
  private static func reap(_ pid: pid_t, wait: Bool) -> Int32? {
    var status: Int32 = 0
    while true {
      let r = waitpid(pid, &status, wait ? 0 : WNOHANG)
      if r == pid { return status }
      if r < 0 && errno == EINTR { continue }
      return r < 0 ? 0 : nil
    }
  }

  private static func record(_ status: Int32, in outcome: inout Outcome) {
    let signal = status & 0x7F
    if signal == 0 {
      outcome.exitStatus = (status >> 8) & 0xFF
    } else {
      outcome.signal = signal
    }
  }

  /// SIGTERM to the child's group, then SIGKILL to what is left of it after `killGrace`.
  private static func stopGroup(_ pid: pid_t, outcome: inout Outcome) {
    kill(-pid, SIGTERM)
    let until = SystemCalls.monotonicSeconds() + killGrace
    while SystemCalls.monotonicSeconds() < until {
      if let status = reap(pid, wait: false) {
        record(status, in: &outcome)
        kill(-pid, SIGKILL)
        return
      }
      usleep(10_000)
    }
    kill(-pid, SIGKILL)
    if let status = reap(pid, wait: true) { record(status, in: &outcome) }
  }
}

/// The parent's ends of the child's standard input and error, moved along by `poll`.
private struct Pipes {
  var stdin: Int32
  var stderr: Int32
  let input: [UInt8]
  var written = 0
  var errors: [UInt8] = []
  var writeFailure: String?

  init(stdin: Int32, stderr: Int32, input: [UInt8]) {
    self.stdin = stdin
    self.stderr = stderr
    self.input = input
    if input.isEmpty { closeInput() }
  }

  /// Writes what the child can take and reads what it said, waiting at most `seconds`.
  mutating func pump(waitingAtMost seconds: Double) {
    var fds: [pollfd] = []
    if stdin >= 0 { fds.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
    if stderr >= 0 { fds.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
    let ms = Int32(max(1, seconds * 1000))
    guard !fds.isEmpty else {
      usleep(UInt32(ms) * 1000)
      return
    }
    guard poll(&fds, nfds_t(fds.count), ms) > 0 else { return }
    for fd in fds where fd.revents != 0 {
      if fd.fd == stdin { writeSome() } else if fd.fd == stderr { readSome() }
    }
  }

  private mutating func writeSome() {
    let n = input.withUnsafeBytes { raw in
      write(stdin, raw.baseAddress! + written, raw.count - written)
    }
    if n > 0 {
      written += n
      if written == input.count { closeInput() }
    } else if n < 0 && errno != EAGAIN && errno != EINTR {
      writeFailure = SystemCalls.errnoText()
      closeInput()
    }
  }

  private mutating func readSome() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { read(stderr, $0.baseAddress, $0.count) }
    if n > 0 {
      if errors.count < MailerProcess.stderrLimit { errors += buffer[0..<n] }
    } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
      close(stderr)
      stderr = -1
    }
  }

  /// Closes standard input: the message is complete (or can no longer be written).
  mutating func closeInput() {
    if stdin >= 0 {
      if written < input.count && writeFailure == nil {
        writeFailure = "the mailer ended before reading \(input.count - written) bytes"
      }
      close(stdin)
      stdin = -1
    }
  }

  mutating func closeAll() {
    if stdin >= 0 {
      close(stdin)
      stdin = -1
    }
    if stderr >= 0 {
      close(stderr)
      stderr = -1
    }
  }
}
