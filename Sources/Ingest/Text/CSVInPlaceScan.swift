/// The fast path of `CSVRecordReader`: a record that lies whole in the read buffer is
/// handed out where it lies, its fields as offsets into the buffer, instead of being copied
/// into the record storage (docs/performance.md, "Vendor files (row 11)").
///
/// Only the common shapes are taken here: unquoted fields (a `"` inside one is a
/// character, as on the copying path) and quoted fields without a doubled quote, without a
/// CR inside and followed directly by a separator or the end of the line. Everything else —
/// a doubled quote, text after a closing quote, a CR inside quotes, a quote that never
/// closes — answers `.copy`, and the reader reads the same record again on its copying
/// path, which gives the same fields, lines and messages as before. A record that runs past
/// the buffer's unread bytes answers `.needMore` (the reader refills and tries again).
enum CSVInPlaceScan {
  /// What a scan found.
  enum Outcome {
    /// A whole record: `fields` fields written, `next` the offset after its line break,
    /// `lines` the line breaks it spans (with its own; 0 for a last record without one).
    case record(fields: Int, next: Int, lines: Int, unterminated: Bool)
    /// The record runs past `end` and the input has more.
    case needMore
    /// More fields than `capacity`.
    case fieldsFull
    /// A shape the copying path reads.
    case copy
  }

  /// The field lists a scan writes: field `i` is `buffer[starts[i]..<ends[i]]`.
  struct Fields {
    let starts: UnsafeMutablePointer<Int>
    let ends: UnsafeMutablePointer<Int>
    let quoted: UnsafeMutablePointer<Bool>
    let capacity: Int
  }

  /// Scans the record that starts at `start` in `buffer[start..<end]`; `atEOF` tells
  /// whether the input ends at `end`.
  static func scan(
    _ buffer: UnsafePointer<UInt8>, from start: Int, end: Int, atEOF: Bool, into out: Fields
  ) -> Outcome {
    var p = start
    var n = 0
    var lines = 0
    while true {
      guard n < out.capacity else { return .fieldsFull }
      var fieldStart = p
      let fieldEnd: Int
      let isQuoted = p < end && buffer[p] == 0x22
      if isQuoted {
        p += 1
        fieldStart = p
        while true {
          // A quote still open at the end of the input is the copying path's error.
          guard p < end else { return atEOF ? .copy : .needMore }
          let b = buffer[p]
          if b == 0x22 { break }
          if b == 0x0D { return .copy }
          if b == 0x0A { lines += 1 }
          p += 1
        }
        fieldEnd = p
        p += 1
      } else {
        p = stop(buffer, from: p, end: end)
        fieldEnd = p
      }
      out.starts[n] = fieldStart
      out.ends[n] = fieldEnd
      out.quoted[n] = isQuoted
      n += 1
      guard p < end else {
        return atEOF ? .record(fields: n, next: p, lines: lines, unterminated: true) : .needMore
      }
      let d = buffer[p]
      if d == 0x2C {
        p += 1
        continue
      }
      if d == 0x0A { return .record(fields: n, next: p + 1, lines: lines + 1, unterminated: false) }
      // Only a quoted field can stop at anything else: a doubled quote or text after the
      // closing one.
      guard d == 0x0D else { return .copy }
      if p + 1 < end {
        let next = buffer[p + 1] == 0x0A ? p + 2 : p + 1
        return .record(fields: n, next: next, lines: lines + 1, unterminated: false)
      }
      // A CR at the end of the unread bytes: an LF may follow in the next read.
      return atEOF
        ? .record(fields: n, next: p + 1, lines: lines + 1, unterminated: false) : .needMore
    }
  }

  /// The offset of the first `,`, LF or CR in `buffer[from..<end]` (`end` when none).
  /// Every separator and line break is below 0x2D, so eight bytes at a time are tested for
  /// a byte below 0x2D (the first flagged byte is exact: a borrow only runs upward from a
  /// byte that is below); a flagged byte that is not a separator (a space, a `"`, `+`) is
  /// part of the field and the search goes on after it.
  @inline(__always)
  static func stop(_ buffer: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
    var p = from
    let raw = UnsafeRawPointer(buffer)
    while true {
      while p + 8 <= end {
        let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: p, as: UInt64.self))
        let below = (w &- 0x2D2D_2D2D_2D2D_2D2D) & ~w & 0x8080_8080_8080_8080
        if below != 0 {
          p += below.trailingZeroBitCount >> 3
          break
        }
        p += 8
      }
      while p < end {
        let b = buffer[p]
        if b <= 0x2C && (b == 0x2C || b == 0x0A || b == 0x0D) { return p }
        p += 1
        // Back to words after a flagged byte that is not a separator.
        if b <= 0x2C { break }
      }
      if p >= end { return end }
    }
  }
}
