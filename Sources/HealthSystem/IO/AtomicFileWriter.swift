#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file atomically: bytes go to a temporary file in the destination's folder,
/// which is flushed (`fsync`) and renamed over the destination on `commit()`. A crash or
/// kill at any moment leaves either the old file or the new one, never a mix.
///
/// If the writer is dropped without `commit()`, the temporary file is removed.
///
/// A scratch file that only this process reads back (ingest's part files, joined into the
/// real output and removed) is written with `durable: false`: the same rename, no `fsync`
/// (a crash loses it either way), which made up most of ingest's cost per small input, and
/// no CRC-32 or digest of its bytes (nothing fingerprints a scratch file; they were two
/// passes over ingest's whole samples table).
public final class AtomicFileWriter {
  /// The final path.
  public let destination: String
  /// The temporary path bytes go to until commit.
  public let temporaryPath: String
  private var fd: Int32
  private var buffer: [UInt8] = []
  private let bufferLimit = 1 << 20
  /// Writes of at least this many bytes skip the buffer.
  private let writeThroughBytes = 1 << 16
  private var committed = false
  /// Bytes written so far.
  public private(set) var bytesWritten: Int64 = 0
  /// CRC-32 and `ContentDigest` of the bytes written so far, so the output's fingerprint
  /// needs no second read.
  private var crc = CRC32()
  private var digest = ContentDigest()
  /// Whether `commit()` syncs the file and its folder.
  private let durable: Bool

  /// A point to go back to with `rollback(to:)`: the bytes written up to it and their CRC.
  public struct Mark: Sendable {
    /// Bytes written before the mark.
    public let bytes: Int64
    fileprivate let crc: CRC32
    fileprivate let digest: ContentDigest
  }

  /// Opens a temporary file next to `destination`; `durable: false` skips the `fsync`s of
  /// `commit()` (for scratch files, see the type's documentation).
  public init(destination: String, durable: Bool = true) throws {
    self.destination = destination
    self.durable = durable
    // Never a temporary beside, nor a rename over, a device, FIFO, socket or folder.
    try OutputTarget.check([destination])
    let (descriptor, path) = try TemporaryFiles.create {
      try SystemCalls.createHiddenFile(
        beside: destination, mode: 0o644, doing: "creating the output")
    }
    temporaryPath = path
    fd = descriptor
    buffer.reserveCapacity(bufferLimit)
  }

  deinit {
    if !committed { abandon() }
  }

  /// Appends bytes.
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    bytesWritten += Int64(bytes.count)
    if durable {
      crc.update(bytes)
      digest.update(bytes)
    }
    try put(bytes)
  }

  /// Appends bytes whose CRC-32 the caller already knows (`crc32`, of exactly these bytes):
  /// the file's CRC-32 takes it by `crc32_combine` instead of reading them again; the digest
  /// still reads them (it cannot be combined). Used by `TableConcatenation` for block bodies
  /// (docs/reliability.md, "Integrity").
  public func write(_ bytes: UnsafeRawBufferPointer, knownCRC32 crc32: UInt32) throws {
    bytesWritten += Int64(bytes.count)
    if durable {
      crc.append(crc: crc32, count: Int64(bytes.count))
      digest.update(bytes)
    }
    try put(bytes)
  }

  /// Appends bytes.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Appends UTF-8 text.
  public func write(_ text: String) throws {
    var copy = text
    try copy.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
  }

  /// The current end of the written bytes, to come back to with `rollback(to:)`.
  public func mark() -> Mark { Mark(bytes: bytesWritten, crc: crc, digest: digest) }

  /// Drops every byte written after `mark` (buffered or already in the file), as if they had
  /// never been written. Exit 74 when the file cannot be cut back.
  public func rollback(to mark: Mark) throws {
    precondition(mark.bytes <= bytesWritten, "rollback to a mark ahead of the file")
    let inFile = bytesWritten - Int64(buffer.count)
    if mark.bytes >= inFile {
      buffer.removeLast(Int(bytesWritten - mark.bytes))
    } else {
      buffer.removeAll(keepingCapacity: true)
      guard ftruncate(fd, off_t(mark.bytes)) == 0, lseek(fd, off_t(mark.bytes), SEEK_SET) >= 0
      else {
        let code = errno
        abandon()
        throw SystemCalls.writeError(code, path: destination, doing: "cutting the output back")
      }
    }
    bytesWritten = mark.bytes
    crc = mark.crc
    digest = mark.digest
  }

  /// Flushes, syncs and renames the file into place, then syncs the folder (without the
  /// syncs when not `durable`).
  public func commit() throws {
    precondition(!committed, "commit called twice")
    try flushBuffer()
    if durable && fsync(fd) != 0 {
      let code = errno
      abandon()
      throw SystemCalls.writeError(code, path: destination, doing: "flushing the output")
    }
    close(fd)
    fd = -1
    if let refused = OutputTarget.problem(destination) {
      // Something else took the destination's place while the file was written.
      abandon()
      throw refused
    }
    if rename(temporaryPath, destination) != 0 {
      let code = errno
      unlink(temporaryPath)
      TemporaryFiles.unregister(temporaryPath)
      committed = true
      throw SystemCalls.writeError(code, path: destination, doing: "renaming the output into place")
    }
    committed = true
    TemporaryFiles.unregister(temporaryPath)
    guard durable else { return }
    let slash = destination.lastIndex(of: "/")
    let folder = slash.map { String(destination[..<$0]) } ?? "."
    let dirfd = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_CLOEXEC)
    if dirfd >= 0 {
      fsync(dirfd)
      close(dirfd)
    }
  }

  /// The committed file's size, mtime and the CRC-32 of the bytes written (computed on the
  /// way; none for a scratch file, `durable: false`). Call after `commit()`.
  public var fingerprint: FileFingerprint {
    var print =
      FileFingerprint.stat(destination)
      ?? FileFingerprint(path: destination, size: bytesWritten, modifiedNanoseconds: 0)
    guard durable else { return print }
    print.crc32 = crc.hex
    print.digest = digest.hex
    return print
  }

  /// Gives up: closes and removes the temporary file. The destination is untouched.
  public func abandon() {
    if fd >= 0 {
      close(fd)
      fd = -1
    }
    if !committed {
      unlink(temporaryPath)
      TemporaryFiles.unregister(temporaryPath)
      committed = true
    }
  }

  /// Buffers `bytes`, or writes them through when they are `writeThroughBytes` or more
  /// (a table block's payload: copying it into the buffer would cost more than the one
  /// more system call).
  private func put(_ bytes: UnsafeRawBufferPointer) throws {
    if buffer.count + bytes.count > bufferLimit || bytes.count >= writeThroughBytes {
      try flushBuffer()
    }
    if bytes.count >= writeThroughBytes {
      try writeFully(bytes)
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  private func flushBuffer() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBytes { try writeFully($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeFully(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        let code = errno
        abandon()
        throw SystemCalls.writeError(code, path: destination, doing: "writing the output")
      }
      offset += n
    }
  }

  /// Writes a whole file atomically in one call.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    let writer = try AtomicFileWriter(destination: path)
    try writer.write(bytes)
    try writer.commit()
  }

  /// Writes a whole text file atomically in one call.
  public static func write(_ text: String, to path: String) throws {
    try write(Array(text.utf8), to: path)
  }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ buf: UnsafeRawPointer, _ count: Int) -> Int {
  Platform.write(fd, buf, count)
}
