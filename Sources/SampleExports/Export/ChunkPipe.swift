import Foundation
import HealthCore

/// Runs a byte producer on a second thread and hands its chunks, in order, to a consumer on
/// the calling thread: export.xml is generated while the previous megabyte is deflated, so
/// writing export.zip keeps both cores busy. At most `depth` chunks wait in between, so
/// memory stays bounded.
final class ChunkPipe: @unchecked Sendable {
  private let condition = NSCondition()
  private var queue: [[UInt8]] = []
  private var finished = false
  private var cancelled = false
  private var failure: (any Error)?
  private let depth: Int

  init(depth: Int = 4) { self.depth = depth }

  /// Producer side: queues a chunk (waits while the queue is full). Throws when the
  /// consumer gave up.
  func put(_ chunk: [UInt8]) throws {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= depth && !cancelled { condition.wait() }
    if cancelled { throw CancellationError() }
    queue.append(chunk)
    condition.broadcast()
  }

  /// Producer side: no more chunks (with the producer's error, if any).
  func finish(_ error: (any Error)?) {
    condition.lock()
    finished = true
    failure = error
    condition.broadcast()
    condition.unlock()
  }

  /// Consumer side: the next chunk, or nil at the end. Rethrows the producer's error.
  func take() throws -> [UInt8]? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && !finished { condition.wait() }
    if !queue.isEmpty {
      let chunk = queue.removeFirst()
      condition.broadcast()
      return chunk
    }
    if let failure { throw failure }
    return nil
  }

  /// Consumer side: stop the producer (after a write error).
  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }

  /// Runs `produce` on a new thread (it writes through the `ByteWriter` it is given) and
  /// `consume` on this one for each chunk; returns when both are done.
  static func run(
    produce: @escaping @Sendable (ByteWriter) throws -> Void,
    consume: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let pipe = ChunkPipe()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let out = ByteWriter { try pipe.put(Array($0)) }
      do {
        try produce(out)
        try out.flush()
        pipe.finish(nil)
      } catch {
        pipe.finish(error)
      }
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    do {
      while let chunk = try pipe.take() { try chunk.withUnsafeBytes { try consume($0) } }
    } catch {
      pipe.cancel()
      done.wait()
      throw error
    }
    done.wait()
  }
}
