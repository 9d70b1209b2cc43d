#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Markup the scanner skips (declaration, processing instructions, comments, CDATA, the
/// DOCTYPE block) and end tags, with the name scanning they share with start tags.
extension XMLByteScanner {
  // MARK: - Markup

  @inline(__always) func byte(_ i: Int) -> UInt8 {
    buf.load(fromByteOffset: i, as: UInt8.self)
  }

  func markup() throws -> Step {
    guard pos + 1 < end else { return .needMore }
    switch byte(pos + 1) {
    case 0x2F: return try endTag()  // '/'
    case 0x3F: return skip(until: "?>", from: pos + 2)  // '?'
    case 0x21:  // '!'
      guard pos + 4 <= end else { return .needMore }
      if byte(pos + 2) == 0x2D && byte(pos + 3) == 0x2D { return skip(until: "-->", from: pos + 4) }
      guard pos + 9 <= end else { return .needMore }
      if matches(pos + 2, "[CDATA[") {
        if depth == 0 { throw failure("CDATA outside the root element") }
        return skip(until: "]]>", from: pos + 9)
      }
      if matches(pos + 2, "DOCTYPE") {
        if sawRoot { throw failure("a DOCTYPE after the root element started") }
        return skipDocType()
      }
      throw failure("unexpected markup '<!' (not a comment, CDATA or DOCTYPE)")
    default: return try startTag()
    }
  }

  func matches(_ at: Int, _ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    return at + n <= end && memcmp(buf + at, literal.utf8Start, n) == 0
  }

  /// Skips to just after `terminator`, counting lines; `.needMore` if it is not in the buffer.
  func skip(until terminator: StaticString, from start: Int) -> Step {
    let first = terminator.utf8Start.pointee
    let n = terminator.utf8CodeUnitCount
    var p = start
    var lines = 0
    while p + n <= end {
      let b = byte(p)
      if b == first && memcmp(buf + p, terminator.utf8Start, n) == 0 {
        pos = p + n
        line += lines
        return .skipped
      }
      if b == 0x0A { lines += 1 }
      p += 1
    }
    return .needMore
  }

  /// Skips `<!DOCTYPE ... [ internal subset ] >`. The internal subset is skipped up to the
  /// first `]` followed by optional blanks and `>` outside comments, so an unclosed
  /// `<!ATTLIST` inside it (iOS 16) does not matter.
  func skipDocType() -> Step {
    var p = pos + 9
    var lines = 0
    var inSubset = false
    while p < end {
      let b = byte(p)
      if b == 0x0A {
        lines += 1
      } else if !inSubset {
        if b == 0x3E {  // '>'
          pos = p + 1
          line += lines
          return .skipped
        }
        if b == 0x5B { inSubset = true }  // '['
      } else if b == 0x3C {  // '<' : a comment inside the subset may hold anything
        guard p + 4 <= end else { return .needMore }
        if byte(p + 1) == 0x21 && byte(p + 2) == 0x2D && byte(p + 3) == 0x2D {
          var q = p + 4
          while q + 3 <= end && !(byte(q) == 0x2D && byte(q + 1) == 0x2D && byte(q + 2) == 0x3E) {
            if byte(q) == 0x0A { lines += 1 }
            q += 1
          }
          guard q + 3 <= end else { return .needMore }
          p = q + 3
          continue
        }
      } else if b == 0x5D {  // ']'
        var q = p + 1
        var blankLines = 0
        while q < end, byte(q) == 0x20 || byte(q) == 0x09 || byte(q) == 0x0D || byte(q) == 0x0A {
          if byte(q) == 0x0A { blankLines += 1 }
          q += 1
        }
        guard q < end else { return .needMore }
        if byte(q) == 0x3E {
          pos = q + 1
          line += lines + blankLines
          return .skipped
        }
      }
      p += 1
    }
    return .needMore
  }

  @inline(__always) static func isBlank(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
  }

  /// Scans a name from `start`; returns its end (the first byte that cannot be in a name),
  /// or `end` if the buffer runs out. Non-ASCII bytes must be valid UTF-8. Runs of eight
  /// bytes in 0x41...0x7F (letters, the usual case) are taken a word at a time.
  @inline(__always) func nameEnd(from start: Int) throws -> Int {
    var p = start
    while p + 8 <= end {
      let w = buf.loadUnaligned(fromByteOffset: p, as: UInt64.self)
      // Bytes below 'A' or above 0x7F: the only ones that can stop a name. Jump to the
      // first such byte (the lowest flagged one is always a true candidate).
      let candidates = ((w &- Self.capitalAs) & ~w | w) & Self.highs
      if candidates != 0 {
        p += candidates.trailingZeroBitCount >> 3
        break
      }
      p += 8
    }
    while p < end {
      let kind = nameStops[Int(byte(p))]
      if kind == 0 {
        p += 1
      } else if kind == 2 {
        switch UTF8Validation.check(buf, at: p, end: end) {
        case .valid(let length, _): p += length
        case .invalid: throw invalidUTF8(at: p)
        case .needMore:
          if eof { throw invalidUTF8(at: p) }
          return end
        }
      } else {
        return p
      }
    }
    return end
  }

  func endTag() throws -> Step {
    let nameStart = pos + 2
    let nameStop = try nameEnd(from: nameStart)
    var p = nameStop
    var lines = 0
    while p < end, Self.isBlank(byte(p)) {
      if byte(p) == 0x0A { lines += 1 }
      p += 1
    }
    guard p < end else { return .needMore }
    guard byte(p) == 0x3E, nameStop > nameStart else {
      throw failure("malformed end tag", line: line, offset: base + Int64(pos))
    }
    guard depth > 0 else {
      throw failure(
        "end tag </\(String(decoding: UnsafeRawBufferPointer(start: buf + nameStart, count: nameStop - nameStart), as: UTF8.self))> without a start tag",
        line: line, offset: base + Int64(pos))
    }
    let openStart = openStarts[depth - 1]
    let openLength = openNames.count - openStart
    let same =
      openLength == nameStop - nameStart
      && openNames.withUnsafeBytes {
        memcmp($0.baseAddress! + openStart, buf + nameStart, openLength)
      }
        == 0
    guard same else {
      let open = String(decoding: openNames[openStart...], as: UTF8.self)
      let close = String(
        decoding: UnsafeRawBufferPointer(start: buf + nameStart, count: nameStop - nameStart),
        as: UTF8.self)
      throw failure(
        "end tag </\(close)> does not match <\(open)> opened on line \(openLines[depth - 1])",
        line: line, offset: base + Int64(pos))
    }
    openNames.removeSubrange(openStart...)
    openStarts.removeLast()
    openLines.removeLast()
    if depth == 0 { rootClosed = true }
    tagNameStart = nameStart
    tagNameLength = nameStop - nameStart
    line += lines
    pos = p + 1
    return .end
  }
}
