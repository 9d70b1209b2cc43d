/// Accumulates one column's values for the block being written, then encodes them.
///
/// Appends run millions of times per stage, so the stored properties skip the runtime
/// exclusivity check (a builder is only ever touched by its `TableWriter`, one call at a
/// time) and the values are kept in memory the builder owns (`ColumnValues`: no
/// copy-on-write check per append).
final class ColumnBuilder {
  let spec: ColumnSpec
  let nullable: Bool
  @exclusivity(unchecked) var ints = ColumnValues<Int64>()
  @exclusivity(unchecked) var doubles = ColumnValues<Double>()
  @exclusivity(unchecked) var bools = ColumnValues<Bool>()
  @exclusivity(unchecked) var stringIndices = ColumnValues<UInt32>()
  @exclusivity(unchecked) var dictionary: [UTF8Key: UInt32] = [:]
  @exclusivity(unchecked) var dictionaryList: [String] = []
  @exclusivity(unchecked) var validity = ColumnValues<Bool>()
  /// The block's dictionary when its first text came as bytes (`appendString(utf8:)`):
  /// then every text of the block goes there, in the same order of first use, so the
  /// encoded bytes are those of `dictionaryList`.
  @exclusivity(unchecked) private var byteTexts = ByteTextDictionary()
  @exclusivity(unchecked) private var usesByteTexts = false
  /// Per id of `appendString(id:in:)`, its index in this block's dictionary (`.max` when
  /// the block has not used it yet), and the ids the block has used, to clear them.
  @exclusivity(unchecked) private var idIndices: [UInt32] = []
  @exclusivity(unchecked) private var idsUsed: [UInt32] = []
  /// The bound on this column's distinct texts over the whole table, if any (shared with
  /// the writer's spare builder of the same column).
  @exclusivity(unchecked) var distinct: DistinctTextLimit?

  init(_ spec: ColumnSpec) {
    self.spec = spec
    nullable = spec.nullable
  }

  /// The block's texts by their representation, with their indices: rows repeat a few
  /// metric names, units, sources and devices (a vendor's rows cycle through a dozen), so
  /// most appends skip hashing (`TextIdentityCache`).
  private let recent = TextIdentityCache()

  @inline(__always)
  func appendString(_ value: String) {
    if let index = recent.value(of: value) {
      stringIndices.append(index)
      return
    }
    let index = appendStringHashed(value)
    recent.remember(value, index)
  }

  /// Appends `texts[id]`. Within one block an id always names the same text, so after its
  /// first row the id alone gives the dictionary index: no hashing, comparing or
  /// retaining of the text. The first row goes through the dictionary of texts, so the
  /// block's bytes are those `appendString(texts[id])` gives, even where two ids name the
  /// same text.
  @inline(__always)
  func appendString(id: UInt32, in texts: [String]) {
    let i = Int(id)
    if i < idIndices.count && idIndices[i] != .max {
      stringIndices.append(idIndices[i])
    } else {
      appendFirstUse(id: i, in: texts)
    }
  }

  @inline(never)
  private func appendFirstUse(id i: Int, in texts: [String]) {
    if i >= idIndices.count {
      idIndices.append(contentsOf: repeatElement(.max, count: i + 1 - idIndices.count))
    }
    idIndices[i] = appendStringHashed(texts[i])
    idsUsed.append(UInt32(i))
  }

  /// Appends the text whose UTF-8 bytes are `utf8` (the caller's bytes are valid UTF-8):
  /// one fast hash of the bytes into `byteTexts`, no `String` (docs/performance.md,
  /// "Clean's rejects as bytes"). A block whose dictionary already holds texts given as
  /// `String`s takes it as a `String`.
  @inline(__always)
  func appendString(utf8: UnsafeBufferPointer<UInt8>) {
    if usesByteTexts || dictionaryList.isEmpty {
      usesByteTexts = true
      stringIndices.append(appendBytesHashed(utf8))
    } else {
      _ = appendStringHashed(String(decoding: utf8, as: UTF8.self))
    }
  }

  private func appendBytesHashed(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let (index, isNew) = byteTexts.index(of: utf8)
    if isNew, let distinct { distinct.note(UTF8Key(String(decoding: utf8, as: UTF8.self))) }
    return index
  }

  private func appendStringHashed(_ value: String) -> UInt32 {
    if usesByteTexts {
      var copy = value
      let index = copy.withUTF8 { appendBytesHashed($0) }
      stringIndices.append(index)
      return index
    }
    let key = UTF8Key(value)
    if let index = dictionary[key] {
      stringIndices.append(index)
      return index
    }
    let index = UInt32(dictionaryList.count)
    distinct?.note(key)
    dictionary[key] = index
    dictionaryList.append(value)
    stringIndices.append(index)
    return index
  }

  /// The block's dictionary, in order of first use, whichever way its texts came.
  var dictionaryTexts: [String] {
    guard usesByteTexts else { return dictionaryList }
    return (0..<byteTexts.count).map { i in
      byteTexts.withText(i) { String(decoding: $0, as: UTF8.self) }
    }
  }

  func reset() {
    ints.removeAll()
    doubles.removeAll()
    bools.removeAll()
    stringIndices.removeAll()
    dictionary.removeAll(keepingCapacity: true)
    dictionaryList.removeAll(keepingCapacity: true)
    byteTexts.removeAll()
    usesByteTexts = false
    validity.removeAll()
    for id in idsUsed { idIndices[Int(id)] = .max }
    idsUsed.removeAll(keepingCapacity: true)
    recent.removeAll()
  }

  /// Appends the encoded column (without its length prefix) to `out`.
  func encode(rowCount: Int, into out: inout [UInt8]) {
    if spec.nullable { Self.appendBitmap(validity.buffer, into: &out) }
    switch spec.type {
    case .int64, .day, .timestamp:
      let values = ints.buffer
      Self.appendVarints(count: values.count, into: &out) { k in
        ByteCoding.zigzag(values[k] &- (k == 0 ? 0 : values[k - 1]))
      }
    case .float64:
      #if _endian(little)
        // The in-memory form of a Double on a little-endian machine is its bit pattern in
        // little-endian order: exactly what appendUInt64(bitPattern) writes.
        out.append(contentsOf: UnsafeRawBufferPointer(doubles.buffer))
      #else
        for v in doubles.buffer { ByteCoding.appendUInt64(v.bitPattern, to: &out) }
      #endif
    case .bool:
      Self.appendBitmap(bools.buffer, into: &out)
    case .string where usesByteTexts:
      ByteCoding.appendVarint(UInt64(byteTexts.count), to: &out)
      for i in 0..<byteTexts.count {
        byteTexts.withText(i) { utf8 in
          ByteCoding.appendVarint(UInt64(utf8.count), to: &out)
          out.append(contentsOf: utf8)
        }
      }
      let indices = stringIndices.buffer
      Self.appendVarints(count: indices.count, into: &out) { UInt64(indices[$0]) }
    case .string:
      ByteCoding.appendVarint(UInt64(dictionaryList.count), to: &out)
      for s in dictionaryList {
        var copy = s
        copy.withUTF8 { utf8 in
          ByteCoding.appendVarint(UInt64(utf8.count), to: &out)
          out.append(contentsOf: utf8)
        }
      }
      let indices = stringIndices.buffer
      Self.appendVarints(count: indices.count, into: &out) { UInt64(indices[$0]) }
    }
  }

  /// Appends `count` varints (the same bytes as `ByteCoding.appendVarint` each) through
  /// one buffer sized for the worst case, instead of one checked append per byte.
  @inline(__always)
  static func appendVarints(count: Int, into out: inout [UInt8], _ value: (Int) -> UInt64) {
    guard count > 0 else { return }
    let encoded = [UInt8](unsafeUninitializedCapacity: count * 10) { buffer, initialized in
      var p = 0
      for k in 0..<count {
        var v = value(k)
        while v >= 0x80 {
          buffer[p] = UInt8(truncatingIfNeeded: v) | 0x80
          v >>= 7
          p += 1
        }
        buffer[p] = UInt8(v)
        p += 1
      }
      initialized = p
    }
    out.append(contentsOf: encoded)
  }

  /// Appends the bits, eight to a byte, the first in the lowest bit; the last byte padded
  /// with zeros. Built in one buffer rather than one checked append per byte.
  static func appendBitmap(_ bits: UnsafeBufferPointer<Bool>, into out: inout [UInt8]) {
    let count = (bits.count + 7) / 8
    guard count > 0 else { return }
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      for b in 0..<count {
        var byte: UInt8 = 0
        for i in (b * 8)..<min(b * 8 + 8, bits.count) where bits[i] {
          byte |= 1 << UInt8(i & 7)
        }
        buffer[b] = byte
      }
      initialized = count
    }
    out.append(contentsOf: bytes)
  }
}
