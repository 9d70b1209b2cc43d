/// One attribute of the tag the scanner stopped at: offsets into the scanner's buffer,
/// valid until the next call to `XMLByteScanner.next()`.
struct XMLAttribute {
  /// Offset of the name's first byte.
  var nameStart: Int
  /// Length of the name in bytes.
  var nameLength: Int
  /// Offset of the value's first byte (after the opening quote).
  var valueStart: Int
  /// Length of the raw value in bytes (entities not yet decoded).
  var valueLength: Int
  /// `XMLAttribute.hasEntity`, `.hasNonASCII`, `.hasWhitespaceControl` bits.
  var flags: UInt8

  /// The value holds `&...;` references to decode.
  static let hasEntity: UInt8 = 1
  /// The value holds bytes above 0x7F (already validated as UTF-8).
  static let hasNonASCII: UInt8 = 2
  /// The value holds tab, CR or LF, which XML normalises to spaces.
  static let hasWhitespaceControl: UInt8 = 4

  /// Whether the raw bytes are the value as is (no entity, no normalisation needed).
  @inline(__always) var isVerbatim: Bool {
    flags & (Self.hasEntity | Self.hasWhitespaceControl) == 0
  }
}
