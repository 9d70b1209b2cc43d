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
  /// The block's dictionary when its first text came as bytes (`index(utf8:)`):
  /// then every text of the block goes there, in the same order of first use, so the
  /// encoded bytes are those of `dictionaryList`.
  @exclusivity(unchecked) private var byteTexts = ByteTextDictionary()
  @exclusivity(unchecked) private var usesByteTexts = false
  /// Per id of `index(id:text:)`, its index in this block's dictionary (`.max` when
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

  /// The index of `value` in the block's dictionary, added when new.
  @inline(__always)
  func index(of value: String) -> UInt32 {
    if let index = recent.value(of: value) { return index }
    let index = indexHashed(value)
    recent.remember(value, index)
    return index
  }

  /// The index of `texts[id]`. Within one block an id always names the same text, so after
  /// its first row the id alone gives the dictionary index: no hashing, comparing or
  /// retaining of the text. The first row goes through the dictionary of texts, so the
  /// block's bytes are those `index(of: texts[id])` gives, even where two ids name the
  /// same text.
  @inline(__always)
  func index(id: UInt32, in texts: [String]) -> UInt32 {
    index(id: id) { texts[Int(id)] }
  }

  /// The index of the text that `id` names, `text` giving it: called only at the id's first
  /// row in the block, so a row whose id the block has seen reads no list and retains
  /// nothing (a list read from a class's property costs a retain and a release per row).
  @inline(__always)
  func index(id: UInt32, text: () -> String) -> UInt32 {
    let i = Int(id)
    if i < idIndices.count && idIndices[i] != .max { return idIndices[i] }
    return firstUse(id: i, text: text())
  }

  @inline(never)
  private func firstUse(id i: Int, text: String) -> UInt32 {
    if i >= idIndices.count {
      idIndices.append(contentsOf: repeatElement(.max, count: i + 1 - idIndices.count))
    }
    let index = indexHashed(text)
    idIndices[i] = index
    idsUsed.append(UInt32(i))
    return index
  }

  /// The index of the text whose UTF-8 bytes are `utf8` (the caller's bytes are valid
  /// UTF-8): one fast hash of the bytes into `byteTexts`, no `String` (docs/performance.md,
  /// "Clean's rejects as bytes"). A block whose dictionary already holds texts given as
  /// `String`s takes it as a `String`.
  @inline(__always)
  func index(utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
    if usesByteTexts || dictionaryList.isEmpty {
      usesByteTexts = true
      return indexOfBytes(utf8)
    }
    return indexHashed(String(decoding: utf8, as: UTF8.self))
  }

  private func indexOfBytes(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let (index, isNew) = byteTexts.index(of: utf8)
    if isNew, let distinct { distinct.note(UTF8Key(String(decoding: utf8, as: UTF8.self))) }
    return index
  }

  private func indexHashed(_ value: String) -> UInt32 {
    if usesByteTexts {
      var copy = value
      return copy.withUTF8 { indexOfBytes($0) }
    }
    let key = UTF8Key(value)
    if let index = dictionary[key] { return index }
    let index = UInt32(dictionaryList.count)
    distinct?.note(key)
    dictionary[key] = index
    dictionaryList.append(value)
    return index
  }

  /// Takes column `column` of rows `0 ..< count` out of `rows` into this builder's values
  /// (and null bits into `validity`), for `encode`.
  func take(column: Int, from rows: BlockRows, count: Int) {
    let stride = rows.stride
    if nullable {
      for r in 0..<count { validity.append(!rows.isNull(row: r, column: column)) }
    }
    var word = rows.values(column: column)
    switch spec.type {
    case .int64, .day, .timestamp:
      for _ in 0..<count {
        ints.append(Int64(bitPattern: word.pointee))
        word += stride
      }
    case .float64:
      for _ in 0..<count {
        doubles.append(Double(bitPattern: word.pointee))
        word += stride
      }
    case .bool:
      for _ in 0..<count {
        bools.append(word.pointee != 0)
        word += stride
      }
    case .string:
      for _ in 0..<count {
        stringIndices.append(UInt32(truncatingIfNeeded: word.pointee))
        word += stride
      }
    }
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

  /// Appends column `column` of the block's `rows` (rows `0 ..< count`), encoded, without
  /// its length prefix, to `out`: read where the rows hold it, with this builder's block
  /// dictionary for a string column.
  func encode(column: Int, of rows: BlockRows, count n: Int, into out: ByteArena) {
    let stride = rows.stride
    let words = rows.values(column: column)
    if nullable { out.appendBits(count: n) { !rows.isNull(row: $0, column: column) } }
    switch spec.type {
    case .int64, .day, .timestamp:
      // Deltas from the value before (0 before the first), walking down the column.
      var word = words
      var previous: UInt64 = 0
      out.appendVarints(count: n) { _ in
        let value = word.pointee
        word += stride
        defer { previous = value }
        return ByteCoding.zigzag(Int64(bitPattern: value &- previous))
      }
    case .float64:
      out.appendWords(count: n) { words[$0 &* stride] }
    case .bool:
      out.appendBits(count: n) { words[$0 &* stride] != 0 }
    case .string:
      let texts = encodeDictionary(into: out)
      if texts <= 0x80 {
        // Every index is below 0x80 (the dictionary has at most 128 texts): one byte each,
        // which is its varint.
        out.appendBytes(count: n) { UInt8(truncatingIfNeeded: words[$0 &* stride]) }
      } else {
        out.appendVarints(count: n) { words[$0 &* stride] }
      }
    }
  }

  /// Appends the block's dictionary (its count, then each text's length and bytes) and
  /// returns its count.
  private func encodeDictionary(into out: ByteArena) -> Int {
    if usesByteTexts {
      out.appendVarint(UInt64(byteTexts.count))
      for i in 0..<byteTexts.count {
        byteTexts.withText(i) { utf8 in
          out.appendVarint(UInt64(utf8.count))
          out.append(UnsafeRawBufferPointer(utf8))
        }
      }
      return byteTexts.count
    }
    out.appendVarint(UInt64(dictionaryList.count))
    for s in dictionaryList {
      var copy = s
      copy.withUTF8 { utf8 in
        out.appendVarint(UInt64(utf8.count))
        out.append(UnsafeRawBufferPointer(utf8))
      }
    }
    return dictionaryList.count
  }
}
