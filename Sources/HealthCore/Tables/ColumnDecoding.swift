/// The loops of `DecodedBlock.decodeColumn`, writing each column's values straight into
/// the array's memory (`Array(unsafeUninitializedCapacity:)`) instead of appending one at a
/// time: every stage that reads a table decodes every value of it (about a fifth of
/// aggregate's instructions on five years). The values, and what is refused as damage,
/// are those of appending.
enum ColumnDecoding {
  /// `rowCount` zigzag varint deltas from `cursor` as values within `range`; nil when a
  /// varint is cut or too long, a sum overflows, or a value leaves the range.
  @inline(__always)
  static func integers(
    _ cursor: inout ByteCursor, rowCount: Int, range: ClosedRange<Int64>
  ) -> [Int64]? {
    var previous: Int64 = 0
    return varints(&cursor, rowCount: rowCount) { raw in
      let (next, overflow) = previous.addingReportingOverflow(ByteCoding.unzigzag(raw))
      guard !overflow, range.contains(next) else { return nil }
      previous = next
      return next
    }
  }

  /// `rowCount` little-endian doubles from `raw` (which holds exactly `rowCount * 8` bytes).
  @inline(__always)
  static func doubles(_ raw: UnsafeRawBufferPointer, rowCount: Int) -> [Double] {
    [Double](unsafeUninitializedCapacity: rowCount) { buffer, initialized in
      for i in 0..<rowCount {
        let bits = raw.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self)
        buffer[i] = Double(bitPattern: UInt64(littleEndian: bits))
      }
      initialized = rowCount
    }
  }

  /// `rowCount` varint indices from `cursor`, each below `count`; nil otherwise.
  @inline(__always)
  static func indices(_ cursor: inout ByteCursor, rowCount: Int, below count: UInt64)
    -> [UInt32]?
  {
    varints(&cursor, rowCount: rowCount) { $0 < count ? UInt32(truncatingIfNeeded: $0) : nil }
  }

  /// `rowCount` varints from `cursor`, each made a value by `value` (nil: damage, the
  /// whole column is refused). A local cursor, written back at the end: the captured one
  /// was read and written through memory at every varint.
  @inline(__always)
  private static func varints<Value: BitwiseCopyable>(
    _ cursor: inout ByteCursor, rowCount: Int, _ value: (UInt64) -> Value?
  ) -> [Value]? {
    var failed = false
    var local = cursor
    let values = [Value](unsafeUninitializedCapacity: rowCount) { buffer, initialized in
      for i in 0..<rowCount {
        guard let raw = local.varint(), let v = value(raw) else {
          (failed, initialized) = (true, i)
          return
        }
        buffer[i] = v
      }
      initialized = rowCount
    }
    cursor = local
    return failed ? nil : values
  }

  /// The first `count` bits of `bytes`, least significant bit first.
  @inline(__always)
  static func bitmap(_ bytes: UnsafeRawBufferPointer, count: Int) -> [Bool] {
    [Bool](unsafeUninitializedCapacity: count) { buffer, initialized in
      for i in 0..<count { buffer[i] = bytes[i &>> 3] & (1 &<< UInt8(i & 7)) != 0 }
      initialized = count
    }
  }
}
