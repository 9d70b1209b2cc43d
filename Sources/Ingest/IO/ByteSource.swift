import HealthSystem

/// Where a streaming reader gets its bytes: a file, a zip entry being inflated, or memory
/// (tests). Readers keep one fixed-size buffer and refill it from here, so memory stays flat
/// whatever the input's size.
public protocol ByteSource: AnyObject {
  /// The file (or `zip:entry`) name used in messages.
  var path: String { get }
  /// Copies up to `buffer.count` next bytes into `buffer`; returns how many, 0 only at the
  /// end.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
  /// Bytes of the underlying file consumed so far (compressed bytes for a zip entry), for
  /// progress.
  var inputBytesConsumed: Int64 { get }
}

/// A byte source with a known size that can move its read position (plain files and
/// memory; the JSON reader re-reads an array whose metric name comes after it).
public protocol SeekableByteSource: ByteSource {
  /// Total size in bytes.
  var size: Int64 { get }
  /// Moves the read position to an absolute byte offset.
  func seek(to position: Int64)
}

extension FileReader: SeekableByteSource {
  /// Bytes read so far.
  public var inputBytesConsumed: Int64 { offset }
}

/// A file read sequentially, with the CRC-32 of its content computed on the way so no
/// second pass is needed for the input's fingerprint.
///
/// The reads and the CRC run on a read-ahead thread (`ReadAheadByteSource`, 1 MiB chunks,
/// at most three in flight) while the parser works on the previous chunk.
public final class FileByteSource: ByteSource {
  private let readAhead: ReadAheadByteSource
  private let crc = CRCBox()
  /// The path.
  public let path: String
  /// The file's size at open time.
  public let size: Int64
  /// Bytes of the file read so far (at most three chunks ahead of the parser), for
  /// progress.
  public var inputBytesConsumed: Int64 { readAhead.inputBytesConsumed }

  /// Opens `path` (exit 66 when missing or unreadable) and starts reading ahead.
  public init(path: String, chunkSize: Int = 1 << 20) throws {
    let reader = try FileReader(path: path)
    self.path = reader.path
    size = reader.size
    let checksum = crc
    readAhead = ReadAheadByteSource(reader, chunkSize: chunkSize) { checksum.update($0) }
  }

  /// The CRC-32 of the whole file: reads (and discards) whatever the parser left unread, so
  /// the fingerprint never depends on where parsing stopped or how far reading ran ahead.
  public func wholeFileCRC32() throws -> UInt32 {
    try readAhead.drain()
    return crc.value
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    try readAhead.read(into: buffer)
  }
}

/// The running CRC of the read-ahead thread; read by the parser only after the last chunk
/// (the handoff's lock orders the two).
private final class CRCBox: @unchecked Sendable {
  private var crc = CRC32()
  var value: UInt32 { crc.value }
  func update(_ bytes: [UInt8]) { crc.update(bytes) }
}

/// Bytes in memory, handed out in pieces of a chosen size, so tests can split a document at
/// every position: the first reads return the sizes in `firstPieces` (zeros skipped), then
/// pieces of at most `chunkSize` bytes.
public final class MemoryByteSource: SeekableByteSource {
  /// The name used in messages.
  public let path: String
  private let bytes: [UInt8]
  private let chunkSize: Int
  private var pieces: [Int]
  private var position = 0

  /// A source over `bytes`.
  public init(
    _ bytes: [UInt8], path: String = "<memory>", chunkSize: Int = .max, firstPieces: [Int] = []
  ) {
    self.bytes = bytes
    self.path = path
    self.chunkSize = max(1, chunkSize)
    pieces = firstPieces.filter { $0 > 0 }.reversed()
  }

  /// A source over the UTF-8 of `text`.
  public convenience init(text: String, path: String = "<memory>", chunkSize: Int = .max) {
    self.init(Array(text.utf8), path: path, chunkSize: chunkSize)
  }

  /// The number of bytes.
  public var size: Int64 { Int64(bytes.count) }
  /// Bytes handed out so far.
  public var inputBytesConsumed: Int64 { Int64(position) }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let wanted = pieces.popLast() ?? chunkSize
    let n = min(wanted, buffer.count, bytes.count - position)
    guard n > 0 else { return 0 }
    bytes.withUnsafeBytes { src in
      buffer.baseAddress!.copyMemory(from: src.baseAddress! + position, byteCount: n)
    }
    position += n
    return n
  }

  public func seek(to position: Int64) {
    self.position = Int(max(0, min(position, Int64(bytes.count))))
  }
}
