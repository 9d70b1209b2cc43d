import HealthModel
import HealthSystem

/// Reads a zip file's central directory in place (no extraction): finds the
/// end-of-central-directory record behind any archive comment, follows the zip64 locator
/// and record when present, and lists the entries with their real sizes (which some
/// writers put only here, with flag bit 3 and data descriptors).
public final class ZipReader {
  /// The zip as the user named it.
  public let path: String
  /// The open file.
  let file: FileReader
  /// Entries in central-directory order.
  public let entries: [ZipEntry]
  /// Size of the zip file.
  public var size: Int64 { file.size }

  /// Opens and indexes a zip file; exit 66 when missing, 65 when it is not a complete zip.
  public init(path: String) throws {
    self.path = path
    file = try FileReader(path: path)
    entries = try Self.readDirectory(file, path: path)
  }

  static func error(_ path: String, _ message: String, at offset: Int64?, entry: String? = nil)
    -> HealthError
  {
    HealthError.malformed(
      message, at: SourceLocation(file: path, byteOffset: offset, path: entry),
      hint: "the zip is damaged or incomplete; copy or export it again")
  }

  private static func readDirectory(_ file: FileReader, path: String) throws -> [ZipEntry] {
    let end = try locateDirectory(file, path: path)
    let (eocdOffset, disk, entryCount) = (end.eocdOffset, end.disk, end.entryCount)
    let (directorySize, directoryOffset, directoryEnd) = (end.size, end.offset, end.limit)
    guard disk == 0 else {
      throw error(path, "multi-part (spanned) zip archives are not supported", at: eocdOffset)
    }
    guard directoryOffset >= 0, directorySize >= 0, directoryOffset + directorySize <= directoryEnd
    else {
      throw error(
        path,
        "the central directory (\(directorySize) bytes at \(directoryOffset)) lies outside the "
          + "file (truncated?)", at: directoryOffset)
    }
    guard directorySize <= 256 << 20 else {
      throw error(
        path, "the central directory is implausibly large (\(directorySize) bytes)",
        at: directoryOffset)
    }
    let directory = try file.read(at: directoryOffset, count: Int(directorySize))
    guard directory.count == Int(directorySize) else {
      throw error(path, "the central directory is cut short (truncated?)", at: directoryOffset)
    }
    var entries: [ZipEntry] = []
    var p = 0
    while p + 46 <= directory.count, le32(directory, p) == 0x0201_4B50 {
      let flags = le16(directory, p + 8)
      let method = le16(directory, p + 10)
      let crc = le32(directory, p + 16)
      var compressed = Int64(le32(directory, p + 20))
      var uncompressed = Int64(le32(directory, p + 24))
      let nameLength = Int(le16(directory, p + 28))
      let extraLength = Int(le16(directory, p + 30))
      let commentLength = Int(le16(directory, p + 32))
      var offset = Int64(le32(directory, p + 42))
      let nameStart = p + 46
      let extraStart = nameStart + nameLength
      let next = extraStart + extraLength + commentLength
      guard next <= directory.count else { break }
      let name = String(decoding: directory[nameStart..<extraStart], as: UTF8.self)
      // zip64 extended information: only the fields that are 0xFFFFFFFF, in this order.
      readZip64Extra(
        directory, extra: extraStart..<(extraStart + extraLength), uncompressed: &uncompressed,
        compressed: &compressed, offset: &offset)
      guard compressed >= 0, uncompressed >= 0, offset >= 0 else {
        throw error(
          path, "the central directory entry of \(name) has impossible sizes or offset",
          at: directoryOffset + Int64(p), entry: name)
      }
      entries.append(
        ZipEntry(
          name: name, method: method, flags: flags, crc32: crc, compressedSize: compressed,
          uncompressedSize: uncompressed, localHeaderOffset: offset))
      p = next
    }
    guard Int64(entries.count) == entryCount || entryCount == 0xFFFF else {
      throw error(
        path,
        "the central directory lists \(entries.count) entries but the end record says \(entryCount)",
        at: directoryOffset + Int64(p))
    }
    try checkNoRepeatedName(entries, path: path)
    try checkNoOverlap(entries, file: file, path: path)
    return entries
  }

  /// Refuses a zip that lists one name twice (docs/reliability.md, "Duplicates and mixed
  /// shapes"): tools disagree on which one such a name means (Python's `zipfile` reads the
  /// last, most unzip tools the first), so reading either would be a guess.
  private static func checkNoRepeatedName(_ entries: [ZipEntry], path: String) throws {
    var first: [String: Int] = [:]
    for (index, entry) in entries.enumerated() {
      if let earlier = first[entry.name] {
        throw error(
          path,
          "the zip lists the entry \(entry.name) twice (entries \(earlier + 1) and "
            + "\(index + 1)): which one is meant cannot be told",
          at: entry.localHeaderOffset, entry: entry.name)
      }
      first[entry.name] = index
    }
  }

  /// Refuses a zip whose entries share bytes: no zip writer produces that, but a bomb does
  /// (thousands of central-directory entries pointing into one small deflate stream, each
  /// inflated again). With distinct byte ranges, the bytes read over all entries are at most
  /// the file's size. An entry's range runs from its local header to the end of its data;
  /// where the local header is unreadable (reported only if that entry is read), its
  /// shortest possible length is used, so a damaged header is never called an overlap.
  private static func checkNoOverlap(_ entries: [ZipEntry], file: FileReader, path: String)
    throws
  {
    guard entries.count > 1 else { return }
    var spans: [(start: Int64, end: Int64, index: Int)] = []
    spans.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      let start = entry.localHeaderOffset
      var dataStart = start + 30
      let header = start + 30 <= file.size ? try file.read(at: start, count: 30) : []
      if header.count == 30, le32(header, 0) == 0x0403_4B50 {
        dataStart += Int64(le16(header, 26)) + Int64(le16(header, 28))
      }
      let (end, overflow) = dataStart.addingReportingOverflow(entry.compressedSize)
      spans.append((start, overflow ? .max : end, index))
    }
    spans.sort { $0.start < $1.start || ($0.start == $1.start && $0.index < $1.index) }
    var widest = spans[0]
    for span in spans.dropFirst() {
      if span.start < widest.end {
        let first = entries[widest.index]
        let second = entries[span.index]
        throw error(
          path,
          "entries \(first.name) and \(second.name) overlap in the file (the local header of "
            + "\(second.name) at byte \(span.start) lies inside \(first.name), bytes "
            + "\(widest.start)-\(widest.end)): refusing a possible zip bomb",
          at: span.start, entry: second.name)
      }
      if span.end > widest.end { widest = span }
    }
  }

  /// Where the data of `entry` starts, checked against its local header.
  func dataOffset(of entry: ZipEntry) throws -> Int64 {
    let header =
      entry.localHeaderOffset + 30 <= file.size
      ? try file.read(at: entry.localHeaderOffset, count: 30) : []
    guard header.count == 30, le32(header, 0) == 0x0403_4B50 else {
      throw Self.error(
        path, "the local header of entry \(entry.name) is missing (truncated or damaged zip)",
        at: entry.localHeaderOffset, entry: entry.name)
    }
    let start = entry.localHeaderOffset + 30 + Int64(le16(header, 26)) + Int64(le16(header, 28))
    guard start + entry.compressedSize <= file.size else {
      throw Self.error(
        path,
        "entry \(entry.name) needs \(entry.compressedSize) bytes from offset \(start) but the "
          + "file has \(file.size) (truncated?)", at: start, entry: entry.name)
    }
    return start
  }

  /// Reads compressed bytes at an absolute position.
  func readRaw(at position: Int64, count: Int) throws -> [UInt8] {
    try file.read(at: position, count: count)
  }
}

@inline(__always) func le16(_ b: [UInt8], _ i: Int) -> UInt16 {
  UInt16(b[i]) | UInt16(b[i + 1]) << 8
}

@inline(__always) func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
  UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
}

@inline(__always) func le64(_ b: [UInt8], _ i: Int) -> UInt64 {
  UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32
}
