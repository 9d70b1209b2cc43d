import Foundation
import HealthModel

/// A file a stage read or wrote, with what identifies its content.
public struct FileFingerprint: Sendable, Codable, Hashable {
  /// Path as given.
  public var path: String
  /// Size in bytes.
  public var size: Int64
  /// Modification time, nanoseconds since the epoch.
  public var modifiedNanoseconds: Int64
  /// CRC-32 of the content (8 hex digits), when it was computed.
  public var crc32: String?
  /// `ContentDigest` of the content (16 hex digits), when it was computed: what the stage
  /// cache compares for files a stage wrote (a table's whole-file CRC-32 does not change
  /// with its values; see `ContentDigest`).
  public var digest: String?
  /// Status-change time (ctime), nanoseconds since the epoch; only in stage stamps (see
  /// `withChangeStamp()`), nil elsewhere and then not written.
  public var changedNanoseconds: Int64?
  /// Inode number; only in stage stamps, like `changedNanoseconds`.
  public var inode: UInt64?

  /// Creates a fingerprint.
  public init(
    path: String, size: Int64, modifiedNanoseconds: Int64, crc32: String? = nil,
    digest: String? = nil, changedNanoseconds: Int64? = nil, inode: UInt64? = nil
  ) {
    self.path = path
    self.size = size
    self.modifiedNanoseconds = modifiedNanoseconds
    self.crc32 = crc32
    self.digest = digest
    self.changedNanoseconds = changedNanoseconds
    self.inode = inode
  }

  /// Size, mtime, ctime and inode from the file system (no content read); nil if missing.
  /// A `touch -r` edit keeps size and mtime but not the ctime (no call sets it back), and a
  /// file replaced under the same name has a new inode.
  public static func statWithChange(_ path: String) -> FileFingerprint? {
    guard let st = SystemCalls.fileStatus(path), var print = stat(path) else { return nil }
    print.changedNanoseconds = Platform.changedNanoseconds(st)
    print.inode = UInt64(truncatingIfNeeded: st.st_ino)
    return print
  }

  /// Whether `other` (a fresh `statWithChange`) shows the same size, mtime, ctime and inode.
  /// A fingerprint without ctime or inode (a stamp written before they were recorded) never
  /// matches, so the file is looked at again once.
  public func sameStamp(as other: FileFingerprint) -> Bool {
    size == other.size && modifiedNanoseconds == other.modifiedNanoseconds
      && changedNanoseconds != nil && changedNanoseconds == other.changedNanoseconds
      && inode != nil && inode == other.inode
  }

  /// Whether this fingerprint's checksums still hold for a file that `now` (a fresh `stat`)
  /// shows: a CRC-32 was taken and the size and mtime are unchanged. The one rule by which
  /// a checksum computed earlier in a run is reused instead of reading the file again (the
  /// pipeline's stamps, and the stage that reads a table another stage wrote).
  public func checksumHolds(now: FileFingerprint) -> Bool {
    crc32 != nil && now.size == size && now.modifiedNanoseconds == modifiedNanoseconds
  }

  /// This fingerprint when it still describes the file at `path` (`checksumHolds`), with
  /// its digest too: what a stage computed of a file it wrote, taken by the stage that
  /// reads the file next instead of reading it all again (docs/architecture.md).
  public func stillValid(for path: String) -> FileFingerprint? {
    guard self.path == path, digest != nil, let now = Self.stat(path), checksumHolds(now: now)
    else { return nil }
    return FileFingerprint(
      path: path, size: size, modifiedNanoseconds: modifiedNanoseconds, crc32: crc32,
      digest: digest)
  }

  /// Size and modification time from the file system (no content read); nil if missing.
  public static func stat(_ path: String) -> FileFingerprint? {
    guard let st = SystemCalls.fileStatus(path) else { return nil }
    return FileFingerprint(
      path: path, size: Int64(st.st_size), modifiedNanoseconds: Platform.modifiedNanoseconds(st))
  }

  /// Size, modification time, and the CRC-32 and `ContentDigest` of the whole content (one
  /// read).
  public static func withChecksum(_ path: String) throws -> FileFingerprint {
    guard var fp = stat(path) else {
      throw HealthError.missingInput(path, reason: "no such file")
    }
    let reader = try FileReader(path: path)
    var crc = CRC32()
    var digest = ContentDigest()
    // Not zero-filled, and no larger than the file needs (plus one byte to see its end):
    // clearing a 1 MiB buffer for each of 853 small JSON files was 9 % of an ingest's
    // instructions (docs/performance.md, row 12).
    let capacity = Int(min(Int64(1 << 20), max(Int64(4096), fp.size + 1)))
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let n = try reader.read(into: buffer)
      if n == 0 { break }
      let chunk = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<n])
      crc.update(chunk)
      digest.update(chunk)
    }
    fp.crc32 = crc.hex
    fp.digest = digest.hex
    return fp
  }
}
