/// One entry of a zip file's central directory (sizes and offsets already widened from
/// zip64 extra fields where the 32-bit fields say 0xFFFFFFFF).
public struct ZipEntry: Sendable, Hashable {
  /// The entry's name (path inside the archive).
  public var name: String
  /// Compression method: 0 stored, 8 deflate.
  public var method: UInt16
  /// General-purpose flags (bit 0 encrypted, bit 3 sizes in a data descriptor).
  public var flags: UInt16
  /// CRC-32 of the uncompressed content.
  public var crc32: UInt32
  /// Size of the compressed data in bytes.
  public var compressedSize: Int64
  /// Size of the uncompressed content in bytes.
  public var uncompressedSize: Int64
  /// Offset of the entry's local header in the zip file.
  public var localHeaderOffset: Int64

  /// Whether the entry is a folder.
  public var isDirectory: Bool { name.hasSuffix("/") }
  /// Whether the entry is encrypted (flag bit 0).
  public var isEncrypted: Bool { flags & 1 != 0 }
  /// Whether the sizes follow the data in a data descriptor (flag bit 3).
  public var hasDataDescriptor: Bool { flags & 8 != 0 }
  /// The last path component.
  public var fileName: String { name.split(separator: "/").last.map(String.init) ?? name }
}
