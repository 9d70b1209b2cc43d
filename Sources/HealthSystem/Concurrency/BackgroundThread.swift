import Foundation

/// Runs a closure on its own thread (a plain `Thread`, not a Dispatch worker, so a blocking
/// handoff can never starve the shared pool) and lets the caller wait for it.
public final class BackgroundThread: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)

  /// Starts `body` at once, on a thread with `stackSize` bytes of stack when given.
  public init(name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
    let semaphore = done
    let thread = Thread {
      body()
      semaphore.signal()
    }
    thread.name = name
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }

  /// Waits until the body returned.
  public func join() { done.wait() }
}
