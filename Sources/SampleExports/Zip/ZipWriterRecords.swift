/// One entry as the central directory will describe it.
struct ZipCentralEntry: Sendable {
  var name: [UInt8]
  var method: ZipWriter.Method
  var time: ZipTimestamp
  var localOffset: Int64
  var dataDescriptor: Bool
  var zip64: Bool
  var crc: UInt32 = 0
  var compressed: Int64 = 0
  var uncompressed: Int64 = 0

  /// General-purpose flags: bit 3 (data descriptor), bit 11 (UTF-8 name).
  var flags: UInt16 {
    var f: UInt16 = dataDescriptor ? 0x0008 : 0
    if name.contains(where: { $0 >= 0x80 }) { f |= 0x0800 }
    return f
  }

  /// Version needed to extract: 4.5 for zip64, 2.0 for deflate, 1.0 for stored.
  var versionNeeded: UInt16 { zip64 ? 45 : method == .deflated ? 20 : 10 }
}

/// The byte layouts of zip records (APPNOTE.TXT 6.3), little-endian.
enum ZipRecords {
  private static let max32: UInt32 = 0xFFFF_FFFF

  struct Bytes {
    var data: [UInt8] = []
    mutating func u16(_ v: UInt16) { data += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    mutating func u32(_ v: UInt32) { for i in 0..<4 { data.append(UInt8((v >> (8 * i)) & 0xFF)) } }
    mutating func u64(_ v: UInt64) { for i in 0..<8 { data.append(UInt8((v >> (8 * i)) & 0xFF)) } }
  }

  /// Local file header (signature 0x04034b50).
  static func localHeader(
    _ e: ZipCentralEntry, crc: UInt32, compressed: Int64, uncompressed: Int64
  ) -> [UInt8] {
    var b = Bytes()
    b.u32(0x0403_4B50)
    b.u16(e.versionNeeded)
    b.u16(e.flags)
    b.u16(e.method.rawValue)
    b.u16(e.time.dosTime)
    b.u16(e.time.dosDate)
    b.u32(crc)
    var extra = Bytes()
    if e.zip64 {
      b.u32(max32)
      b.u32(max32)
      extra.u16(0x0001)
      extra.u16(16)
      extra.u64(UInt64(uncompressed))
      extra.u64(UInt64(compressed))
    } else {
      b.u32(UInt32(compressed))
      b.u32(UInt32(uncompressed))
    }
    b.u16(UInt16(e.name.count))
    b.u16(UInt16(extra.data.count))
    return b.data + e.name + extra.data
  }

  /// Data descriptor (signature 0x08074b50), 8-byte sizes for zip64 entries.
  static func dataDescriptor(_ e: ZipCentralEntry) -> [UInt8] {
    var b = Bytes()
    b.u32(0x0807_4B50)
    b.u32(e.crc)
    if e.zip64 {
      b.u64(UInt64(e.compressed))
      b.u64(UInt64(e.uncompressed))
    } else {
      b.u32(UInt32(e.compressed))
      b.u32(UInt32(e.uncompressed))
    }
    return b.data
  }

  /// Central directory file header (signature 0x02014b50) with a zip64 extra field holding
  /// whichever of the sizes and offset do not fit (all three when forced).
  static func centralHeader(_ e: ZipCentralEntry, force: Bool) -> [UInt8] {
    let bigU = force || e.uncompressed >= Int64(max32)
    let bigC = force || e.compressed >= Int64(max32)
    let bigO = force || e.localOffset >= Int64(max32)
    let zip64 = bigU || bigC || bigO || e.zip64
    var b = Bytes()
    b.u32(0x0201_4B50)
    b.u16(0x0300 | (zip64 ? 45 : 20))  // made by: Unix, spec 4.5 or 2.0
    b.u16(zip64 ? 45 : e.versionNeeded)
    b.u16(e.flags)
    b.u16(e.method.rawValue)
    b.u16(e.time.dosTime)
    b.u16(e.time.dosDate)
    b.u32(e.crc)
    b.u32(bigC ? max32 : UInt32(e.compressed))
    b.u32(bigU ? max32 : UInt32(e.uncompressed))
    var extra = Bytes()
    if bigU || bigC || bigO {
      extra.u16(0x0001)
      extra.u16(UInt16((bigU ? 8 : 0) + (bigC ? 8 : 0) + (bigO ? 8 : 0)))
      if bigU { extra.u64(UInt64(e.uncompressed)) }
      if bigC { extra.u64(UInt64(e.compressed)) }
      if bigO { extra.u64(UInt64(e.localOffset)) }
    }
    b.u16(UInt16(e.name.count))
    b.u16(UInt16(extra.data.count))
    b.u16(0)  // comment
    b.u16(0)  // disk number start
    b.u16(0)  // internal attributes
    b.u32(0o100644 << 16)  // external: a regular file, rw-r--r--
    b.u32(bigO ? max32 : UInt32(e.localOffset))
    return b.data + e.name + extra.data
  }

  /// Zip64 end of central directory record (signature 0x06064b50).
  static func zip64End(entries: Int64, directorySize: Int64, directoryOffset: Int64) -> [UInt8] {
    var b = Bytes()
    b.u32(0x0606_4B50)
    b.u64(44)
    b.u16(0x0300 | 45)
    b.u16(45)
    b.u32(0)
    b.u32(0)
    b.u64(UInt64(entries))
    b.u64(UInt64(entries))
    b.u64(UInt64(directorySize))
    b.u64(UInt64(directoryOffset))
    return b.data
  }

  /// Zip64 end of central directory locator (signature 0x07064b50).
  static func zip64Locator(_ zip64EndOffset: Int64) -> [UInt8] {
    var b = Bytes()
    b.u32(0x0706_4B50)
    b.u32(0)
    b.u64(UInt64(zip64EndOffset))
    b.u32(1)
    return b.data
  }

  /// End of central directory record (signature 0x06054b50); with zip64, the fields that
  /// live in the zip64 record hold their "see zip64" values.
  static func end(entries: Int, directorySize: Int64, directoryOffset: Int64, zip64: Bool)
    -> [UInt8]
  {
    var b = Bytes()
    b.u32(0x0605_4B50)
    b.u16(0)
    b.u16(0)
    let count: UInt16 = zip64 ? 0xFFFF : UInt16(entries)
    b.u16(count)
    b.u16(count)
    b.u32(zip64 ? max32 : UInt32(directorySize))
    b.u32(zip64 ? max32 : UInt32(directoryOffset))
    b.u16(0)
    return b.data
  }
}
