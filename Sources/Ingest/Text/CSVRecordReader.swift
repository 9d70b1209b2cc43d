import HealthCore
import HealthModel

/// A streaming RFC 4180 CSV record reader over a fixed-size buffer.
///
/// - Fields are separated by `,`; records end with LF, CRLF or a lone CR; the last record may
///   lack a line break (`recordUnterminated` tells). A UTF-8 byte order mark at the start is
///   skipped.
/// - Quoted fields may hold commas, line breaks and doubled quotes (`""` → `"`). A quote that
///   never closes ends the read with exit 65 naming the line where the field started.
/// - Lenient like most readers: a `"` inside an unquoted field is kept as a character, and
///   characters after a closing quote are appended to the field.
/// - Blank lines (and lines of only spaces or tabs) are skipped: they are not records.
/// - A record that is not valid UTF-8 ends the read with exit 65 and its line.
///
/// A record that lies whole in the buffer is handed out where it lies (`CSVInPlaceScan`);
/// others are copied into the record storage.
///
/// Memory stays at one buffer plus the longest record (capped at `maxRecordBytes`).
public final class CSVRecordReader {
  /// The file name used in messages.
  public let path: String
  private let source: SeekableByteSource
  private let buffer: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  @exclusivity(unchecked) private var pos = 0
  @exclusivity(unchecked) private var end = 0
  @exclusivity(unchecked) private var base: Int64 = 0
  @exclusivity(unchecked) private var atEOF = false
  @exclusivity(unchecked) private var checkedBOM = false
  @exclusivity(unchecked) private var line = 1

  @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var storageCapacity = 4096
  @exclusivity(unchecked) private var storageCount = 0
  /// Where the current record's fields lie: `buffer` when the record was read in place
  /// (`CSVInPlaceScan`), `storage` when it was copied.
  @exclusivity(unchecked) private var fieldBase: UnsafeMutablePointer<UInt8>
  /// Start and end offset from `fieldBase` of each field, and whether it was quoted, for
  /// the current record.
  @exclusivity(unchecked) private var fieldStarts: UnsafeMutablePointer<Int>
  @exclusivity(unchecked) private var fieldEnds: UnsafeMutablePointer<Int>
  @exclusivity(unchecked) private var quoted: UnsafeMutablePointer<Bool>
  @exclusivity(unchecked) private var fields = 0
  @exclusivity(unchecked) private var fieldCapacity = 256

  /// The most fields a record may have (memory stays bounded on a line of commas).
  static let maxFields = 1 << 20

  /// The 1-based line on which the current record starts.
  @exclusivity(unchecked) public private(set) var recordLine = 0
  /// Whether the current record is the last and the file ends without a line break after
  /// it: the file may have been cut short inside it, so readers reject it rather than keep a
  /// value that may have lost digits.
  @exclusivity(unchecked) public private(set) var recordUnterminated = false
  /// The longest record accepted (exit 65 beyond, e.g. for a quote that never closes in a
  /// large file).
  @exclusivity(unchecked) public var maxRecordBytes = 16 << 20

  /// A reader over `source` with a buffer of `bufferSize` bytes (at least 4).
  public init(source: SeekableByteSource, bufferSize: Int = 256 << 10) {
    self.source = source
    path = source.path
    capacity = max(4, bufferSize)
    buffer = .allocate(capacity: capacity)
    storage = .allocate(capacity: storageCapacity)
    fieldBase = storage
    fieldStarts = .allocate(capacity: fieldCapacity)
    fieldEnds = .allocate(capacity: fieldCapacity)
    quoted = .allocate(capacity: fieldCapacity)
  }

  deinit {
    buffer.deallocate()
    storage.deallocate()
    fieldStarts.deallocate()
    fieldEnds.deallocate()
    quoted.deallocate()
  }

  /// Fields in the current record.
  public var fieldCount: Int { fields }

  /// Bytes consumed so far (for progress).
  public var bytesConsumed: Int64 { base + Int64(pos) }

  /// The bytes of field `i` of the current record (valid until `next()`).
  public func field(_ i: Int) -> UnsafeRawBufferPointer {
    let start = fieldStarts[i]
    return UnsafeRawBufferPointer(start: fieldBase + start, count: fieldEnds[i] - start)
  }

  /// Field `i` as a `String` (records with invalid UTF-8 are refused by `next()`).
  public func string(_ i: Int) -> String { String(decoding: field(i), as: UTF8.self) }

  /// Field `i` without leading and trailing spaces and tabs.
  public func trimmedField(_ i: Int) -> UnsafeRawBufferPointer {
    var f = field(i)
    while let first = f.first, first == 0x20 || first == 0x09 {
      f = UnsafeRawBufferPointer(rebasing: f.dropFirst())
    }
    while let last = f.last, last == 0x20 || last == 0x09 {
      f = UnsafeRawBufferPointer(rebasing: f.dropLast())
    }
    return f
  }

  /// Field `i` without surrounding blanks, as a `String`.
  public func trimmedString(_ i: Int) -> String {
    String(decoding: trimmedField(i), as: UTF8.self)
  }

  /// Whether field `i` was written in quotes.
  public func wasQuoted(_ i: Int) -> Bool { quoted[i] }

  // MARK: - Reading

  /// Reads the first record, the header, and returns its fields; an empty file is exit 65
  /// at line 1 with `hint` (what the file should start with, or how to get it again).
  public func header(hint: String) throws -> [String] {
    guard try next() else {
      throw HealthError.malformed(
        "the file is empty", at: SourceLocation(file: path, line: 1), hint: hint)
    }
    return (0..<fieldCount).map { string($0) }
  }

  /// Reads the next record; false at end of input.
  public func next() throws -> Bool {
    if !checkedBOM {
      checkedBOM = true
      if try ensure(3), buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { pos = 3 }
    }
    while true {
      fields = 0
      guard try ensure(1) else { return false }
      recordLine = line
      if !(try readInPlace()) { try readCopied() }
      if fields == 1 && !quoted[0] && isBlank(field(0)) { continue }
      return true
    }
  }

  /// Reads the record at `pos` where it lies, refilling (a few times at most) while it runs
  /// past the unread bytes; false when it is for the copying path (state unchanged but
  /// `pos`, which may have moved with a refill, still at the record's start).
  private func readInPlace() throws -> Bool {
    var refills = 0
    while true {
      let out = CSVInPlaceScan.Fields(
        starts: fieldStarts, ends: fieldEnds, quoted: quoted, capacity: fieldCapacity)
      switch CSVInPlaceScan.scan(buffer, from: pos, end: end, atEOF: atEOF, into: out) {
      case .record(let n, let next, let lines, let unterminated):
        // Raw bytes at most the cap: the copied fields (no separators) would be too.
        let count = fieldEnds[n - 1] - pos
        guard count <= maxRecordBytes, UTF8Text.firstInvalid(buffer + pos, count) == nil else {
          return false
        }
        fields = n
        line += lines
        pos = next
        recordUnterminated = unterminated
        fieldBase = buffer
        return true
      case .needMore:
        refills += 1
        guard refills <= 4, pos > 0 || end < capacity else { return false }
        _ = try ensure(end - pos + 1)
      case .fieldsFull:
        // The copying path names the limit, in the same order as before.
        guard fieldCapacity < Self.maxFields else { return false }
        try growFields()
      case .copy:
        return false
      }
    }
  }

  /// Reads the record at `pos` into the record storage.
  private func readCopied() throws {
    storageCount = 0
    fields = 0
    recordUnterminated = false
    try readRecord()
    fieldBase = storage
    if let bad = UTF8Text.firstInvalid(storage, storageCount) {
      throw HealthError.malformed(
        "line \(recordLine): invalid UTF-8 (byte \(ByteText.hex(storage[bad])))",
        at: SourceLocation(file: path, line: recordLine),
        hint: "save the file as UTF-8 (the text readers do not guess other encodings)")
    }
  }

  private func isBlank(_ f: UnsafeRawBufferPointer) -> Bool {
    f.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  private func readRecord() throws {
    var fieldQuoted = false
    while true {
      if pos == end {
        guard try ensure(1) else {
          try finishField(fieldQuoted)
          recordUnterminated = true
          return
        }
      }
      let c = buffer[pos]
      if c == 0x22 && !fieldQuoted
        && storageCount == (fields == 0 ? 0 : fieldEnds[fields - 1])
      {
        fieldQuoted = true
        try readQuoted()
        continue
      }
      // Unquoted run (locals keep the class's exclusivity checks out of the byte loop).
      let start = pos
      var p = start
      let e = end
      let buf = buffer
      // Copied while scanning as far as the storage has room (no call per field); the
      // rest of a field longer than that goes through `append`, which grows the storage.
      let limit = min(e, start + min(storageCapacity, maxRecordBytes) - storageCount)
      let out = storage + storageCount
      while p < limit {
        let b = buf[p]
        if b == 0x2C || b == 0x0A || b == 0x0D { break }
        out[p - start] = b
        p += 1
      }
      storageCount += p - start
      if p == limit && p < e {
        let rest = p
        while p < e {
          let b = buf[p]
          if b == 0x2C || b == 0x0A || b == 0x0D { break }
          p += 1
        }
        if p > rest { try append(buf + rest, p - rest) }
      }
      pos = p
      if p == e { continue }
      let d = buf[p]
      pos = p + 1
      try finishField(fieldQuoted)
      fieldQuoted = false
      if d == 0x2C { continue }
      if d == 0x0D, try ensure(1), buffer[pos] == 0x0A { pos += 1 }
      line += 1
      return
    }
  }

  /// Reads a quoted section starting at its opening quote, up to and including the closing
  /// quote.
  private func readQuoted() throws {
    let startLine = line
    pos += 1
    while true {
      if pos == end {
        guard try ensure(1) else {
          throw HealthError.malformed(
            "a quoted field that starts on line \(startLine) never closes (end of file reached)",
            at: SourceLocation(file: path, line: startLine),
            hint: "add the closing quote, or remove the stray one; the file may also be cut short")
        }
      }
      let start = pos
      var p = start
      let e = end
      let buf = buffer
      var lines = 0
      while p < e {
        let b = buf[p]
        if b == 0x22 || b == 0x0D { break }
        if b == 0x0A { lines += 1 }
        p += 1
      }
      pos = p
      line += lines
      if p > start { try append(buf + start, p - start, quotedFrom: startLine) }
      if pos == end { continue }
      if buffer[pos] == 0x0D {
        // CR: a line break of its own unless an LF follows (then the LF counts).
        try append(buffer + pos, 1, quotedFrom: startLine)
        pos += 1
        if !(try ensure(1)) || buffer[pos] != 0x0A { line += 1 }
        continue
      }
      // At a quote: doubled means a literal quote.
      if try ensure(2), buffer[pos + 1] == 0x22 {
        try append(buffer + pos, 1, quotedFrom: startLine)
        pos += 2
        continue
      }
      pos += 1
      return
    }
  }

  @inline(__always)
  private func finishField(_ wasQuoted: Bool) throws {
    if _slowPath(fields == fieldCapacity) { try growFields() }
    fieldStarts[fields] = fields == 0 ? 0 : fieldEnds[fields - 1]
    fieldEnds[fields] = storageCount
    quoted[fields] = wasQuoted
    fields += 1
  }

  /// Doubles the room for fields (exit 65 past `maxFields`).
  @inline(never)
  private func growFields() throws {
    guard fieldCapacity < Self.maxFields else {
      throw HealthError.malformed(
        "the record that starts on line \(recordLine) has more than \(Self.maxFields) fields",
        at: SourceLocation(file: path, line: recordLine),
        hint: "this does not look like a CSV file of health data")
    }
    let newCapacity = fieldCapacity * 2
    let starts = UnsafeMutablePointer<Int>.allocate(capacity: newCapacity)
    starts.update(from: fieldStarts, count: fields)
    fieldStarts.deallocate()
    fieldStarts = starts
    let ends = UnsafeMutablePointer<Int>.allocate(capacity: newCapacity)
    ends.update(from: fieldEnds, count: fields)
    fieldEnds.deallocate()
    fieldEnds = ends
    let q = UnsafeMutablePointer<Bool>.allocate(capacity: newCapacity)
    q.update(from: quoted, count: fields)
    quoted.deallocate()
    quoted = q
    fieldCapacity = newCapacity
  }

  private func append(_ from: UnsafePointer<UInt8>, _ count: Int, quotedFrom: Int? = nil) throws {
    if storageCount + count > storageCapacity {
      guard storageCount + count <= maxRecordBytes else {
        let what =
          quotedFrom.map { "a quoted field that starts on line \($0)" }
          ?? "the record that starts on line \(recordLine)"
        throw HealthError.malformed(
          "\(what) is longer than \(maxRecordBytes >> 20) MiB",
          at: SourceLocation(file: path, line: quotedFrom ?? recordLine),
          hint: quotedFrom != nil
            ? "a quote probably never closes; add the closing quote or remove the stray one"
            : "this does not look like a CSV file of health data")
      }
      var newCapacity = storageCapacity * 2
      while newCapacity < storageCount + count { newCapacity *= 2 }
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
      grown.update(from: storage, count: storageCount)
      storage.deallocate()
      storage = grown
      storageCapacity = newCapacity
    }
    (storage + storageCount).update(from: from, count: count)
    storageCount += count
  }

  /// Makes `count` unread bytes available if the input has them.
  private func ensure(_ count: Int) throws -> Bool {
    if end - pos >= count { return true }
    return try BufferRefill.refill(
      count, buffer: buffer, capacity: capacity, source: source, pos: &pos, end: &end,
      base: &base, atEOF: &atEOF)
  }
}
