#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Start tags: attribute names, quoted values scanned a word at a time, entity checks and
/// recovery from a malformed tag.
extension XMLByteScanner {
  func startTag() throws -> Step {
    let nameStart = pos + 1
    let nameLength = try nameEnd(from: nameStart) - nameStart
    var p = nameStart + nameLength
    guard p < end else { return .needMore }
    guard p > nameStart else { throw failure("'<' is not followed by a tag name") }
    if rootClosed { throw failure("a second root element after the end of the first") }
    defect = nil
    selfClosing = false
    attributeCount = 0
    var lines = 0
    while true {
      let sawBlank = skipBlanks(&p, lines: &lines)
      guard p < end else { return .needMore }
      let c = byte(p)
      if c == 0x3E {
        p += 1
        break
      }
      if c == 0x2F {
        guard p + 1 < end else { return .needMore }
        if byte(p + 1) == 0x3E {
          selfClosing = true
          p += 2
          break
        }
        noteDefect("a stray '/' inside the tag")
        return try recover(from: p + 1, lines: lines, nameStart: nameStart, nameLength: nameLength)
      }
      if c == 0x3C { throw unterminated(at: pos, line: line) }
      if !sawBlank { noteDefect("attributes are not separated by a space") }
      let attrNameStart = p
      p = try nameEnd(from: p)
      guard p < end else { return .needMore }
      if p == attrNameStart {
        noteDefect("unexpected character \(Self.printable(c)) inside the tag")
        return try recover(from: p, lines: lines, nameStart: nameStart, nameLength: nameLength)
      }
      let attrNameLength = p - attrNameStart
      skipBlanks(&p, lines: &lines)
      guard p < end else { return .needMore }
      guard byte(p) == 0x3D else {
        let attrName = String(
          decoding: UnsafeRawBufferPointer(start: buf + attrNameStart, count: attrNameLength),
          as: UTF8.self)
        noteDefect("attribute '\(attrName)' has no value (a space inside an attribute name?)")
        return try recover(from: p, lines: lines, nameStart: nameStart, nameLength: nameLength)
      }
      p += 1
      skipBlanks(&p, lines: &lines)
      guard p < end else { return .needMore }
      let quote = byte(p)
      guard quote == 0x22 || quote == 0x27 else {
        noteDefect("an attribute value is not quoted")
        return try recover(from: p, lines: lines, nameStart: nameStart, nameLength: nameLength)
      }
      var flags: UInt8 = 0
      let valueStart = p + 1
      guard let close = try scanValue(from: valueStart, quote: quote, flags: &flags, lines: &lines)
      else { return .needMore }
      p = close + 1
      keepAttribute(
        XMLAttribute(
          nameStart: attrNameStart, nameLength: attrNameLength, valueStart: valueStart,
          valueLength: close - valueStart, flags: flags))
    }
    return try open(nameStart: nameStart, nameLength: nameLength, end: p, lines: lines)
  }

  /// Finishes a start tag ending just before `tagEnd`. Elements nested deeper than
  /// `maxDepth` end the read (the names of open elements are kept for end-tag checks, so
  /// unbounded nesting would make memory grow with the file).
  func open(nameStart: Int, nameLength: Int, end tagEnd: Int, lines: Int) throws -> Step {
    if !selfClosing && depth >= Self.maxDepth {
      // `line` and the scan position are still at this tag's '<'.
      throw failure(
        "elements nested deeper than \(Self.maxDepth) levels (an Apple export nests 4)",
        hint: "this is not an Apple Health export as the Health app writes it")
    }
    tagNameStart = nameStart
    tagNameLength = nameLength
    if !selfClosing {
      openStarts.append(openNames.count)
      openLines.append(line)
      openNames.append(
        contentsOf: UnsafeRawBufferPointer(start: buf + nameStart, count: nameLength))
    } else if depth == 0 {
      rootClosed = true
    }
    sawRoot = true
    line += lines
    pos = tagEnd
    return .start
  }

  /// After a defect: finds the end of the tag (quotes respected), still validating bytes.
  func recover(from start: Int, lines startLines: Int, nameStart: Int, nameLength: Int)
    throws -> Step
  {
    var p = start
    var lines = startLines
    while p < end {
      let c = byte(p)
      if c == 0x22 || c == 0x27 {
        var flags: UInt8 = 0
        guard let close = try scanValue(from: p + 1, quote: c, flags: &flags, lines: &lines) else {
          return .needMore
        }
        p = close + 1
        continue
      }
      if c == 0x3E {
        selfClosing = p > start && byte(p - 1) == 0x2F
        // The attributes read before the defect stay, so a reject can name the type.
        return try open(nameStart: nameStart, nameLength: nameLength, end: p + 1, lines: lines)
      }
      if c == 0x3C { throw unterminated(at: pos, line: line) }
      if c == 0x0A {
        lines += 1
      } else if c < 0x20 && c != 0x09 && c != 0x0D {
        noteDefect(Self.illegalCharacter(c))
      } else if c >= 0x80 {
        switch UTF8Validation.check(buf, at: p, end: end) {
        case .valid(let length, _):
          p += length
          continue
        case .invalid: throw invalidUTF8(at: p)
        case .needMore:
          if eof { throw invalidUTF8(at: p) }
          return .needMore
        }
      }
      p += 1
    }
    return .needMore
  }

  /// Whether an attribute already read in this tag has the name at `nameStart`. XML forbids
  /// a repeated name; taking either copy would silently change the record (a second `type`
  /// turned a step count into another type), so the element is reported as defective.
  @inline(__always)
  func isRepeatedAttribute(nameStart: Int, nameLength: Int) -> Bool {
    for i in 0..<attributeCount where attributes[i].nameLength == nameLength {
      if memcmp(buf + attributes[i].nameStart, buf + nameStart, nameLength) == 0 { return true }
    }
    return false
  }

  /// The deepest element nesting read.
  static let maxDepth = 256

  /// The most attributes one element may have; an element with more is reported with a
  /// defect (a `malformed` reject for a record). Apple writes at most 13 (an old `Workout`);
  /// see docs/reliability.md.
  static let maxAttributes = 64

  func noteDefect(_ reason: String) {
    if defect == nil { defect = reason }
  }

  func growAttributes() {
    let bigger = UnsafeMutablePointer<XMLAttribute>.allocate(capacity: attributeCapacity * 2)
    bigger.moveInitialize(from: attributes, count: attributeCount)
    attributes.deallocate()
    attributes = bigger
    attributeCapacity *= 2
  }

  // MARK: - Attribute values

  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080
  static let capitalAs: UInt64 = 0x4141_4141_4141_4141
  /// `&lt;` and `&gt;` as little-endian words.
  static let lessThanEntity: UInt32 = 0x3B74_6C26
  static let greaterThanEntity: UInt32 = 0x3B74_6726

  /// Scans an attribute value from `start` to its closing `quote`; returns the quote's
  /// offset, or nil when the buffer ends first. Validates UTF-8, checks entities, notes
  /// XML-illegal characters as a defect; a '<' means an unterminated value (thrown).
  @inline(__always)
  func scanValue(from start: Int, quote: UInt8, flags: inout UInt8, lines: inout Int)
    throws -> Int?
  {
    let quotes = UInt64(quote) &* Self.ones
    let amps = UInt64(0x26) &* Self.ones
    let lts = UInt64(0x3C) &* Self.ones
    let spaces = UInt64(0x20) &* Self.ones
    var p = start
    while true {
      // Fast path: eight ordinary bytes at a time.
      while p + 8 <= end {
        let w = buf.loadUnaligned(fromByteOffset: p, as: UInt64.self)
        // A byte is special if it is the quote, '&', '<', below 0x20 or above 0x7F. For an
        // ASCII byte the zero-byte tests may use ~w instead of ~(w ^ c) (same top bit); the
        // lowest flagged byte is always a true match (borrows only run upward).
        let special =
          ((((w ^ quotes) &- Self.ones) | ((w ^ amps) &- Self.ones) | ((w ^ lts) &- Self.ones)
            | (w &- spaces)) & ~w | w) & Self.highs
        if special == 0 {
          p += 8
          continue
        }
        p += (special.littleEndian.trailingZeroBitCount) >> 3
        break
      }
      guard p < end else { return nil }
      let b = byte(p)
      if b == quote { return p }
      if b == 0x26 {  // '&'
        // `&lt;` and `&gt;` (four in every `device` of a record) without the general check.
        if p + 4 <= end {
          let word = buf.loadUnaligned(fromByteOffset: p, as: UInt32.self).littleEndian
          if word == Self.lessThanEntity || word == Self.greaterThanEntity {
            flags |= XMLAttribute.hasEntity
            p += 4
            continue
          }
        }
        switch entityLength(at: p) {
        case nil: return nil
        case 0?:
          noteDefect(
            "a '&' that does not start a known entity (&lt; &gt; &amp; &quot; &apos; &#N;)")
          p += 1
        case let n?: p += n
        }
        flags |= XMLAttribute.hasEntity
      } else if b == 0x3C {
        throw failure(
          "'<' inside an attribute value (an unterminated quote?)", line: line + lines,
          offset: base + Int64(p))
      } else if b < 0x20 {
        if b == 0x0A {
          lines += 1
          flags |= XMLAttribute.hasWhitespaceControl
        } else if b == 0x09 || b == 0x0D {
          flags |= XMLAttribute.hasWhitespaceControl
        } else {
          noteDefect(Self.illegalCharacter(b))
        }
        p += 1
      } else if b >= 0x80 {
        switch UTF8Validation.check(buf, at: p, end: end) {
        case .valid(let length, let illegal):
          if illegal { noteDefect("character U+FFFE/U+FFFF is not allowed in XML") }
          flags |= XMLAttribute.hasNonASCII
          p += length
        case .invalid: throw invalidUTF8(at: p)
        case .needMore:
          if eof { throw invalidUTF8(at: p) }
          return nil
        }
      } else {
        p += 1
      }
    }
  }

  /// The length of a valid entity reference at `p` (which holds '&'), 0 if it is not
  /// one, nil if the buffer ends before it can tell.
  func entityLength(at p: Int) -> Int? {
    var q = p + 1
    let limit = min(end, p + 12)
    while q < limit, byte(q) != 0x3B { q += 1 }  // ';'
    if q >= limit { return end < p + 12 && !eof ? nil : 0 }
    let body = UnsafeRawBufferPointer(start: buf + p + 1, count: q - p - 1)
    return XMLEntities.isValidReference(body) ? q - p + 1 : 0
  }
}
