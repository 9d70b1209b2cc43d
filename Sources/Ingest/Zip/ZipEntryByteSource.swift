import HealthModel
import HealthSystem

/// Streams one zip entry's content: stored bytes as they are, deflated bytes inflated
/// through zlib in bounded pieces. At the end it checks the entry's CRC-32 and sizes; on
/// the way it refuses a zip bomb (more than `maxRatio`:1 and more than `bombFloor` bytes,
/// declared or actual).
public final class ZipEntryByteSource: ByteSource {
  /// Inflated-to-compressed ratio above which (with `bombFloor`) an entry is refused.
  public static let maxRatio: Int64 = 1000
  /// Sizes below this are never called a bomb.
  public static let bombFloor: Int64 = 64 << 20

  private let zip: ZipReader
  /// The entry being read.
  public let entry: ZipEntry
  private let dataStart: Int64
  private var compressedRead: Int64 = 0
  private var produced: Int64 = 0
  private var crc = CRC32()
  private let inflater: Inflater?
  private var staging: [UInt8] = []
  private var stagingRead = 0
  private var pending: [UInt8] = []
  private var pendingRead = 0
  private var done = false
  private let feedSize = 8 << 10

  /// Compressed bytes consumed so far (for progress).
  public var inputBytesConsumed: Int64 { compressedRead }
  /// `archive.zip:entry/name.xml`, for messages.
  public var path: String { zip.path + ":" + entry.name }

  /// Opens `entry` of `zip` (exit 65 for encrypted entries, unsupported methods, a missing
  /// local header, a declared zip bomb).
  public convenience init(zip: ZipReader, entry: ZipEntry) throws {
    try self.init(zip: zip, entry: entry, outputChunkSize: 1 << 18)
  }

  /// Opens `entry` with the inflater handing out pieces of at most `outputChunkSize` bytes.
  init(zip: ZipReader, entry: ZipEntry, outputChunkSize: Int) throws {
    self.zip = zip
    self.entry = entry
    guard !entry.isEncrypted else {
      throw ZipReader.error(
        zip.path, "entry \(entry.name) is encrypted; healthpipe reads unencrypted zips only",
        at: entry.localHeaderOffset, entry: entry.name)
    }
    switch entry.method {
    case 0: inflater = nil
    case 8: inflater = try Inflater(.raw, outputChunkSize: outputChunkSize)
    default:
      throw ZipReader.error(
        zip.path,
        "entry \(entry.name) uses compression method \(entry.method); only stored (0) and "
          + "deflate (8) are supported", at: entry.localHeaderOffset, entry: entry.name)
    }
    if entry.method == 0 && entry.compressedSize != entry.uncompressedSize {
      throw ZipReader.error(
        zip.path,
        "stored entry \(entry.name) declares \(entry.compressedSize) bytes stored but "
          + "\(entry.uncompressedSize) bytes of content", at: entry.localHeaderOffset,
        entry: entry.name)
    }
    try Self.checkBomb(
      out: entry.uncompressedSize, in: entry.compressedSize, zip: zip, entry: entry,
      declared: true)
    dataStart = try zip.dataOffset(of: entry)
  }

  private static func checkBomb(
    out: Int64, in compressed: Int64, zip: ZipReader, entry: ZipEntry, declared: Bool
  ) throws {
    guard out > bombFloor, out > maxRatio * max(compressed, 1) else { return }
    throw ZipReader.error(
      zip.path,
      "entry \(entry.name) \(declared ? "declares" : "inflates to") \(out) bytes from "
        + "\(compressed) compressed (over \(maxRatio):1): refusing a possible zip bomb",
      at: entry.localHeaderOffset, entry: entry.name)
  }

  /// The first `count` bytes of the entry's content (fewer when it is shorter), for telling
  /// what an entry holds. Inflates no more than `count` bytes and reads the compressed data
  /// in small pieces, so looking into many entries costs at most `count` bytes each plus
  /// their compressed bytes; the CRC-32 and sizes are not checked (the entry is not read
  /// whole). Only for a fresh source.
  public static func head(of entry: ZipEntry, in zip: ZipReader, count: Int) throws -> [UInt8] {
    let source = try ZipEntryByteSource(zip: zip, entry: entry, outputChunkSize: count)
    return try source.readHead(count: count)
  }

  private func readHead(count: Int) throws -> [UInt8] {
    var head: [UInt8] = []
    head.reserveCapacity(count)
    let piece: Int64 = 1 << 10
    guard let inflater else {
      let n = min(Int64(count), entry.compressedSize)
      return n > 0 ? try zip.readRaw(at: dataStart, count: Int(n)) : []
    }
    var offset: Int64 = 0
    while head.count < count && !inflater.finished && offset < entry.compressedSize {
      let compressed = try zip.readRaw(
        at: dataStart + offset, count: Int(min(piece, entry.compressedSize - offset)))
      guard !compressed.isEmpty else { throw cutShort() }
      let consumed: Int
      do {
        consumed = try compressed.withUnsafeBytes { raw in
          try inflater.inflate(raw, maxOutput: count - head.count) {
            head.append(contentsOf: $0)
          }
        }
      } catch let error as HealthError {
        throw ZipReader.error(
          zip.path, "entry \(entry.name): \(error.message)", at: dataStart + inflater.totalIn,
          entry: entry.name)
      }
      offset += Int64(consumed)
      if consumed == 0 && head.count < count && !inflater.finished { break }
    }
    return head
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard buffer.count > 0 else { return 0 }
    while true {
      if stagingRead < staging.count {
        let n = min(buffer.count, staging.count - stagingRead)
        staging.withUnsafeBytes { raw in
          buffer.baseAddress!.copyMemory(from: raw.baseAddress! + stagingRead, byteCount: n)
        }
        stagingRead += n
        return n
      }
      if done { return 0 }
      if inflater == nil {
        let n = try readStored(into: buffer)
        if n == 0 { try finish() }
        return n
      }
      try inflateMore()
    }
  }

  private func readStored(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let remaining = entry.compressedSize - compressedRead
    guard remaining > 0 else { return 0 }
    let bytes = try zip.readRaw(
      at: dataStart + compressedRead, count: Int(min(Int64(buffer.count), remaining, 1 << 20)))
    guard !bytes.isEmpty else { throw cutShort() }
    bytes.withUnsafeBytes { raw in
      buffer.baseAddress!.copyMemory(from: raw.baseAddress!, byteCount: raw.count)
      crc.update(raw)
    }
    compressedRead += Int64(bytes.count)
    produced += Int64(bytes.count)
    return bytes.count
  }

  private func inflateMore() throws {
    guard let inflater else { return }
    staging.removeAll(keepingCapacity: true)
    stagingRead = 0
    if inflater.finished {
      try finish()
      return
    }
    if pendingRead >= pending.count {
      let remaining = entry.compressedSize - compressedRead
      guard remaining > 0 else {
        throw ZipReader.error(
          zip.path,
          "the compressed data of entry \(entry.name) ends before its deflate stream does "
            + "(truncated or damaged)", at: dataStart + compressedRead, entry: entry.name)
      }
      pending = try zip.readRaw(
        at: dataStart + compressedRead, count: Int(min(remaining, 64 << 10)))
      pendingRead = 0
      guard !pending.isEmpty else { throw cutShort() }
      compressedRead += Int64(pending.count)
    }
    let piece = min(feedSize, pending.count - pendingRead)
    let consumed: Int
    do {
      consumed = try pending.withUnsafeBytes { raw in
        try inflater.inflate(
          UnsafeRawBufferPointer(rebasing: raw[pendingRead..<(pendingRead + piece)])
        ) {
          staging.append(contentsOf: $0)
        }
      }
    } catch let error as HealthError {
      throw ZipReader.error(
        zip.path, "entry \(entry.name): \(error.message)", at: dataStart + inflater.totalIn,
        entry: entry.name)
    }
    pendingRead += piece
    if inflater.finished && consumed < piece || inflater.finished && pendingRead < pending.count {
      throw ZipReader.error(
        zip.path,
        "entry \(entry.name) has bytes after the end of its deflate stream (damaged zip)",
        at: dataStart + inflater.totalIn, entry: entry.name)
    }
    staging.withUnsafeBytes { crc.update($0) }
    produced += Int64(staging.count)
    if produced > entry.uncompressedSize {
      throw ZipReader.error(
        zip.path,
        "entry \(entry.name) inflates to more than its declared \(entry.uncompressedSize) bytes",
        at: dataStart + inflater.totalIn, entry: entry.name)
    }
    try Self.checkBomb(out: produced, in: inflater.totalIn, zip: zip, entry: entry, declared: false)
    if staging.isEmpty && inflater.finished { try finish() }
  }

  private func finish() throws {
    guard !done else { return }
    done = true
    if let inflater, inflater.totalIn != entry.compressedSize {
      throw ZipReader.error(
        zip.path,
        "entry \(entry.name): the deflate stream used \(inflater.totalIn) of \(entry.compressedSize) "
          + "compressed bytes (damaged zip)", at: dataStart + inflater.totalIn, entry: entry.name)
    }
    guard produced == entry.uncompressedSize else {
      throw ZipReader.error(
        zip.path,
        "entry \(entry.name) holds \(produced) bytes but declares \(entry.uncompressedSize) "
          + "(truncated or damaged)", at: dataStart + compressedRead, entry: entry.name)
    }
    guard crc.value == entry.crc32 else {
      throw ZipReader.error(
        zip.path,
        "CRC-32 mismatch in entry \(entry.name): computed \(CRC32Text.hex(crc.value)), the zip "
          + "says \(CRC32Text.hex(entry.crc32)) (the data is damaged)",
        at: dataStart, entry: entry.name)
    }
  }

  private func cutShort() -> HealthError {
    ZipReader.error(
      zip.path, "entry \(entry.name) is cut short (truncated zip)", at: dataStart + compressedRead,
      entry: entry.name)
  }
}
