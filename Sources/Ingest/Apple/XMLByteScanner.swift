import HealthCore
import HealthModel

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

  enum Step {
    case needMore
    case skipped
    case start
    case end
  }

  let source: ByteSource
  /// The input as the user named it, for messages.
  let fileName: String
  /// The zip entry being read, if any, for messages.
  let entryName: String?
  @exclusivity(unchecked) var buf: UnsafeMutableRawPointer
  @exclusivity(unchecked) var capacity: Int
  let maxCapacity: Int
  /// The buffer size the scanner starts with (and takes again after a borrowed buffer).
  let initialCapacity: Int
  /// Whether `buf` is bytes lent by the caller (`borrow(_:)`), read in place, never written
  /// or freed here.
  @exclusivity(unchecked) var borrowed = false
  @exclusivity(unchecked) var pos = 0
  @exclusivity(unchecked) var end = 0
  @exclusivity(unchecked) var base: Int64 = 0
  @exclusivity(unchecked) var eof = false
  @exclusivity(unchecked) var started = false
  /// 1-based line of the scan position.
  @exclusivity(unchecked) var line = 1

  /// Offset of the current tag's name in the buffer.
  @exclusivity(unchecked) var tagNameStart = 0
  /// Length of the current tag's name.
  @exclusivity(unchecked) var tagNameLength = 0
  /// 1-based line where the current tag starts.
  @exclusivity(unchecked) var tagLine = 1
  /// Byte offset (in the document) where the current tag starts.
  @exclusivity(unchecked) var tagOffset: Int64 = 0
  /// Whether the current start tag is an empty-element tag (`<x/>`).
  @exclusivity(unchecked) var selfClosing = false
  /// Why the current element is malformed, if it is (it is still reported).
  @exclusivity(unchecked) var defect: String?
  /// Set when character data between tags held an XML-illegal character; the reader
  /// attributes it to the element it is in and clears it.
  @exclusivity(unchecked) var textDefect: String?
  @exclusivity(unchecked) var attributes: UnsafeMutablePointer<XMLAttribute>
  @exclusivity(unchecked) var attributeCapacity = 32
  /// Number of attributes of the current start tag.
  @exclusivity(unchecked) var attributeCount = 0

  @exclusivity(unchecked) var openNames: [UInt8] = []
  @exclusivity(unchecked) var openStarts: [Int] = []
  @exclusivity(unchecked) var openLines: [Int] = []
  @exclusivity(unchecked) var sawRoot = false
  @exclusivity(unchecked) var rootClosed = false
  @exclusivity(unchecked) var scratch: [UInt8] = []
  /// Set for one piece of a document split at record boundaries (`AppleChunkedRead`): the
  /// end of its bytes at depth 1, between tags, ends the piece instead of being a
  /// truncated document.
  @exclusivity(unchecked) var endsAtChunk = false
  /// The source when it hands out consecutive pieces of a document one at a time
  /// (`AppleChunkedRead`'s reading on across piece ends): at the end of a piece the
  /// scanner stops when it stands between top-level elements with nothing pending, and
  /// otherwise asks for the next piece and reads on as if the bytes had never been cut.
  let pieces: PieceChainSource?
  /// Whether the refill under way is the one between two tags (the only place a piece's
  /// end may stop the scanner).
  @exclusivity(unchecked) var betweenTags = false
  /// 1 for the bytes that end a name (controls, blank, quotes, '/', '<', '=', '>'), 2 for
  /// bytes above 0x7F (validated as UTF-8), 0 for the rest.
  let nameStops: UnsafeMutablePointer<UInt8>

  /// A scanner reading from `source`. `initialCapacity` is the buffer size (it grows only
  /// for a single construct longer than that, up to `maxConstructBytes`).
  init(
    source: ByteSource, fileName: String, entryName: String? = nil,
    initialCapacity: Int = 256 << 10, maxConstructBytes: Int = 64 << 20
  ) {
    self.source = source
    pieces = source as? PieceChainSource
    self.fileName = fileName
    self.entryName = entryName
    capacity = max(16, initialCapacity)
    self.initialCapacity = capacity
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
    if !borrowed { buf.deallocate() }
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

  func failure(_ message: String, line: Int, offset: Int64, hint: String? = nil)
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
        if eof {
          if endsAtChunk && depth == 1 { return .endOfDocument }
          return try finishDocument()
        }
        betweenTags = true
        try refill(keepFrom: pos)
        betweenTags = false
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

  /// Continues a document at byte `offset` (line `line`), a position between two tags
  /// inside the root element `rootName` opened on line `rootLine`: the state the scanner
  /// would be in there had it read everything before.
  func resume(offset: Int64, line: Int, rootName: [UInt8], rootLine: Int) {
    started = true
    sawRoot = true
    base = offset
    self.line = line
    openStarts = [0]
    openLines = [rootLine]
    openNames = rootName
  }

  func begin() throws {
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

  func finishDocument() throws -> Event {
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

  func refill(keepFrom k: Int) throws {
    if borrowed { return try refillAfterBorrowed(keepFrom: k) }
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
    // Nothing could be dropped: the construct at the start is re-scanned after this refill,
    // so fill all the room (one re-scan per buffer, not one per piece the source hands out).
    if k == 0 && end > 0 {
      while end < capacity && !eof { try fillOnce() }
      return
    }
    try fillOnce()
  }

  func fillOnce() throws {
    var n = try source.read(
      into: UnsafeMutableRawBufferPointer(start: buf + end, count: capacity - end))
    // At the end of a piece of a chain: stop between top-level elements (the next piece can
    // be parsed from here), read on into the next piece anywhere else.
    while n == 0, let pieces, !pieces.isLast,
      !(betweenTags && depth == 1 && textDefect == nil), try pieces.advance()
    {
      endsAtChunk = !pieces.isLast
      n = try source.read(
        into: UnsafeMutableRawBufferPointer(start: buf + end, count: capacity - end))
    }
    if n == 0 { eof = true } else { end += n }
  }

  // MARK: - Errors

  func invalidUTF8(at p: Int) -> HealthError {
    failure(
      "invalid UTF-8 (byte \(ByteText.hex(byte(p))))", line: line,
      offset: base + Int64(p),
      hint: "the file is not UTF-8 or is damaged; export it again from the Health app")
  }

  func unterminated(at p: Int, line at: Int) -> HealthError {
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

  static func printable(_ b: UInt8) -> String {
    b >= 0x20 && b < 0x7F ? "'\(UnicodeScalar(b))'" : ByteText.hex(b)
  }
}
