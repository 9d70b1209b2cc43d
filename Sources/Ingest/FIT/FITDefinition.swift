/// One field of a definition message: its field number in the global message, its size in
/// bytes and its base-type byte (Garmin FIT protocol, "Field Definition").
public struct FITFieldDefinition: Sendable, Hashable {
  /// Field definition number (the Profile's field number, e.g. 253 = timestamp).
  public var number: UInt8
  /// Bytes of the field in each data message (a multiple of the base type's size for an
  /// array; any size for strings and bytes).
  public var size: UInt8
  /// The base type.
  public var baseType: FITBaseType

  /// Creates a field definition.
  public init(number: UInt8, size: UInt8, baseType: FITBaseType) {
    self.number = number
    self.size = size
    self.baseType = baseType
  }
}

/// A definition message, as stored for its local message type (Garmin FIT protocol,
/// "Definition Message"): which global message the data messages of this local type
/// hold, their byte order, and the layout of their fields. Developer fields (bit 5 of the
/// record header) are kept only as a byte count and a field count: healthpipe skips them.
public final class FITDefinition: @unchecked Sendable {
  /// The global message number (the Profile's `mesg_num`, e.g. 20 = record).
  public let globalNumber: UInt16
  /// Architecture byte 1: multi-byte values are big-endian.
  public let bigEndian: Bool
  /// The fields, in the order their bytes follow each other.
  public let fields: [FITFieldDefinition]
  /// Per field, in `fields` order: where its bytes start in a data message's content, its
  /// size and its base type. Kept in memory the definition owns, so a message's field is read
  /// without retaining and releasing an array (three arrays per message cost about 8 % of
  /// the FIT reader's time in reference counting; docs/performance.md, session 10).
  @usableFromInline let layout: UnsafeMutablePointer<FITFieldLayout>
  /// `slots[number]` is the index of field `number` plus one (0: absent), so a field is
  /// found without a search; 256 entries.
  @usableFromInline let slots: UnsafeMutablePointer<UInt8>
  /// Developer fields in each data message (skipped).
  public let developerFieldCount: Int
  /// Bytes of developer fields in each data message (skipped).
  public let developerBytes: Int
  /// Bytes of a data message's content (standard plus developer fields).
  public let contentSize: Int

  /// A definition with the given fields (the first occurrence of a repeated field number
  /// wins the lookup; its bytes are still skipped in place).
  public init(
    globalNumber: UInt16, bigEndian: Bool, fields: [FITFieldDefinition],
    developerFieldCount: Int = 0, developerBytes: Int = 0
  ) {
    self.globalNumber = globalNumber
    self.bigEndian = bigEndian
    self.fields = fields
    layout = .allocate(capacity: max(1, fields.count))
    slots = .allocate(capacity: 256)
    slots.initialize(repeating: 0, count: 256)
    var offset = 0
    for (i, f) in fields.enumerated() {
      (layout + i).initialize(
        to: FITFieldLayout(offset: offset, size: Int(f.size), baseType: f.baseType))
      if slots[Int(f.number)] == 0 && i < 255 { slots[Int(f.number)] = UInt8(i + 1) }
      offset += Int(f.size)
    }
    self.developerFieldCount = developerFieldCount
    self.developerBytes = developerBytes
    contentSize = offset + developerBytes
  }

  deinit {
    layout.deallocate()
    slots.deallocate()
  }

  /// The index of field `number`, if the definition has it.
  @inlinable
  public func index(of number: UInt8) -> Int? {
    let s = slots[Int(number)]
    return s == 0 ? nil : Int(s) - 1
  }
}

/// Where one field of a definition lies in a data message's content (`FITDefinition.layout`).
@usableFromInline
struct FITFieldLayout: Sendable {
  /// Byte offset in the content.
  @usableFromInline let offset: Int
  /// Bytes in each data message.
  @usableFromInline let size: Int
  /// The base type.
  @usableFromInline let baseType: FITBaseType
  /// Bytes in one value of the base type.
  @usableFromInline let valueSize: Int
  /// The values the field holds: `size / valueSize`, or 0 when `size` is not a whole number
  /// of them (such a field is read as absent). Worked out once per definition, not with
  /// two divisions at every read.
  @usableFromInline let elements: Int

  @usableFromInline
  init(offset: Int, size: Int, baseType: FITBaseType) {
    self.offset = offset
    self.size = size
    self.baseType = baseType
    valueSize = baseType.size
    elements = size % valueSize == 0 ? size / valueSize : 0
  }
}
