import HealthCore

/// Where a streaming reader gets its bytes from: a file, a zip entry being inflated, or
/// memory (tests). Each call fills as much of `buffer` as it can; 0 means the end.
public protocol ByteSource: AnyObject {
  /// Copies up to `buffer.count` next bytes into `buffer`; returns how many (0 at the end).
  func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int
  /// Bytes of the underlying file consumed so far (compressed bytes for a zip entry), for
  /// progress.
  var inputBytesConsumed: Int64 { get }
}

/// A file read sequentially with `read(2)`, with the CRC-32 of its content computed on the
/// way so no second pass is needed for the input's fingerprint.
public final class FileByteSource: ByteSource {
  private let reader: FileReader
  private var crc = CRC32()
  /// The file's size at open time.
  public var size: Int64 { reader.size }
  /// CRC-32 of everything read so far (of the whole file once `fill` returned 0).
  public var crc32: UInt32 { crc.value }
  /// Bytes read so far.
  public var inputBytesConsumed: Int64 { reader.offset }

  /// Opens `path` (exit 66 when missing or unreadable).
  public init(path: String) throws { reader = try FileReader(path: path) }

  public func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let n = try reader.read(into: buffer)
    if n > 0 { crc.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) }
    return n
  }
}

/// Bytes held in memory, handed out in pieces of a chosen size (tests use tiny pieces and
/// uneven first pieces to split a document at every position).
public final class MemoryByteSource: ByteSource {
  private let bytes: [UInt8]
  private var position = 0
  private var pieces: [Int]
  private let pieceSize: Int
  /// Bytes handed out so far.
  public var inputBytesConsumed: Int64 { Int64(position) }

  /// A source over `bytes`; the first fills return the sizes in `firstPieces` (a 0 is
  /// skipped), then pieces of at most `pieceSize` bytes.
  public init(_ bytes: [UInt8], pieceSize: Int = 1 << 16, firstPieces: [Int] = []) {
    self.bytes = bytes
    self.pieceSize = max(1, pieceSize)
    pieces = firstPieces.filter { $0 > 0 }.reversed()
  }

  public func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let wanted = pieces.popLast() ?? pieceSize
    let n = min(wanted, buffer.count, bytes.count - position)
    guard n > 0 else { return 0 }
    bytes.withUnsafeBytes { raw in
      buffer.baseAddress!.copyMemory(from: raw.baseAddress! + position, byteCount: n)
    }
    position += n
    return n
  }
}
