/// A data message as the decoder hands it over: its definition and a view of its content
/// bytes, valid only during the handler call. Values are raw (unscaled) as the protocol
/// stores them; every accessor returns nil for a field the message does not have, a field
/// whose size does not fit its base type, and a value equal to its base type's invalid
/// sentinel (docs/ingest-garmin.md, "Invalid values"). Scale and offset are applied by the
/// caller, which knows the Profile's field.
public struct FITMessage {
  /// The definition of the message's local type: the decoder keeps it alive for as long as
  /// the message is valid (during `FITMessageHandler.message` only), so the message holds
  /// it unretained.
  public unowned(unsafe) let definition: FITDefinition
  /// The content bytes (standard fields, then developer fields).
  public let content: UnsafeRawBufferPointer
  /// The message's time: its own timestamp field (253), or the time of a compressed
  /// timestamp header; nil when neither.
  public let timestamp: UInt32?
  /// 1-based position of the data message in the input (the origin's record number).
  public let record: Int64

  /// The global message number.
  @inlinable public var globalNumber: UInt16 { definition.globalNumber }

  /// Whether the message defines field `number` (valid or not).
  @inlinable public func has(_ number: UInt8) -> Bool { definition.index(of: number) != nil }

  /// The raw bits of element `element` of field `number` (arrays: element 0 is the first
  /// value), before the invalid check. Nil when absent or when the field is not a whole
  /// number of values of its base type.
  @inlinable
  public func bits(_ number: UInt8, element: Int = 0) -> (UInt64, FITBaseType)? {
    guard let i = definition.index(of: number) else { return nil }
    let f = definition.layout[i]
    let type = f.baseType
    let size = f.valueSize
    guard element >= 0, element < f.elements else { return nil }
    let at = f.offset + element * size
    var v: UInt64 = 0
    if definition.bigEndian {
      for k in 0..<size { v = v << 8 | UInt64(content[at + k]) }
    } else if size == 1 {
      v = UInt64(content[at])
    } else if size == 2 {
      v = UInt64(UInt16(littleEndian: content.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
    } else if size == 4 {
      v = UInt64(UInt32(littleEndian: content.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
    } else {
      var k = size - 1
      while k >= 0 {
        v = v << 8 | UInt64(content[at + k])
        k -= 1
      }
    }
    return (v, type)
  }

  /// Field `number` (element `element`) as an unsigned integer; nil when absent or invalid.
  @inlinable
  public func uint(_ number: UInt8, element: Int = 0) -> UInt64? {
    guard let (v, type) = bits(number, element: element), v != type.invalidBits else {
      return nil
    }
    return v
  }

  /// Field `number` as a signed integer (sign-extended for the signed base types); nil
  /// when absent or invalid.
  @inlinable
  public func int(_ number: UInt8, element: Int = 0) -> Int64? {
    guard let (v, type) = bits(number, element: element), v != type.invalidBits else {
      return nil
    }
    guard type.isSigned else { return Int64(bitPattern: v) }
    let shift = UInt64(64 - 8 * type.size)
    return Int64(bitPattern: v << shift) >> Int64(shift)
  }

  /// Field `number` as a number: floats as floats, integers as their value; nil when absent
  /// or invalid.
  @inlinable
  public func number(_ number: UInt8, element: Int = 0) -> Double? {
    guard let (v, type) = bits(number, element: element), v != type.invalidBits else {
      return nil
    }
    switch type {
    case .float32: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: v)))
    case .float64: return Double(bitPattern: v)
    default:
      if type.isSigned {
        let shift = UInt64(64 - 8 * type.size)
        return Double(Int64(bitPattern: v << shift) >> Int64(shift))
      }
      return Double(v)
    }
  }

  /// How many values field `number` holds (its size over its base type's size).
  public func count(_ number: UInt8) -> Int {
    guard let i = definition.index(of: number) else { return 0 }
    let f = definition.layout[i]
    return f.size / f.baseType.size
  }

  /// Field `number` as text: a string field up to its first NUL, nil when absent, empty or
  /// not a string.
  public func string(_ number: UInt8) -> String? {
    guard let i = definition.index(of: number) else { return nil }
    let f = definition.layout[i]
    guard f.baseType == .string else { return nil }
    let start = f.offset
    var end = start
    while end < start + f.size && content[end] != 0 { end += 1 }
    guard end > start else { return nil }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: content[start..<end]), as: UTF8.self)
  }
}
