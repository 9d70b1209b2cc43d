import HealthSystem

extension ZipReader {
  /// Where the central directory is, from the end-of-central-directory record (and the
  /// zip64 one when a locator points at it).
  struct DirectoryLocation {
    /// Offset of the end-of-central-directory record.
    var eocdOffset: Int64
    /// The EOCD's disk number (0 unless the archive is spanned).
    var disk: UInt16
    /// The number of entries the end record gives.
    var entryCount: Int64
    /// The central directory's size in bytes.
    var size: Int64
    /// The central directory's offset.
    var offset: Int64
    /// Where the central directory must end: the zip64 record, else the EOCD.
    var limit: Int64
  }

  /// Finds the end-of-central-directory record behind any archive comment and follows the
  /// zip64 locator when present (exit 65 when either is missing or damaged).
  static func locateDirectory(_ file: FileReader, path: String) throws -> DirectoryLocation {
    let size = file.size
    let tailLength = Int(min(size, 22 + 65_535))
    let tailStart = size - Int64(tailLength)
    let tail = try file.read(at: tailStart, count: tailLength)
    // The last EOCD signature whose comment length reaches exactly (or within) the end.
    var eocd = -1
    var i = tail.count - 22
    while i >= 0 {
      if tail[i] == 0x50, tail[i + 1] == 0x4B, tail[i + 2] == 0x05, tail[i + 3] == 0x06 {
        let commentLength = Int(le16(tail, i + 20))
        if i + 22 + commentLength <= tail.count {
          eocd = i
          break
        }
      }
      i -= 1
    }
    guard eocd >= 0 else {
      throw error(
        path,
        "not a complete zip file: the end-of-central-directory record is missing (truncated?)",
        at: size)
    }
    let eocdOffset = tailStart + Int64(eocd)
    var location = DirectoryLocation(
      eocdOffset: eocdOffset, disk: le16(tail, eocd + 4), entryCount: Int64(le16(tail, eocd + 10)),
      size: Int64(le32(tail, eocd + 12)), offset: Int64(le32(tail, eocd + 16)), limit: eocdOffset)

    // zip64: a locator right before the EOCD points at the zip64 EOCD record.
    if eocdOffset >= 20 {
      let locator = try file.read(at: eocdOffset - 20, count: 20)
      if locator.count == 20, le32(locator, 0) == 0x0706_4B50 {
        let recordOffset = Int64(bitPattern: le64(locator, 8))
        let record =
          recordOffset >= 0 && recordOffset < eocdOffset
          ? try file.read(at: recordOffset, count: 56) : []
        guard record.count == 56, le32(record, 0) == 0x0606_4B50 else {
          throw error(
            path, "the zip64 end-of-central-directory record is missing or damaged",
            at: recordOffset)
        }
        location.entryCount = Int64(bitPattern: le64(record, 32))
        location.size = Int64(bitPattern: le64(record, 40))
        location.offset = Int64(bitPattern: le64(record, 48))
        location.limit = recordOffset
      }
    }
    return location
  }

  /// Applies an entry's zip64 extended information (extra field 0x0001) found in `extra`:
  /// only the fields that are 0xFFFFFFFF, in this order.
  static func readZip64Extra(
    _ directory: [UInt8], extra: Range<Int>, uncompressed: inout Int64, compressed: inout Int64,
    offset: inout Int64
  ) {
    var e = extra.lowerBound
    while e + 4 <= extra.upperBound {
      let id = le16(directory, e)
      let length = Int(le16(directory, e + 2))
      let body = e + 4
      guard body + length <= extra.upperBound else { break }
      if id == 0x0001 {
        var q = body
        if uncompressed == 0xFFFF_FFFF, q + 8 <= body + length {
          uncompressed = Int64(bitPattern: le64(directory, q))
          q += 8
        }
        if compressed == 0xFFFF_FFFF, q + 8 <= body + length {
          compressed = Int64(bitPattern: le64(directory, q))
          q += 8
        }
        if offset == 0xFFFF_FFFF, q + 8 <= body + length {
          offset = Int64(bitPattern: le64(directory, q))
          q += 8
        }
      }
      e = body + length
    }
  }
}
