/// Byte-level constants of the table file format (docs/table-format.md).
public enum TableFileLayout {
  /// File magic: `\x89HPT\r\n\x1a\n` (binary-safe like PNG's: catches text-mode mangling).
  public static let magic: [UInt8] = [0x89, 0x48, 0x50, 0x54, 0x0D, 0x0A, 0x1A, 0x0A]
  /// Layout version of the file (body and header). 2: the header carries the stage facts
  /// as one typed `facts` object instead of version 1's `meta` text map; a version-1 table
  /// is refused (exit 65: rerun the stage that wrote it).
  public static let version = 2
  /// Tag byte before each block.
  public static let blockTag: UInt8 = 0x42  // "B"
  /// Tag byte before the footer.
  public static let footerTag: UInt8 = 0x46  // "F"
  /// Trailing magic after the footer.
  public static let endMagic: [UInt8] = Array("HPTEND\r\n".utf8)
  /// Rows per block written by default.
  public static let defaultRowsPerBlock = 16_384
  /// Upper bound on a header's size, to refuse garbage early.
  public static let maxHeaderBytes = 16 << 20
  /// Upper bound on a block's payload, to refuse garbage early.
  public static let maxBlockBytes = 1 << 30
}
