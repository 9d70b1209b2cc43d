import HealthSystem

/// A file read through a `FileReader` by the seekable (text) readers, with the CRC-32 of
/// its content computed from the bytes they read, so the ingest stage does not read the
/// file a second time for its fingerprint (docs/performance.md, row 12).
///
/// The CRC covers the bytes from offset 0 in order: a read that continues where the
/// checksummed run ends extends it; a read before that point (a reader that seeks back to
/// re-read) or past it (a seek forward) adds nothing. `wholeFileCRC32()` then reads on
/// from the end of the run to the end of the file, so the result is the CRC-32 of the
/// whole content whatever the reader skipped, re-read or left unread.
public final class ChecksummedFileReader: SeekableByteSource {
  private let reader: FileReader
  private var crc = CRC32()
  /// The CRC-32 covers bytes `0..<checkedUpTo`.
  private var checkedUpTo: Int64 = 0

  /// Opens `path` (exit 66 when missing, unreadable or not a regular file).
  public init(path: String) throws { reader = try FileReader(path: path) }

  /// The path as the user named it.
  public var path: String { reader.path }
  /// The file's size at open time.
  public var size: Int64 { reader.size }
  /// Bytes read so far (the read position).
  public var inputBytesConsumed: Int64 { reader.offset }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let start = reader.offset
    let n = try reader.read(into: buffer)
    let end = start + Int64(n)
    if start <= checkedUpTo && end > checkedUpTo {
      let skip = Int(checkedUpTo - start)
      crc.update(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[skip..<n]))
      checkedUpTo = end
    }
    return n
  }

  public func seek(to position: Int64) { reader.seek(to: position) }

  /// The CRC-32 of the whole file, reading whatever the run has not covered yet (to the
  /// end of the file, as `FileFingerprint.withChecksum` does). Leaves the read position at
  /// the end.
  public func wholeFileCRC32() throws -> UInt32 {
    reader.seek(to: checkedUpTo)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)
    defer { buffer.deallocate() }
    while try read(into: buffer) > 0 {}
    return crc.value
  }
}
