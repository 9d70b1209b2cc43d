import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files this process is writing (`AtomicFileWriter`'s `.NAME.tmp-PID-N`,
/// ingest's part files), so that a polite stop (SIGTERM from systemd or a cron timeout,
/// SIGINT from Ctrl-C, SIGHUP) removes them instead of leaving them beside the outputs.
/// SIGKILL cannot be caught: `healthpipe run` removes such leftovers from its work folder at
/// its next start.
public enum TemporaryFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: Set<String> = []
  nonisolated(unsafe) private static var installed = false

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
