import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files this process is writing (`AtomicFileWriter`'s
/// `.NAME.tmp-<tag><owner>-<n>`, ingest's `.NAME.part-<owner>`), so that a polite stop
/// (SIGTERM from systemd or a cron timeout, SIGINT from Ctrl-C, SIGHUP) removes them instead
/// of leaving them beside the outputs. SIGKILL cannot be caught: `healthpipe run` records
/// this process's `owner` mark in its work folder's lock, and the next run removes the files
/// carrying that mark, and no other file (docs/reliability.md, "Temporary files").
public enum TemporaryFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: Set<String> = []
  nonisolated(unsafe) private static var installed = false

  /// This process's mark in the names of the temporary files it creates: its process id
  /// and the real-time clock when it first asked, in nanoseconds, base 36
  /// (`48213-1k2f9x0q7ab`). A process id alone is reused; with the clock no other process
  /// makes the same name, so a file carrying a mark the lock recorded is provably ours.
  public static let owner: String = {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    let nanoseconds = UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    return "\(getpid())-\(String(nanoseconds, radix: 36))"
  }()

  /// Whether `owner` has the form of a mark (digits, a dash, lower-case letters and digits),
  /// so a damaged or foreign lock cannot make the clean-up match other names.
  public static func isOwnerMark(_ owner: String) -> Bool {
    let parts = owner.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 2 && owner.utf8.count <= 40
      && parts[0].allSatisfy { $0.isASCII && $0.isNumber } && !parts[0].isEmpty
      && parts[1].allSatisfy { $0.isASCII && ($0.isNumber || $0.isLowercase) }
      && !parts[1].isEmpty
  }

  /// Whether the file name `name` is a temporary file made by the process with mark
  /// `owner`: `.NAME.tmp-<owner>-<n>`, `.NAME.tmp-<tag>-<owner>-<n>` (tag in letters) or
  /// `.NAME.part-<owner>`.
  public static func isTemporary(_ name: String, of owner: String) -> Bool {
    guard name.hasPrefix("."), isOwnerMark(owner) else { return false }
    if name.hasSuffix(".part-" + owner) { return true }
    guard let marker = name.range(of: ".tmp-", options: .backwards),
      let dash = name[marker.upperBound...].lastIndex(of: "-")
    else { return false }
    let counter = name[name.index(after: dash)...]
    guard !counter.isEmpty, counter.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
    let body = name[marker.upperBound..<dash]
    if body == owner { return true }
    guard body.hasSuffix("-" + owner) else { return false }
    let tag = body.dropLast(owner.count + 1)
    return !tag.isEmpty && tag.allSatisfy { $0.isASCII && $0.isLetter }
  }

  /// Notes a temporary file that exists from now on.
  public static func register(_ path: String) {
    lock.lock()
    paths.insert(path)
    lock.unlock()
  }

  /// Creates a temporary file with `make` and registers it in one step, under the lock the
  /// clean-up holds from a polite stop until the process ends: the file either exists and is
  /// registered before the clean-up runs, or is never created. (Creating first and
  /// registering after left a file behind when the signal came between the two, while the
  /// other threads ran on.)
  public static func create(
    _ make: () throws -> (descriptor: Int32, path: String)
  ) rethrows -> (descriptor: Int32, path: String) {
    lock.lock()
    defer { lock.unlock() }
    let made = try make()
    paths.insert(made.path)
    return made
  }

  /// Forgets a file that was renamed into place or removed.
  public static func unregister(_ path: String) {
    lock.lock()
    paths.remove(path)
    lock.unlock()
  }

  /// The files registered now (tests).
  public static var registered: Set<String> {
    lock.lock()
    defer { lock.unlock() }
    return paths
  }

  /// From now on, SIGTERM, SIGINT and SIGHUP remove every registered file, then end the
  /// process by the same signal (so the parent still sees "terminated by SIGTERM").
  ///
  /// The signals are blocked in the calling thread (and so in every thread it starts later;
  /// call this first thing in `main`) and taken by one thread waiting in `sigwait`, which does
  /// the clean-up outside signal context. (A dispatch signal source was tried first: on Linux
  /// re-raising the signal from its handler did not end the process.)
  public static func removeOnTermination() {
    lock.lock()
    defer { lock.unlock() }
    guard !installed else { return }
    installed = true
    var set = sigset_t()
    sigemptyset(&set)
    for sig in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, sig) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let waited = set
    let waiter = Thread {
      var signals = waited
      var sig: Int32 = 0
      guard sigwait(&signals, &sig) == 0 else { return }
      // Held until the process ends: no new temporary file can appear meanwhile.
      lock.lock()
      for path in paths { unlink(path) }
      signal(sig, SIG_DFL)
      var one = sigset_t()
      sigemptyset(&one)
      sigaddset(&one, sig)
      pthread_sigmask(SIG_UNBLOCK, &one, nil)
      raise(sig)
    }
    waiter.name = "healthpipe-signals"
    waiter.start()
  }
}
