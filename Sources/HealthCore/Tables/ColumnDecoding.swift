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
    var failed = false
    // A local cursor, written back at the end: the captured one was read and written
    // through memory at every varint.
    var local = cursor
    let values = [Int64](unsafeUninitializedCapacity: rowCount) { buffer, initialized in
      var previous: Int64 = 0
      for i in 0..<rowCount {
        guard let raw = local.varint() else {
          (failed, initialized) = (true, i)
          return
        }
        let (next, overflow) = previous.addingReportingOverflow(ByteCoding.unzigzag(raw))
        guard !overflow, range.contains(next) else {
          (failed, initialized) = (true, i)
          return
        }
        previous = next
        buffer[i] = next
      }
      initialized = rowCount
    }
    cursor = local
    return failed ? nil : values
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
    var failed = false
    var local = cursor
    let values = [UInt32](unsafeUninitializedCapacity: rowCount) { buffer, initialized in
      for i in 0..<rowCount {
        guard let index = local.varint(), index < count else {
          (failed, initialized) = (true, i)
          return
        }
        buffer[i] = UInt32(truncatingIfNeeded: index)
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
