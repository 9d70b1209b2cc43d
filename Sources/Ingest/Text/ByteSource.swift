import HealthCore

/// A sequential, seekable source of bytes for the streaming text readers (JSON, CSV).
///
/// `FileReader` is the real one; `MemoryByteSource` serves tests, and can hand out its bytes
/// in chunks of any size to prove that a reader gives the same result however the input is
/// split across buffer refills.
public protocol ByteSource: AnyObject {
  /// The file name used in messages.
  var path: String { get }
  /// Total size in bytes, when known (for progress).
  var size: Int64 { get }
  /// Reads up to `buffer.count` bytes; returns 0 only at end of input.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
  /// Moves the read position to an absolute byte offset.
  func seek(to position: Int64)
}

extension FileReader: ByteSource {}

/// Bytes in memory, handed out at most `chunkSize` at a time.
public final class MemoryByteSource: ByteSource {
  /// The name used in messages.
  public let path: String
  private let bytes: [UInt8]
  private let chunkSize: Int
  private var position = 0

  /// A source over `bytes` that returns at most `chunkSize` bytes per read.
  public init(_ bytes: [UInt8], path: String = "<memory>", chunkSize: Int = .max) {
    self.bytes = bytes
    self.path = path
    self.chunkSize = max(1, chunkSize)
  }

  /// A source over the UTF-8 of `text`.
  public convenience init(text: String, path: String = "<memory>", chunkSize: Int = .max) {
    self.init(Array(text.utf8), path: path, chunkSize: chunkSize)
  }

  /// The number of bytes.
  public var size: Int64 { Int64(bytes.count) }

  /// Copies the next bytes into `buffer`.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let n = min(buffer.count, chunkSize, bytes.count - position)
    guard n > 0 else { return 0 }
    bytes.withUnsafeBytes { src in
      buffer.baseAddress!.copyMemory(from: src.baseAddress! + position, byteCount: n)
    }
    position += n
    return n
  }

  /// Moves the read position.
  public func seek(to position: Int64) {
    self.position = Int(max(0, min(position, Int64(bytes.count))))
  }
}
