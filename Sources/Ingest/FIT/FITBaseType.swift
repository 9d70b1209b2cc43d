/// The FIT protocol's base types (Garmin FIT protocol, "Base Types"; the FIT SDK Profile's
/// `base_type` column): the low five bits of a field definition's base-type byte name one,
/// bit 7 says the type has more than one byte (so its endianness matters). Each base type
/// has a size and an *invalid* value, the sentinel a device writes for "no value".
///
/// | number | name | size | invalid |
/// |---|---|---|---|
/// | 0 | enum | 1 | 0xFF |
/// | 1 | sint8 | 1 | 0x7F |
/// | 2 | uint8 | 1 | 0xFF |
/// | 3 | sint16 | 2 | 0x7FFF |
/// | 4 | uint16 | 2 | 0xFFFF |
/// | 5 | sint32 | 4 | 0x7FFFFFFF |
/// | 6 | uint32 | 4 | 0xFFFFFFFF |
/// | 7 | string | 1 | 0x00 (NUL-terminated UTF-8) |
/// | 8 | float32 | 4 | 0xFFFFFFFF |
/// | 9 | float64 | 8 | 0xFFFFFFFFFFFFFFFF |
/// | 10 | uint8z | 1 | 0x00 |
/// | 11 | uint16z | 2 | 0x0000 |
/// | 12 | uint32z | 4 | 0x00000000 |
/// | 13 | byte | 1 | 0xFF (every byte) |
/// | 14 | sint64 | 8 | 0x7FFFFFFFFFFFFFFF |
/// | 15 | uint64 | 8 | 0xFFFFFFFFFFFFFFFF |
/// | 16 | uint64z | 8 | 0x0000000000000000 |
///
/// An unknown base-type number is read as `byte` (the protocol's advice for types a decoder
/// does not know). docs/ingest-garmin.md, "The FIT decoder".
public enum FITBaseType: UInt8, Sendable, CaseIterable {
  case enumeration = 0
  case sint8 = 1
  case uint8 = 2
  case sint16 = 3
  case uint16 = 4
  case sint32 = 5
  case uint32 = 6
  case string = 7
  case float32 = 8
  case float64 = 9
  case uint8z = 10
  case uint16z = 11
  case uint32z = 12
  case byte = 13
  case sint64 = 14
  case uint64 = 15
  case uint64z = 16

  /// The base type of a definition's base-type byte (its low five bits); unknown numbers
  /// read as `byte`.
  @inlinable
  public init(definitionByte: UInt8) {
    self = FITBaseType(rawValue: definitionByte & 0x1F) ?? .byte
  }

  /// Bytes per value.
  @inlinable
  public var size: Int {
    switch self {
    case .enumeration, .sint8, .uint8, .string, .uint8z, .byte: 1
    case .sint16, .uint16, .uint16z: 2
    case .sint32, .uint32, .float32, .uint32z: 4
    case .float64, .sint64, .uint64, .uint64z: 8
    }
  }

  /// Whether values are signed integers.
  @inlinable
  public var isSigned: Bool {
    switch self {
    case .sint8, .sint16, .sint32, .sint64: true
    default: false
    }
  }

  /// Whether values are IEEE floats.
  @inlinable
  public var isFloat: Bool { self == .float32 || self == .float64 }

  /// The invalid (no value) sentinel as the raw unsigned bit pattern of one value.
  @inlinable
  public var invalidBits: UInt64 {
    switch self {
    case .enumeration, .uint8, .byte: 0xFF
    case .sint8: 0x7F
    case .sint16: 0x7FFF
    case .uint16: 0xFFFF
    case .sint32: 0x7FFF_FFFF
    case .uint32, .float32: 0xFFFF_FFFF
    case .float64, .uint64: 0xFFFF_FFFF_FFFF_FFFF
    case .sint64: 0x7FFF_FFFF_FFFF_FFFF
    case .string, .uint8z, .uint16z, .uint32z, .uint64z: 0
    }
  }

  /// The profile's name of the type, for messages.
  public var name: String {
    switch self {
    case .enumeration: "enum"
    default: "\(self)"
    }
  }
}
