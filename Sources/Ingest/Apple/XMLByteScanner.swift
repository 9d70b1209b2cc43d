import HealthCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A streaming, allocation-free XML tokenizer over a refillable byte buffer, made for
/// Apple Health exports of any size (memory stays at one buffer).
///
/// It stops at every start tag and end tag; the XML declaration, processing instructions,
/// comments, CDATA and the DOCTYPE block (including iOS 16's malformed internal subset) are
/// skipped. Attribute values are scanned eight bytes at a time for quotes, `&`, `<`, control
/// characters and non-ASCII bytes, so UTF-8 is validated and entities are checked on the way
/// without building strings.
///
/// Two kinds of problems:
/// - the document cannot be read on (truncated, unterminated tag, comment or DOCTYPE,
///   invalid UTF-8, mismatched end tag, empty file): a thrown `HealthError` (exit 65) with
///   line and byte offset;
/// - one element is malformed but the scanner can find its end (an attribute name with a
///   space, an XML-illegal character such as U+000B, an unknown entity): `defect` holds the
///   reason and the element is still reported, so the reader can reject just that record.
final class XMLByteScanner {
  /// What `next()` stopped at.
  enum Event {
    /// A start tag (or empty-element tag, see `selfClosing`); its attributes are ready.
    case startTag
    /// An end tag; `tagName` is its name. Not reported for empty-element tags.
    case endTag
    /// The end of the document (the root element was closed).
    case endOfDocument
  }

  private enum Step {
    case needMore
    case skipped
    case start
    case end
  }

  private let source: ByteSource
  /// The input as the user named it, for messages.
  let fileName: String
  /// The zip entry being read, if any, for messages.
  let entryName: String?
  @exclusivity(unchecked) private var buf: UnsafeMutableRawPointer
  @exclusivity(unchecked) private var capacity: Int
  private let maxCapacity: Int
  @exclusivity(unchecked) private var pos = 0
  @exclusivity(unchecked) private var end = 0
  @exclusivity(unchecked) private var base: Int64 = 0
  @exclusivity(unchecked) private var eof = false
  @exclusivity(unchecked) private var started = false
  /// 1-based line of the scan position.
  @exclusivity(unchecked) private(set) var line = 1

  /// Offset of the current tag's name in the buffer.
  @exclusivity(unchecked) private(set) var tagNameStart = 0
  /// Length of the current tag's name.
  @exclusivity(unchecked) private(set) var tagNameLength = 0
  /// 1-based line where the current tag starts.
  @exclusivity(unchecked) private(set) var tagLine = 1
  /// Byte offset (in the document) where the current tag starts.
  @exclusivity(unchecked) private(set) var tagOffset: Int64 = 0
  /// Whether the current start tag is an empty-element tag (`<x/>`).
  @exclusivity(unchecked) private(set) var selfClosing = false
  /// Why the current element is malformed, if it is (it is still reported).
  @exclusivity(unchecked) private(set) var defect: String?
  /// Set when character data between tags held an XML-illegal character; the reader
  /// attributes it to the element it is in and clears it.
  @exclusivity(unchecked) var textDefect: String?
  @exclusivity(unchecked) private var attributes: UnsafeMutablePointer<XMLAttribute>
  @exclusivity(unchecked) private var attributeCapacity = 32
  /// Number of attributes of the current start tag.
  @exclusivity(unchecked) private(set) var attributeCount = 0

  @exclusivity(unchecked) private var openNames: [UInt8] = []
  @exclusivity(unchecked) private var openStarts: [Int] = []
  @exclusivity(unchecked) private var openLines: [Int] = []
  @exclusivity(unchecked) private var sawRoot = false
  @exclusivity(unchecked) private var rootClosed = false
  @exclusivity(unchecked) private var scratch: [UInt8] = []
  /// 1 for the bytes that end a name (controls, blank, quotes, '/', '<', '=', '>'), 2 for
  /// bytes above 0x7F (validated as UTF-8), 0 for the rest.
  private let nameStops: UnsafeMutablePointer<UInt8>

  /// A scanner reading from `source`. `initialCapacity` is the buffer size (it grows only
  /// for a single construct longer than that, up to `maxConstructBytes`).
  init(
    source: ByteSource, fileName: String, entryName: String? = nil,
    initialCapacity: Int = 256 << 10, maxConstructBytes: Int = 64 << 20
  ) {
    self.source = source
    self.fileName = fileName
    self.entryName = entryName
    capacity = max(16, initialCapacity)
    maxCapacity = max(capacity, maxConstructBytes)
    buf = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    attributes = UnsafeMutablePointer<XMLAttribute>.allocate(capacity: attributeCapacity)
    nameStops = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for b in 0..<256 {
      nameStops[b] =
        b <= 0x20 || [0x22, 0x27, 0x2F, 0x3C, 0x3D, 0x3E].contains(b) ? 1 : (b >= 0x80 ? 2 : 0)
    }
  }

  deinit {
    buf.deallocate()
    attributes.deallocate()
    nameStops.deallocate()
  }

  /// Element nesting depth after the last event (the root element is depth 1).
  var depth: Int { openStarts.count }

  /// Bytes of the document consumed so far.
  var bytesConsumed: Int64 { base + Int64(pos) }

  // MARK: - Reading the current tag

  /// The current tag's name.
  @inline(__always) var tagName: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: buf + tagNameStart, count: tagNameLength)
  }

  /// The `i`-th attribute of the current start tag.
  @inline(__always) func attribute(_ i: Int) -> XMLAttribute { attributes[i] }

  /// An attribute's name bytes.
  @inline(__always) func name(of a: XMLAttribute) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: buf + a.nameStart, count: a.nameLength)
  }

  /// An attribute's raw value bytes (entities not decoded).
  @inline(__always) func rawValue(of a: XMLAttribute) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: buf + a.valueStart, count: a.valueLength)
  }

  /// The current tag's name as text (for messages and unknown elements).
  var tagNameText: String { String(decoding: tagName, as: UTF8.self) }

  /// An attribute's value with entities decoded and tab/CR/LF normalised to spaces.
  func value(of a: XMLAttribute) -> String {
    let raw = rawValue(of: a)
    if a.isVerbatim { return String(decoding: raw, as: UTF8.self) }
    return XMLEntities.decode(raw, into: &scratch)
  }

  /// An attribute's value decoded into `scratch` bytes (valid until the next call).
  func withDecodedValue<R>(of a: XMLAttribute, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    let raw = rawValue(of: a)
    if a.isVerbatim { return body(raw) }
    XMLEntities.decodeBytes(raw, into: &scratch)
    return scratch.withUnsafeBytes(body)
  }

  /// A located malformed-document error at the current position.
  func failure(_ message: String, hint: String? = nil) -> HealthError {
    failure(message, line: line, offset: bytesConsumed, hint: hint)
  }

  /// A located malformed-document error at the start of the current tag.
  func tagFailure(_ message: String, hint: String? = nil) -> HealthError {
    failure(message, line: tagLine, offset: tagOffset, hint: hint)
  }

  private func failure(_ message: String, line: Int, offset: Int64, hint: String? = nil)
    -> HealthError
  {
    HealthError.malformed(
      message,
      at: SourceLocation(file: fileName, line: line, byteOffset: offset, path: entryName),
      hint: hint
        ?? "the export looks damaged or incomplete; export it again from the Health app")
  }

  // MARK: - The event loop

  /// Advances to the next start tag, end tag or the end of the document.
  func next() throws -> Event {
    if !started { try begin() }
    while true {
      // Character data up to the next '<'.
      while pos < end {
        let b = buf.load(fromByteOffset: pos, as: UInt8.self)
        if b == 0x3C { break }
        if b == 0x0A {
          line += 1
          pos += 1
        } else if b == 0x20 || b == 0x09 || b == 0x0D {
          pos += 1
        } else if b < 0x20 {
          if textDefect == nil { textDefect = Self.illegalCharacter(b) }
          pos += 1
        } else if b < 0x80 {
          if depth == 0 {
            throw failure(
              rootClosed
                ? "text after the end of the root element" : "text before the root element")
          }
          pos += 1
        } else {
          if depth == 0 { throw failure("text outside the root element") }
          switch UTF8Validation.check(buf, at: pos, end: end) {
          case .valid(let length, let illegal):
            if illegal, textDefect == nil {
              textDefect = "character U+FFFE/U+FFFF is not allowed in XML"
            }
            pos += length
          case .invalid: throw invalidUTF8(at: pos)
          case .needMore:
            if eof { throw invalidUTF8(at: pos) }
            try refill(keepFrom: pos)
          }
        }
      }
      if pos >= end {
        if eof { return try finishDocument() }
        try refill(keepFrom: pos)
        continue
      }
      let tagStart = pos
      let startLine = line
      let step = try markup()
      switch step {
      case .needMore:
        pos = tagStart
        line = startLine
        if eof { throw unterminated(at: tagStart, line: startLine) }
        try refill(keepFrom: tagStart)
      case .skipped: continue
      case .start:
        tagLine = startLine
        tagOffset = base + Int64(tagStart)
        return .startTag
      case .end:
        tagLine = startLine
        tagOffset = base + Int64(tagStart)
        return .endTag
      }
    }
  }

  private func begin() throws {
    started = true
    while end < 4 && !eof { try refill(keepFrom: 0) }
    if end == 0 {
      throw failure(
        "the file is empty", line: 1, offset: 0,
        hint: "export the data again from the Health app")
    }
    if end >= 3, buf.load(as: UInt8.self) == 0xEF,
      buf.load(fromByteOffset: 1, as: UInt8.self) == 0xBB,
      buf.load(fromByteOffset: 2, as: UInt8.self) == 0xBF
    {
      pos = 3
    }
  }

  private func finishDocument() throws -> Event {
    if !sawRoot {
      throw failure("the document has no root element (no <HealthData>)")
    }
    if depth > 0 {
      let name = String(decoding: openNames[openStarts[depth - 1]...], as: UTF8.self)
      throw failure(
        "the file ends inside <\(name)> opened on line \(openLines[depth - 1]) (truncated?)",
        hint: "the export is incomplete; copy or export it again")
    }
    return .endOfDocument
  }

  private func refill(keepFrom k: Int) throws {
    if k > 0 {
      let keep = end - k
      if keep > 0 { memmove(buf, buf + k, keep) }
      end = keep
      pos -= k
      base += Int64(k)
    }
    if end == capacity {
      guard capacity < maxCapacity else {
        throw failure(
          "one tag or declaration is longer than \(maxCapacity >> 20) MB (unterminated?)")
      }
      let bigger = min(capacity * 2, maxCapacity)
      let grown = UnsafeMutableRawPointer.allocate(byteCount: bigger, alignment: 16)
      grown.copyMemory(from: buf, byteCount: end)
      buf.deallocate()
      buf = grown
      capacity = bigger
      // A construct this long is re-scanned after each refill: fill the new room at once
      // so that costs one re-scan per doubling, not one per piece the source hands out.
      while end < capacity && !eof { try fillOnce() }
      return
    }
    try fillOnce()
  }

  private func fillOnce() throws {
    let n = try source.fill(UnsafeMutableRawBufferPointer(start: buf + end, count: capacity - end))
    if n == 0 { eof = true } else { end += n }
  }

  // MARK: - Markup

  @inline(__always) private func byte(_ i: Int) -> UInt8 {
    buf.load(fromByteOffset: i, as: UInt8.self)
  }

  private func markup() throws -> Step {
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

  private func matches(_ at: Int, _ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    return at + n <= end && memcmp(buf + at, literal.utf8Start, n) == 0
  }

  /// Skips to just after `terminator`, counting lines; `.needMore` if it is not in the buffer.
  private func skip(until terminator: StaticString, from start: Int) -> Step {
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
  private func skipDocType() -> Step {
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

  @inline(__always) private static func isBlank(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
  }

  /// Scans a name from `start`; returns its end (the first byte that cannot be in a name),
  /// or `end` if the buffer runs out. Non-ASCII bytes must be valid UTF-8. Runs of eight
  /// bytes in 0x41...0x7F (letters, the usual case) are taken a word at a time.
  @inline(__always) private func nameEnd(from start: Int) throws -> Int {
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

  private func endTag() throws -> Step {
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

  private func startTag() throws -> Step {
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
      var sawBlank = false
      while p < end, Self.isBlank(byte(p)) {
        if byte(p) == 0x0A { lines += 1 }
        p += 1
        sawBlank = true
      }
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
        noteDefect("unexpected character '\(Self.printable(c))' inside the tag")
        return try recover(from: p, lines: lines, nameStart: nameStart, nameLength: nameLength)
      }
      let attrNameLength = p - attrNameStart
      while p < end, Self.isBlank(byte(p)) {
        if byte(p) == 0x0A { lines += 1 }
        p += 1
      }
      guard p < end else { return .needMore }
      guard byte(p) == 0x3D else {
        let attrName = String(
          decoding: UnsafeRawBufferPointer(start: buf + attrNameStart, count: attrNameLength),
          as: UTF8.self)
        noteDefect("attribute '\(attrName)' has no value (a space inside an attribute name?)")
        return try recover(from: p, lines: lines, nameStart: nameStart, nameLength: nameLength)
      }
      p += 1
      while p < end, Self.isBlank(byte(p)) {
        if byte(p) == 0x0A { lines += 1 }
        p += 1
      }
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
      if attributeCount == attributeCapacity { growAttributes() }
      attributes[attributeCount] = XMLAttribute(
        nameStart: attrNameStart, nameLength: attrNameLength, valueStart: valueStart,
        valueLength: close - valueStart, flags: flags)
      attributeCount += 1
      p = close + 1
    }
    return open(nameStart: nameStart, nameLength: nameLength, end: p, lines: lines)
  }

  /// Finishes a start tag ending just before `tagEnd`.
  private func open(nameStart: Int, nameLength: Int, end tagEnd: Int, lines: Int) -> Step {
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
  private func recover(from start: Int, lines startLines: Int, nameStart: Int, nameLength: Int)
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
        return open(nameStart: nameStart, nameLength: nameLength, end: p + 1, lines: lines)
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

  private func noteDefect(_ reason: String) {
    if defect == nil { defect = reason }
  }

  private func growAttributes() {
    let bigger = UnsafeMutablePointer<XMLAttribute>.allocate(capacity: attributeCapacity * 2)
    bigger.moveInitialize(from: attributes, count: attributeCount)
    attributes.deallocate()
    attributes = bigger
    attributeCapacity *= 2
  }

  // MARK: - Attribute values

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080
  private static let capitalAs: UInt64 = 0x4141_4141_4141_4141

  /// Scans an attribute value from `start` to its closing `quote`; returns the quote's
  /// offset, or nil when the buffer ends first. Validates UTF-8, checks entities, notes
  /// XML-illegal characters as a defect; a '<' means an unterminated value (thrown).
  @inline(__always)
  private func scanValue(from start: Int, quote: UInt8, flags: inout UInt8, lines: inout Int)
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
  private func entityLength(at p: Int) -> Int? {
    var q = p + 1
    let limit = min(end, p + 12)
    while q < limit, byte(q) != 0x3B { q += 1 }  // ';'
    if q >= limit { return end < p + 12 && !eof ? nil : 0 }
    let body = UnsafeRawBufferPointer(start: buf + p + 1, count: q - p - 1)
    return XMLEntities.isValidReference(body) ? q - p + 1 : 0
  }

  // MARK: - Errors

  private func invalidUTF8(at p: Int) -> HealthError {
    failure(
      "invalid UTF-8 (byte 0x\(String(byte(p), radix: 16, uppercase: true)))", line: line,
      offset: base + Int64(p),
      hint: "the file is not UTF-8 or is damaged; export it again from the Health app")
  }

  private func unterminated(at p: Int, line at: Int) -> HealthError {
    let what: String
    if p + 4 <= end, byte(p + 1) == 0x21, byte(p + 2) == 0x2D, byte(p + 3) == 0x2D {
      what = "an unterminated comment"
    } else if matches(p + 2, "DOCTYPE") {
      what = "an unterminated DOCTYPE"
    } else if p + 1 < end, byte(p + 1) == 0x3F {
      what = "an unterminated processing instruction"
    } else {
      what = "an unterminated tag"
    }
    return failure(
      eof ? "the file ends inside \(what) (truncated?)" : "\(what)", line: at,
      offset: base + Int64(p))
  }

  static func illegalCharacter(_ b: UInt8) -> String {
    let hex = String(b, radix: 16, uppercase: true)
    return "character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) is not allowed in XML"
  }

  private static func printable(_ b: UInt8) -> String {
    b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "0x" + String(b, radix: 16)
  }
}
