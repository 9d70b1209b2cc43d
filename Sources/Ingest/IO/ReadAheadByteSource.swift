import HealthSystem

/// Runs another byte source's reads on a read-ahead thread, so its work (`read(2)`, a
/// CRC-32, a zip entry's inflate and checks) overlaps with the parser's on the second core.
///
/// The wrapped source is used by the read-ahead thread only, from the first read on. It is
/// read in chunks of `chunkSize` bytes; at most three chunks wait, so memory stays bounded.
/// An error the source throws reaches the parser in order, after the bytes read before it.
public final class ReadAheadByteSource: ByteSource {
  private struct Chunk {
    var bytes: [UInt8]
    /// The source's `inputBytesConsumed` after this chunk.
    var consumedAfter: Int64
  }

  private let chunks = BoundedHandoff<Result<Chunk, any Error>>(capacity: 3)
  private let readAhead: BackgroundThread
  private var current: [UInt8] = []
  private var position = 0
  private var finished = false
  private var consumed: Int64 = 0
  /// The wrapped source's name.
  public let path: String
  /// The wrapped source's consumption at the end of the chunk being parsed (compressed bytes
  /// for a zip entry), for progress.
  public var inputBytesConsumed: Int64 { consumed }

  /// Starts reading `source` ahead. `onChunk` runs on the read-ahead thread for every
  /// chunk, in order (e.g. a checksum of the content).
  public init(
    _ source: any ByteSource, chunkSize: Int = 1 << 20,
    onChunk: (@Sendable ([UInt8]) -> Void)? = nil
  ) {
    path = source.path
    let wrapped = UncheckedSendable(source)
    let handoff = chunks
    readAhead = BackgroundThread(name: "healthpipe.read-ahead") {
      while true {
        let chunk: [UInt8]
        do {
          // Uninitialised: the source fills it, and only the bytes it filled are kept.
          chunk = try [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
            count = try wrapped.value.read(into: UnsafeMutableRawBufferPointer(buffer))
          }
        } catch {
          handoff.put(.failure(error))
          break
        }
        if chunk.isEmpty { break }
        onChunk?(chunk)
        let item = Chunk(bytes: chunk, consumedAfter: wrapped.value.inputBytesConsumed)
        if !handoff.put(.success(item)) { return }
      }
      handoff.close()
    }
  }

  deinit {
    chunks.close()
    readAhead.join()
  }

  /// Reads and discards whatever the parser left unread, to the end of the source (so a
  /// checksum taken in `onChunk` covers all of it); later reads return 0. Throws the
  /// source's error, if any.
  public func drain() throws {
    current = []
    position = 0
    while let next = finished ? nil : chunks.take() { _ = try next.get() }
    finished = true
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while position == current.count {
      guard !finished, let next = chunks.take() else {
        finished = true
        return 0
      }
      let chunk = try next.get()
      current = chunk.bytes
      consumed = chunk.consumedAfter
      position = 0
    }
    let n = min(buffer.count, current.count - position)
    current.withUnsafeBytes { src in
      buffer.baseAddress!.copyMemory(from: src.baseAddress! + position, byteCount: n)
    }
    position += n
    return n
  }
}
