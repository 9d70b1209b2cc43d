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
    appendString(id: id) { texts[Int(id)] }
  }

  /// Appends the text that `id` names, `text` giving it: called only at the id's first row
  /// in the block, so a row whose id the block has seen reads no list and retains nothing
  /// (a list read from a class's property costs a retain and a release per row).
  @inline(__always)
  func appendString(id: UInt32, text: () -> String) {
    let i = Int(id)
    if i < idIndices.count && idIndices[i] != .max {
      stringIndices.append(idIndices[i])
    } else {
      appendFirstUse(id: i, text: text())
    }
  }

  @inline(never)
  private func appendFirstUse(id i: Int, text: String) {
    if i >= idIndices.count {
      idIndices.append(contentsOf: repeatElement(.max, count: i + 1 - idIndices.count))
    }
    idIndices[i] = appendStringHashed(text)
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
  func encode(rowCount: Int, into out: ByteArena) {
    if spec.nullable { out.appendBitmap(validity.buffer) }
    switch spec.type {
    case .int64, .day, .timestamp:
      let values = ints.buffer
      out.appendVarints(count: values.count) { k in
        ByteCoding.zigzag(values[k] &- (k == 0 ? 0 : values[k - 1]))
      }
    case .float64:
      #if _endian(little)
        // The in-memory form of a Double on a little-endian machine is its bit pattern in
        // little-endian order: exactly what appendUInt64(bitPattern) writes.
        out.append(UnsafeRawBufferPointer(doubles.buffer))
      #else
        for v in doubles.buffer {
          var le = v.bitPattern.littleEndian
          withUnsafeBytes(of: &le) { out.append($0) }
        }
      #endif
    case .bool:
      out.appendBitmap(bools.buffer)
    case .string where usesByteTexts:
      out.appendVarint(UInt64(byteTexts.count))
      for i in 0..<byteTexts.count {
        byteTexts.withText(i) { utf8 in
          out.appendVarint(UInt64(utf8.count))
          out.append(UnsafeRawBufferPointer(utf8))
        }
      }
      encodeIndices(into: out)
    case .string:
      out.appendVarint(UInt64(dictionaryList.count))
      for s in dictionaryList {
        var copy = s
        copy.withUTF8 { utf8 in
          out.appendVarint(UInt64(utf8.count))
          out.append(UnsafeRawBufferPointer(utf8))
        }
      }
      encodeIndices(into: out)
    }
  }

  /// The rows' dictionary indices as varints: one byte each when the block's dictionary
  /// has at most 128 texts (every index below 0x80 is its own varint).
  private func encodeIndices(into out: ByteArena) {
    let indices = stringIndices.buffer
    let texts = usesByteTexts ? byteTexts.count : dictionaryList.count
    if texts <= 0x80 {
      out.appendBytes(narrowing: indices)
    } else {
      out.appendVarints(count: indices.count) { UInt64(indices[$0]) }
    }
  }
}
