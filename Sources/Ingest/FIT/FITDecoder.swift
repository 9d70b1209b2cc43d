import HealthModel

/// Receives what `FITDecoder` reads, in file order.
public protocol FITMessageHandler: AnyObject {
  /// A FIT file starts (the first of the input, or the next of a chain).
  func beginFile(_ header: FITFileHeader, at offset: Int64) throws
  /// A data message (its bytes are valid during the call only).
  func message(_ message: FITMessage, decoder: FITDecoder) throws
  /// The file's data records ended and its CRC is correct.
  func endFile() throws
}

/// What the decoder counted, for the manifest.
public struct FITDecodeCounts: Sendable {
  /// FIT files read (more than one for a chained file).
  public var files = 0
  /// Definition messages.
  public var definitions: Int64 = 0
  /// Data messages.
  public var dataMessages: Int64 = 0
  /// Data messages whose header was a compressed-timestamp header.
  public var compressedTimestamps: Int64 = 0
  /// Developer fields skipped (summed over the data messages carrying them).
  public var developerFields: Int64 = 0
  /// Zero bytes after the last file's CRC (padding some tools add).
  public var trailingZeroBytes: Int64 = 0
  /// Creates zero counts.
  public init() {}
}

/// A streaming decoder of FIT files (Garmin FIT protocol: file header, data records,
/// file CRC), over any byte source, in a buffer of fixed size.
///
/// - 12- and 14-byte (and longer) headers; the header CRC is checked when present and not 0.
/// - Definition messages store a layout per local message type (0-15); data messages are
///   read against it, little- or big-endian as their definition says; developer fields
///   (record header bit 5) are skipped and counted.
/// - Compressed-timestamp headers (bit 7): two bits of local type, five bits of seconds
///   after the last full timestamp, rolling over every 32 s.
/// - The file CRC over header and data is checked at the end; files chained one after the
///   other are each read the same way; zero bytes after the last one are counted.
/// - A message that runs past the data size, a data message of an undefined local type,
///   a cut file or a wrong CRC end the read with exit 65 and the byte offset: nothing of a
///   damaged file is kept (ingest rolls the input back).
///
/// docs/ingest-garmin.md, "The FIT decoder".
public final class FITDecoder {
  /// The file name used in messages.
  public let path: String
  private let source: ByteSource
  private let buffer: UnsafeMutableRawPointer
  private let capacity: Int
  @exclusivity(unchecked) private var pos = 0
  @exclusivity(unchecked) private var end = 0
  /// Input offset of `buffer[0]`.
  @exclusivity(unchecked) private var base: Int64 = 0
  @exclusivity(unchecked) private var atEOF = false
  /// CRC of the current file up to `crcDone` (an input offset).
  @exclusivity(unchecked) private var crc = FITCRC()
  @exclusivity(unchecked) private var crcDone: Int64 = 0
  /// The definition of each local message type (0-15), retained here (`define`) and read
  /// per data message without retaining it again: a data message's definition read from an
  /// array retained and released it, and its three arrays, once per message.
  private let definitions: UnsafeMutablePointer<Unmanaged<FITDefinition>?>
  @exclusivity(unchecked) private var record: Int64 = 0
  /// The last full timestamp seen (field 253, or a compressed header's time): the base of
  /// compressed timestamps and of 16-bit timestamp fields.
  @exclusivity(unchecked) public private(set) var lastTimestamp: UInt32 = 0
  /// Whether a full timestamp has been seen in this file.
  @exclusivity(unchecked) public private(set) var hasTimestamp = false
  /// What was read.
  @exclusivity(unchecked) public private(set) var counts = FITDecodeCounts()

  /// The timestamp field number common to all messages (Profile: `timestamp`, 253).
  public static let timestampField: UInt8 = 253

  /// A decoder of `source` with a buffer of `bufferSize` bytes (at least 256 KiB, so any
  /// one message fits).
  public init(source: ByteSource, bufferSize: Int = 1 << 20) {
    self.source = source
    path = source.path
    capacity = max(256 << 10, bufferSize)
    buffer = .allocate(byteCount: capacity, alignment: 16)
    definitions = .allocate(capacity: 16)
    definitions.initialize(repeating: nil, count: 16)
  }

  deinit {
    buffer.deallocate()
    forgetDefinitions()
    definitions.deallocate()
  }

  /// Makes `definition` the one of local type `local` (0-15).
  private func define(_ local: Int, _ definition: FITDefinition) {
    precondition(local >= 0 && local < 16, "FIT local message types are 0-15")
    definitions[local]?.release()
    definitions[local] = .passRetained(definition)
  }

  /// Forgets every local type's definition (a new file starts).
  private func forgetDefinitions() {
    for local in 0..<16 {
      definitions[local]?.release()
      definitions[local] = nil
    }
  }

  /// Input bytes consumed.
  public var offset: Int64 { base + Int64(pos) }

  /// Reads the whole input into `handler`.
  public func run(_ handler: FITMessageHandler) throws {
    var first = true
    while true {
      if !first {
        guard try ensure(1) else { return }
        if try skipZeros() { return }
      }
      first = false
      try readFile(handler)
    }
  }

  private func readFile(_ handler: FITMessageHandler) throws {
    let start = offset
    guard try ensure(FITFileHeader.minimumSize) else {
      throw FITErrors.malformed(
        path, "the FIT file header is cut short (\(end - pos) bytes at byte \(start))", at: start
      )
    }
    let size = Int(buffer.load(fromByteOffset: pos, as: UInt8.self))
    guard size >= FITFileHeader.minimumSize, try ensure(size) else {
      throw FITErrors.malformed(
        path,
        size < 12
          ? "the FIT file header says it is \(size) bytes long (at least 12)"
          : "the FIT file header is cut short", at: start)
    }
    let header = try FITFileHeader.parse(
      UnsafeRawBufferPointer(start: buffer + pos, count: size), path: path, offset: start)
    crc = FITCRC()
    crcDone = start
    pos += size
    forgetDefinitions()
    hasTimestamp = false
    lastTimestamp = 0
    counts.files += 1
    try handler.beginFile(header, at: start)
    let dataEnd = offset + header.dataSize
    while offset < dataEnd {
      try readRecord(handler, dataEnd: dataEnd)
    }
    try checkCRC(dataEnd: dataEnd)
    try handler.endFile()
  }

  private func readRecord(_ handler: FITMessageHandler, dataEnd: Int64) throws {
    guard try ensure(1) else { throw cut(dataEnd) }
    let at = offset
    let h = buffer.load(fromByteOffset: pos, as: UInt8.self)
    pos += 1
    if h & 0x80 != 0 {
      // Compressed timestamp header: local type in bits 5-6, seconds in bits 0-4.
      let local = Int((h >> 5) & 0x3)
      let seconds = UInt32(h & 0x1F)
      var ts = (lastTimestamp & 0xFFFF_FFE0) &+ seconds
      if seconds < lastTimestamp & 0x1F { ts = ts &+ 0x20 }
      counts.compressedTimestamps += 1
      try readData(local: local, header: at, handler, dataEnd: dataEnd, compressed: ts)
    } else if h & 0x40 != 0 {
      try readDefinition(local: Int(h & 0x0F), developer: h & 0x20 != 0, at: at, dataEnd: dataEnd)
    } else {
      try readData(local: Int(h & 0x0F), header: at, handler, dataEnd: dataEnd, compressed: nil)
    }
  }

  private func readDefinition(local: Int, developer: Bool, at: Int64, dataEnd: Int64) throws {
    guard try ensure(5) else { throw cut(dataEnd) }
    let p = buffer + pos
    let bigEndian = p.load(fromByteOffset: 1, as: UInt8.self) == 1
    let g0 = UInt16(p.load(fromByteOffset: 2, as: UInt8.self))
    let g1 = UInt16(p.load(fromByteOffset: 3, as: UInt8.self))
    let global = bigEndian ? g0 << 8 | g1 : g1 << 8 | g0
    let n = Int(p.load(fromByteOffset: 4, as: UInt8.self))
    pos += 5
    guard try ensure(3 * n + (developer ? 1 : 0)) else { throw cut(dataEnd) }
    var fields: [FITFieldDefinition] = []
    fields.reserveCapacity(n)
    for k in 0..<n {
      let q = buffer + pos + 3 * k
      fields.append(
        FITFieldDefinition(
          number: q.load(as: UInt8.self), size: q.load(fromByteOffset: 1, as: UInt8.self),
          baseType: FITBaseType(definitionByte: q.load(fromByteOffset: 2, as: UInt8.self))))
    }
    pos += 3 * n
    var developerCount = 0
    var developerBytes = 0
    if developer {
      developerCount = Int(buffer.load(fromByteOffset: pos, as: UInt8.self))
      pos += 1
      guard try ensure(3 * developerCount) else { throw cut(dataEnd) }
      for k in 0..<developerCount {
        developerBytes += Int(buffer.load(fromByteOffset: pos + 3 * k + 1, as: UInt8.self))
      }
      pos += 3 * developerCount
    }
    guard offset <= dataEnd else { throw pastEnd(at, dataEnd) }
    define(
      local,
      FITDefinition(
        globalNumber: global, bigEndian: bigEndian, fields: fields,
        developerFieldCount: developerCount, developerBytes: developerBytes))
    counts.definitions += 1
  }

  private func readData(
    local: Int, header at: Int64, _ handler: FITMessageHandler, dataEnd: Int64,
    compressed: UInt32?
  ) throws {
    guard local >= 0 && local < 16, let entry = definitions[local] else {
      throw FITErrors.malformed(
        path, "a data message of local type \(local) comes before any definition of it", at: at)
    }
    try entry._withUnsafeGuaranteedRef { definition in
      try readData(
        definition, header: at, handler, dataEnd: dataEnd, compressed: compressed)
    }
  }

  private func readData(
    _ definition: FITDefinition, header at: Int64, _ handler: FITMessageHandler,
    dataEnd: Int64, compressed: UInt32?
  ) throws {
    let size = definition.contentSize
    guard offset + Int64(size) <= dataEnd else { throw pastEnd(at, dataEnd) }
    guard try ensure(size) else { throw cut(dataEnd) }
    record += 1
    counts.dataMessages += 1
    counts.developerFields += Int64(definition.developerFieldCount)
    let content = UnsafeRawBufferPointer(start: buffer + pos, count: size)
    var message = FITMessage(
      definition: definition, content: content, timestamp: compressed, record: record)
    if let ts = message.uint(Self.timestampField) {
      lastTimestamp = UInt32(truncatingIfNeeded: ts)
      hasTimestamp = true
      message = FITMessage(
        definition: definition, content: content, timestamp: lastTimestamp, record: record)
    } else if let compressed {
      lastTimestamp = compressed
      hasTimestamp = true
    }
    try handler.message(message, decoder: self)
    pos += size
  }

  private func checkCRC(dataEnd: Int64) throws {
    guard try ensure(2) else {
      throw FITErrors.malformed(
        path, "the FIT file ends before its 2-byte CRC (at byte \(dataEnd))", at: dataEnd)
    }
    updateCRC(through: dataEnd)
    let stored =
      UInt16(buffer.load(fromByteOffset: pos, as: UInt8.self))
      | UInt16(buffer.load(fromByteOffset: pos + 1, as: UInt8.self)) << 8
    guard stored == crc.value else {
      throw FITErrors.malformed(
        path,
        "the file CRC is 0x\(hex(stored)) but the header and data give 0x\(hex(crc.value)): "
          + "the file is damaged", at: dataEnd)
    }
    pos += 2
    crcDone = offset
  }

  /// Skips zero bytes after a file's CRC; true when the input ends in them.
  private func skipZeros() throws -> Bool {
    while try ensure(1) {
      guard buffer.load(fromByteOffset: pos, as: UInt8.self) == 0 else { return false }
      pos += 1
      crcDone = offset
      counts.trailingZeroBytes += 1
    }
    return true
  }

  // MARK: - Buffer

  /// Adds the consumed bytes up to `limit` (an input offset) to the CRC.
  private func updateCRC(through limit: Int64) {
    let upTo = min(limit, offset)
    guard upTo > crcDone else { return }
    let from = Int(crcDone - base)
    crc.update(UnsafeRawBufferPointer(start: buffer + from, count: Int(upTo - crcDone)))
    crcDone = upTo
  }

  /// Makes `count` bytes available at `pos`; false at the end of the input.
  private func ensure(_ count: Int) throws -> Bool {
    if end - pos >= count { return true }
    // Everything before `pos` is consumed: fold it into the CRC, then move the rest down.
    updateCRC(through: offset)
    let keep = end - pos
    if pos > 0 {
      (buffer + 0).copyMemory(from: buffer + pos, byteCount: keep)
      base += Int64(pos)
      end = keep
      pos = 0
    }
    while end - pos < count && !atEOF {
      let n = try source.read(
        into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
      if n == 0 { atEOF = true } else { end += n }
    }
    return end - pos >= count
  }

  private func cut(_ dataEnd: Int64) -> HealthError {
    FITErrors.malformed(
      path,
      "the FIT file ends at byte \(base + Int64(end)) inside its data, which the header says "
        + "run to byte \(dataEnd)", at: base + Int64(end))
  }

  private func pastEnd(_ at: Int64, _ dataEnd: Int64) -> HealthError {
    FITErrors.malformed(
      path,
      "the message at byte \(at) runs past the end of the data records (byte \(dataEnd))",
      at: at)
  }
}
