/// Accumulates one column's values for the block being written, then encodes them.
final class ColumnBuilder {
  let spec: ColumnSpec
  var ints: [Int64] = []
  var doubles: [Double] = []
  var bools: [Bool] = []
  var stringIndices: [UInt32] = []
  var dictionary: [String: UInt32] = [:]
  var dictionaryList: [String] = []
  var validity: [Bool] = []
  /// The last string appended and its index: rows sorted by metric or source repeat the
  /// same string many times in a row, and comparing with the last one is far cheaper than
  /// hashing it.
  private var lastString = ""
  private var lastIndex: UInt32 = .max

  init(_ spec: ColumnSpec) { self.spec = spec }

  @inline(__always)
  func appendString(_ value: String) {
    if lastIndex != .max && value == lastString {
      stringIndices.append(lastIndex)
      return
    }
    if let index = dictionary[value] {
      lastString = value
      lastIndex = index
      stringIndices.append(index)
    } else {
      let index = UInt32(dictionaryList.count)
      dictionary[value] = index
      dictionaryList.append(value)
      stringIndices.append(index)
      lastString = value
      lastIndex = index
    }
  }

  func reset() {
    ints.removeAll(keepingCapacity: true)
    doubles.removeAll(keepingCapacity: true)
    bools.removeAll(keepingCapacity: true)
    stringIndices.removeAll(keepingCapacity: true)
    dictionary.removeAll(keepingCapacity: true)
    dictionaryList.removeAll(keepingCapacity: true)
    validity.removeAll(keepingCapacity: true)
    lastString = ""
    lastIndex = .max
  }

  /// Appends the encoded column (without its length prefix) to `out`.
  func encode(rowCount: Int, into out: inout [UInt8]) {
    if spec.nullable { Self.appendBitmap(validity, into: &out) }
    switch spec.type {
    case .int64, .day, .timestamp:
      var previous: Int64 = 0
      for v in ints {
        ByteCoding.appendVarint(ByteCoding.zigzag(v &- previous), to: &out)
        previous = v
      }
    case .float64:
      for v in doubles { ByteCoding.appendUInt64(v.bitPattern, to: &out) }
    case .bool:
      Self.appendBitmap(bools, into: &out)
    case .string:
      ByteCoding.appendVarint(UInt64(dictionaryList.count), to: &out)
      for s in dictionaryList {
        var copy = s
        copy.withUTF8 { utf8 in
          ByteCoding.appendVarint(UInt64(utf8.count), to: &out)
          out.append(contentsOf: utf8)
        }
      }
      for i in stringIndices { ByteCoding.appendVarint(UInt64(i), to: &out) }
    }
  }

  static func appendBitmap(_ bits: [Bool], into out: inout [UInt8]) {
    var byte: UInt8 = 0
    for (i, bit) in bits.enumerated() {
      if bit { byte |= 1 << UInt8(i & 7) }
      if i & 7 == 7 {
        out.append(byte)
        byte = 0
      }
    }
    if bits.count & 7 != 0 { out.append(byte) }
  }
}
