import Dispatch
import HealthModel
import HealthSystem

/// Two independent pieces of work run at the same time, one per core (the calling thread
/// is one of them); when both are done, the first one's error is thrown if it failed, else
/// the second one's. Used for the stage's writes (docs/aggregate.md, "Threads").
enum TwoParts {
  static func run(_ first: @Sendable () throws -> Void, _ second: @Sendable () throws -> Void)
    throws
  {
    let outcomes = BoundedHandoff<(Int, Result<Void, any Error>)>(capacity: 2)
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      outcomes.put((part, Result { try part == 0 ? first() : second() }))
    }
    outcomes.close()
    var results: [Result<Void, any Error>] = [.success(()), .success(())]
    while let (part, result) = outcomes.take() { results[part] = result }
    try results[0].get()
    try results[1].get()
  }
}

/// The fingerprints of some files (size, CRC-32, digest), read on a thread of their own
/// from the moment this is made; `get` waits for them.
final class InputFingerprints: Sendable {
  private let thread: BackgroundThread
  private let result = BoundedHandoff<Result<[FileFingerprint], any Error>>(capacity: 1)

  /// Starts reading `paths`, in order; a fingerprint in `known` that still describes its
  /// file is taken instead of reading the file (`FileFingerprint.stillValid`).
  init(paths: [String], known: [String: FileFingerprint] = [:]) {
    let result = result
    thread = BackgroundThread(name: "healthpipe.aggregate-fingerprints") {
      result.put(
        Result {
          try paths.map { try known[$0]?.stillValid(for: $0) ?? FileFingerprint.withChecksum($0) }
        })
    }
  }

  /// Waits until the thread is done; call exactly once (also when the stage failed
  /// before `get`).
  func join() { thread.join() }

  /// The fingerprints in the order of the paths, or the first error; waits for them.
  func get() throws -> [FileFingerprint] {
    guard let taken = result.take() else {
      throw HealthError.internalError("the input fingerprints were taken twice")
    }
    return try taken.get()
  }
}
