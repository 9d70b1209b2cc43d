import HealthModel
import HealthSystem

/// A streaming zip writer: raw deflate through `HealthCore.Deflater`, CRC-32, local headers
/// with data descriptors (general-purpose flag bit 3) for streamed entries or with sizes
/// for entries given whole, a central directory, and zip64 records when sizes, offsets or
/// entry counts need them (or always, with `forceZip64`, for tests of zip64 readers).
///
/// Bytes go to a sink in order; nothing is ever rewritten, so the sink can be a pipe or an
/// `AtomicFileWriter`.
public final class ZipWriter {
  /// Settings.
  public struct Options: Sendable {
    /// Write zip64 extra fields and end records even when nothing needs them.
    public var forceZip64: Bool
    /// zlib level 0-9 (6 is zlib's default).
    public var level: Int32
    /// Creates options.
    public init(forceZip64: Bool = false, level: Int32 = 6) {
      self.forceZip64 = forceZip64
      self.level = level
    }
  }

  /// How an entry's bytes are stored.
  public enum Method: UInt16, Sendable {
    /// No compression.
    case stored = 0
    /// Raw deflate.
    case deflated = 8
  }

  let options: Options
  private let sink: (UnsafeRawBufferPointer) throws -> Void
  /// Bytes written so far.
  public private(set) var offset: Int64 = 0
  var entries: [ZipCentralEntry] = []
  private var open: OpenEntry?
  private var finished = false

  private struct OpenEntry {
    var central: ZipCentralEntry
    var deflater: Deflater
    var crc = CRC32()
    var uncompressed: Int64 = 0
    var compressed: Int64 = 0
  }

  /// Entries larger than this (uncompressed) are written with zip64 sizes.
  static let zip64Threshold: Int64 = 0xFFFF_FFFF

  /// A writer handing its bytes to `sink`.
  public init(options: Options = Options(), sink: @escaping (UnsafeRawBufferPointer) throws -> Void)
  {
    self.options = options
    self.sink = sink
  }

  func emit(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try sink($0) }
    offset += Int64(bytes.count)
  }

  /// Starts a streamed, deflated entry. Its sizes and CRC follow the data in a data
  /// descriptor. `expectedSize` (uncompressed) decides zip64: an entry that may reach
  /// 4 GiB must say so, since its local header is written first.
  public func beginEntry(_ name: String, modified: ZipTimestamp, expectedSize: Int64? = nil)
    throws
  {
    precondition(open == nil && !finished, "zip entry already open")
    let zip64 = options.forceZip64 || (expectedSize ?? 0) >= Self.zip64Threshold - (1 << 28)
    var central = ZipCentralEntry(
      name: Array(name.utf8), method: .deflated, time: modified, localOffset: offset,
      dataDescriptor: true, zip64: zip64)
    try emit(ZipRecords.localHeader(central, crc: 0, compressed: 0, uncompressed: 0))
    central.zip64 = zip64
    open = OpenEntry(central: central, deflater: try Deflater(.raw, level: options.level))
  }

  /// Adds bytes to the open entry.
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard var entry = open else { preconditionFailure("no zip entry open") }
    entry.crc.update(bytes)
    entry.uncompressed += Int64(bytes.count)
    var produced: Int64 = 0
    try entry.deflater.deflate(bytes, finish: false) { piece in
      try sink(piece)
      produced += Int64(piece.count)
    }
    entry.compressed += produced
    offset += produced
    open = entry
  }

  /// Ends the open entry: flushes the deflater and writes the data descriptor.
  public func endEntry() throws {
    guard var entry = open else { preconditionFailure("no zip entry open") }
    var produced: Int64 = 0
    try entry.deflater.deflate(UnsafeRawBufferPointer(start: nil, count: 0), finish: true) {
      piece in
      try sink(piece)
      produced += Int64(piece.count)
    }
    entry.compressed += produced
    offset += produced
    if !entry.central.zip64
      && (entry.uncompressed >= Self.zip64Threshold || entry.compressed >= Self.zip64Threshold)
    {
      throw HealthError.internalError(
        "zip entry \(String(decoding: entry.central.name, as: UTF8.self)) grew past 4 GiB without zip64; pass expectedSize"
      )
    }
    entry.central.crc = entry.crc.value
    entry.central.compressed = entry.compressed
    entry.central.uncompressed = entry.uncompressed
    try emit(ZipRecords.dataDescriptor(entry.central))
    entries.append(entry.central)
    open = nil
  }

  /// Adds a whole entry given in memory, sizes and CRC in its local header.
  public func addEntry(
    _ name: String, data: [UInt8], modified: ZipTimestamp, method: Method = .deflated
  ) throws {
    precondition(open == nil && !finished, "zip entry already open")
    let payload =
      method == .deflated
      ? try Deflater.compress(data, wrapping: .raw, level: options.level) : data
    var central = ZipCentralEntry(
      name: Array(name.utf8), method: method, time: modified, localOffset: offset,
      dataDescriptor: false,
      zip64: options.forceZip64 || Int64(data.count) >= Self.zip64Threshold)
    central.crc = CRC32.checksum(data)
    central.compressed = Int64(payload.count)
    central.uncompressed = Int64(data.count)
    try emit(
      ZipRecords.localHeader(
        central, crc: central.crc, compressed: central.compressed,
        uncompressed: central.uncompressed))
    try emit(payload)
    entries.append(central)
  }

  /// Writes the central directory and the end records. Returns the total size.
  @discardableResult
  public func finish() throws -> Int64 {
    precondition(open == nil && !finished, "zip entry open at finish")
    let directoryStart = offset
    for entry in entries { try emit(ZipRecords.centralHeader(entry, force: options.forceZip64)) }
    let directorySize = offset - directoryStart
    let needs64 =
      options.forceZip64 || entries.count >= 0xFFFF || directoryStart >= Self.zip64Threshold
      || directorySize >= Self.zip64Threshold || entries.contains { $0.zip64 }
    if needs64 {
      let zip64End = offset
      try emit(
        ZipRecords.zip64End(
          entries: Int64(entries.count), directorySize: directorySize,
          directoryOffset: directoryStart))
      try emit(ZipRecords.zip64Locator(zip64End))
    }
    try emit(
      ZipRecords.end(
        entries: entries.count, directorySize: directorySize, directoryOffset: directoryStart,
        zip64: needs64))
    finished = true
    return offset
  }
}

/// A DOS date and time for zip headers (local wall clock, two-second resolution).
public struct ZipTimestamp: Sendable, Hashable {
  /// 1980-2107.
  public var year: Int
  /// 1-12.
  public var month: Int
  /// 1-31.
  public var day: Int
  /// 0-23.
  public var hour: Int
  /// 0-59.
  public var minute: Int
  /// 0-59 (stored in two-second steps).
  public var second: Int

  /// A timestamp from its fields.
  public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The wall clock of an instant at an offset.
  public init(epochSeconds: Int64, utcOffset: Int32) {
    let local = epochSeconds + Int64(utcOffset)
    let days = CivilDate.floorDiv(local, 86_400)
    let (y, m, d) = CivilDate.civilFromDays(Int(days))
    let secs = Int(local - days * 86_400)
    self.init(
      year: y, month: m, day: d, hour: secs / 3600, minute: secs / 60 % 60, second: secs % 60)
  }

  /// MS-DOS date.
  var dosDate: UInt16 {
    UInt16(clamping: (max(0, year - 1980) << 9) | (month << 5) | day)
  }

  /// MS-DOS time.
  var dosTime: UInt16 { UInt16(clamping: (hour << 11) | (minute << 5) | (second / 2)) }
}
