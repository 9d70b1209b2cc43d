/// A streaming, validating JSON tokenizer over a fixed-size buffer.
///
/// Memory stays at one buffer plus the longest string (capped) whatever the document size.
/// Every token is checked against the JSON grammar (RFC 8259): a document that is cut short or
/// not valid JSON ends in `HealthError` exit 65 with the line, column, byte offset and the
/// JSON path of the place (`data.metrics[3].data[17]`). Strings are decoded (`\/`, `\n`,
/// `\uXXXX` with surrogate pairs; a lone surrogate becomes U+FFFD); numbers are converted to
/// the nearest `Double`.
///
/// Lines are counted in the blanks between tokens (raw newlines cannot occur inside valid
/// JSON strings); columns are 1-based byte columns.
public final class JSONTokenizer {
  /// What comes next in the grammar.
  enum Expect: UInt8, Sendable {
    /// Any value.
    case value
    /// A value or `]` (just after `[`).
    case valueOrEnd
    /// A key.
    case key
    /// A key or `}` (just after `{`).
    case keyOrEnd
    /// `,` or the closing bracket of the open container.
    case commaOrEnd
    /// Nothing but blanks (after the root value).
    case done
  }

  /// One open container: an object (with its current key in `pathKeys[keyStart...]`) or an
  /// array (with the index of its current element).
  struct Container: Sendable {
    var isObject: Bool
    var index: Int
    var keyStart: Int
  }

  /// The file name used in messages.
  public let path: String
  let source: SeekableByteSource
  let buffer: UnsafeMutablePointer<UInt8>
  let capacity: Int
  @exclusivity(unchecked) var pos = 0
  @exclusivity(unchecked) var end = 0
  /// File offset of `buffer[0]`.
  @exclusivity(unchecked) var base: Int64 = 0
  @exclusivity(unchecked) var atEOF = false

  @exclusivity(unchecked) var line = 1
  @exclusivity(unchecked) var lineStart: Int64 = 0
  @exclusivity(unchecked) var tokenLine = 1
  @exclusivity(unchecked) var tokenLineStart: Int64 = 0
  @exclusivity(unchecked) var tokenOffset: Int64 = 0

  @exclusivity(unchecked) var expect = Expect.value
  @exclusivity(unchecked) var containers: [Container] = []
  /// The keys of the open objects, back to back (each container knows where its key starts).
  @exclusivity(unchecked) var pathKeys: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) var pathCount = 0
  @exclusivity(unchecked) var pathCapacity = 256
  /// While skipping, numbers are checked but not converted.
  @exclusivity(unchecked) var convertNumbers = true
  @exclusivity(unchecked) var checkedBOM = false

  @exclusivity(unchecked) var textStorage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) var textCapacity = 256
  @exclusivity(unchecked) var textCount = 0
  var numberScratch: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) var numberCount = 0

  /// The value of the last `number` token.
  @exclusivity(unchecked) public private(set) var number: Double = 0
  /// The longest string accepted; longer ones end the read with exit 65 (memory stays bounded).
  @exclusivity(unchecked) public var maxStringLength = 16 << 20
  /// The deepest nesting accepted.
  @exclusivity(unchecked) public var maxDepth = 512
  static let maxNumberLength = 1024

  /// A tokenizer reading `source` through a buffer of `bufferSize` bytes (at least 16).
  public init(source: SeekableByteSource, bufferSize: Int = 256 << 10) {
    self.source = source
    self.path = source.path
    capacity = max(16, bufferSize)
    buffer = .allocate(capacity: capacity)
    textStorage = .allocate(capacity: textCapacity)
    numberScratch = .allocate(capacity: Self.maxNumberLength)
    containers.reserveCapacity(16)
    pathKeys = .allocate(capacity: pathCapacity)
  }

  deinit {
    buffer.deallocate()
    textStorage.deallocate()
    numberScratch.deallocate()
    pathKeys.deallocate()
  }

  /// The decoded UTF-8 bytes of the last `key` or `string` token (valid until the next call).
  public var text: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: textStorage, count: textCount)
  }

  /// The last `key` or `string` token as a `String` (always valid UTF-8: a raw invalid byte
  /// is a syntax error, a lone `\u` surrogate escape becomes U+FFFD).
  public var textString: String {
    String(decoding: UnsafeBufferPointer(start: textStorage, count: textCount), as: UTF8.self)
  }

  /// Whether the last `key` or `string` token is exactly `literal`.
  public func textEquals(_ literal: StaticString) -> Bool {
    literal.utf8CodeUnitCount == text.count
      && (text.count == 0
        || bytesEqual(literal.utf8Start, text.baseAddress!, text.count))
  }

  /// Bytes consumed so far (for progress).
  public var bytesConsumed: Int64 { base + Int64(pos) }

  /// The nesting depth (0 outside the root value).
  public var depth: Int { containers.count }

  // MARK: - Tokens

  /// The next token; `.end` once the root value and trailing blanks are consumed.
  public func next() throws -> JSONToken {
    if !checkedBOM { try skipByteOrderMark() }
    while true {
      guard try skipBlanks() else {
        markToken()
        if expect == .done { return .end }
        throw truncated()
      }
      markToken()
      let c = buffer[pos]
      switch expect {
      case .done:
        throw syntax("unexpected \(describe(c)) after the end of the JSON document")
      case .commaOrEnd:
        let inObject = containers[containers.count - 1].isObject
        if c == 0x2C {
          pos += 1
          expect = inObject ? .key : .value
          continue
        }
        if c == 0x7D && inObject { return close() }
        if c == 0x5D && !inObject { return close() }
        throw syntax("expected ',' or '\(inObject ? "}" : "]")' but found \(describe(c))")
      case .key, .keyOrEnd:
        if c == 0x7D && expect == .keyOrEnd { return close() }
        guard c == 0x22 else {
          throw syntax("expected a key in double quotes but found \(describe(c))")
        }
        try readString()
        let top = containers.count - 1
        let keyStart = containers[top].keyStart
        setPathKey(at: keyStart)
        guard try skipBlanks() else { throw truncated() }
        guard buffer[pos] == 0x3A else {
          markToken()
          throw syntax("expected ':' after a key but found \(describe(buffer[pos]))")
        }
        pos += 1
        expect = .value
        return .key
      case .value, .valueOrEnd:
        if c == 0x5D && expect == .valueOrEnd { return close() }
        return try readValueStart(c)
      }
    }
  }

  /// Skips a UTF-8 byte order mark at the very start of the input.
  func skipByteOrderMark() throws {
    checkedBOM = true
    guard base == 0, pos == 0, try ensure(3) else { return }
    if buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { pos = 3 }
  }

  @inline(__always)
  func markToken() {
    tokenOffset = base + Int64(pos)
    tokenLine = line
    tokenLineStart = lineStart
  }

  func readValueStart(_ c: UInt8) throws -> JSONToken {
    if let top = containers.indices.last, !containers[top].isObject {
      containers[top].index += 1
    }
    switch c {
    case 0x7B:
      pos += 1
      try push(isObject: true)
      expect = .keyOrEnd
      return .beginObject
    case 0x5B:
      pos += 1
      try push(isObject: false)
      expect = .valueOrEnd
      return .beginArray
    case 0x22:
      try readString()
      afterValue()
      return .string
    case 0x2D, 0x30...0x39:
      try readNumber()
      afterValue()
      return .number
    case 0x74:
      try readLiteral("true")
      afterValue()
      return .trueValue
    case 0x66:
      try readLiteral("false")
      afterValue()
      return .falseValue
    case 0x6E:
      try readLiteral("null")
      afterValue()
      return .null
    default:
      throw syntax("expected a value but found \(describe(c))")
    }
  }

  /// Makes the last key read the current key of the object whose keys start at `keyStart`.
  func setPathKey(at keyStart: Int) {
    // Paths serve messages only: a key longer than 256 bytes is cut there, which keeps the
    // path small however deep and long-keyed the document is.
    let keyCount = min(textCount, 256)
    let needed = keyStart + keyCount
    if needed > pathCapacity {
      var newCapacity = pathCapacity * 2
      while newCapacity < needed { newCapacity *= 2 }
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
      grown.update(from: pathKeys, count: keyStart)
      pathKeys.deallocate()
      pathKeys = grown
      pathCapacity = newCapacity
    }
    (pathKeys + keyStart).update(from: textStorage, count: keyCount)
    pathCount = needed
  }

  func push(isObject: Bool) throws {
    guard containers.count < maxDepth else {
      throw syntax("nested deeper than \(maxDepth) levels")
    }
    containers.append(Container(isObject: isObject, index: -1, keyStart: pathCount))
  }

  func close() -> JSONToken {
    pos += 1
    let closed = containers.removeLast()
    pathCount = closed.keyStart
    afterValue()
    return closed.isObject ? .endObject : .endArray
  }

  /// After a complete value: a member's key leaves the path (errors between members name
  /// the object, not its previous member).
  @inline(__always)
  func afterValue() {
    guard let top = containers.indices.last else {
      expect = .done
      return
    }
    expect = .commaOrEnd
    if containers[top].isObject {
      let keyStart = containers[top].keyStart
      pathCount = keyStart
    }
  }

  // MARK: - Buffer

  /// Makes at least `count` unread bytes available if the input has them; returns whether it
  /// could. Moves the unread bytes to the front of the buffer first.
  @discardableResult
  func ensure(_ count: Int) throws -> Bool {
    if end - pos >= count { return true }
    return try BufferRefill.refill(
      count, buffer: buffer, capacity: capacity, source: source, pos: &pos, end: &end,
      base: &base, atEOF: &atEOF)
  }

  /// Skips blanks, counting lines; returns false at end of input.
  @inline(__always)
  func skipBlanks() throws -> Bool {
    while true {
      // Locals keep the class's exclusivity checks out of the byte loop.
      var p = pos
      let e = end
      let buf = buffer
      while p < e {
        let c = buf[p]
        if c > 0x20 {
          pos = p
          return true
        }
        if c == 0x0A {
          line += 1
          lineStart = base + Int64(p + 1)
        } else if c != 0x20 && c != 0x09 && c != 0x0D {
          pos = p
          markToken()
          throw syntax("unexpected control character \(describe(c))")
        }
        p += 1
      }
      pos = p
      guard try ensure(1) else { return false }
    }
  }

  // MARK: - Strings

  @inline(__always)
  func appendText(_ from: UnsafePointer<UInt8>, _ count: Int) throws {
    if textCount + count > textCapacity { try growText(textCount + count) }
    (textStorage + textCount).update(from: from, count: count)
    textCount += count
  }

  @inline(__always)
  func appendText(_ byte: UInt8) throws {
    if textCount == textCapacity { try growText(textCount + 1) }
    textStorage[textCount] = byte
    textCount += 1
  }

  func growText(_ needed: Int) throws {
    guard needed <= maxStringLength else {
      throw syntax(
        "a string longer than \(maxStringLength >> 20) MiB (an unterminated string?)")
    }
    var newCapacity = textCapacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: textStorage, count: textCount)
    textStorage.deallocate()
    textStorage = grown
    textCapacity = newCapacity
  }

  /// Reads a string starting at the opening quote into `text`.
  func readString() throws {
    pos += 1
    textCount = 0
    // Any byte above 0x7F, read or made by an escape: only then is the text validated
    // (ASCII is valid UTF-8), as every string was before.
    var high: UInt8 = 0
    while true {
      if pos == end {
        guard try ensure(1) else { throw truncated(inString: true) }
      }
      let start = pos
      let p = Self.stringRunEnd(buffer, from: start, to: end, high: &high)
      pos = p
      if p > start { try appendText(buffer + start, p - start) }
      if pos == end { continue }
      let c = buffer[pos]
      if c == 0x22 {
        pos += 1
        if high >= 0x80, let bad = UTF8Text.firstInvalid(textStorage, textCount) {
          throw syntax("invalid UTF-8 (\(describe(textStorage[bad]))) in a string")
        }
        return
      }
      if c < 0x20 {
        markToken()
        throw syntax(
          "a raw control character \(describe(c)) inside a string (write it as an escape)")
      }
      high = 0x80
      try readEscape()
    }
  }

  /// The offset of the first quote, backslash or control byte in `buf[from..<to]` (`to`
  /// when none), eight bytes at a time; ORs every byte passed into `high`. The lowest
  /// flagged byte of a word is always a true match (borrows only run upward; a byte above
  /// 0x7F is never flagged, as in `XMLByteScanner.scanValue`).
  @inline(__always)
  static func stringRunEnd(
    _ buf: UnsafeMutablePointer<UInt8>, from: Int, to e: Int, high: inout UInt8
  ) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = 0x22 &* ones
    let backslashes = 0x5C &* ones
    let spaces = 0x20 &* ones
    var p = from
    var seen: UInt64 = 0
    while p + 8 <= e {
      let w = UnsafeRawPointer(buf + p).loadUnaligned(as: UInt64.self)
      let special =
        (((w ^ quotes) &- ones) | ((w ^ backslashes) &- ones) | (w &- spaces)) & ~w & highs
      if special != 0 {
        let k = special.littleEndian.trailingZeroBitCount >> 3
        // The bytes before the match, for `high`.
        seen |= k == 0 ? 0 : w.littleEndian & (UInt64.max >> (64 - 8 * UInt64(k)))
        p += k
        high |= seen & highs == 0 ? 0 : 0x80
        return p
      }
      seen |= w
      p += 8
    }
    high |= seen & highs == 0 ? 0 : 0x80
    while p < e {
      let c = buf[p]
      if c == 0x22 || c == 0x5C || c < 0x20 { break }
      high |= c
      p += 1
    }
    return p
  }

  /// Reads one escape sequence starting at the backslash.
  func readEscape() throws {
    guard try ensure(2) else { throw truncated(inString: true) }
    let e = buffer[pos + 1]
    switch e {
    case 0x22, 0x5C, 0x2F: try appendText(e)
    case 0x62: try appendText(0x08)
    case 0x66: try appendText(0x0C)
    case 0x6E: try appendText(0x0A)
    case 0x72: try appendText(0x0D)
    case 0x74: try appendText(0x09)
    case 0x75:
      pos += 2
      var scalar = try readHex4()
      if scalar >= 0xD800 && scalar < 0xDC00 {
        // A high surrogate: a low one must follow as another \u escape.
        if try ensure(6), buffer[pos] == 0x5C, buffer[pos + 1] == 0x75 {
          let save = pos
          pos += 2
          let low = try readHex4()
          if low >= 0xDC00 && low < 0xE000 {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else {
            pos = save
            scalar = 0xFFFD
          }
        } else {
          scalar = 0xFFFD
        }
      } else if scalar >= 0xDC00 && scalar < 0xE000 {
        scalar = 0xFFFD
      }
      try appendScalar(scalar)
      return
    default:
      markToken()
      throw syntax("invalid escape \\\(describe(e)) in a string")
    }
    pos += 2
  }

  func readHex4() throws -> UInt32 {
    guard try ensure(4) else { throw truncated(inString: true) }
    var v: UInt32 = 0
    for k in 0..<4 {
      let c = buffer[pos + k]
      let d: UInt8
      switch c {
      case 0x30...0x39: d = c - 0x30
      case 0x41...0x46: d = c - 0x41 + 10
      case 0x61...0x66: d = c - 0x61 + 10
      default:
        markToken()
        throw syntax("invalid \\u escape: \(describe(c)) is not a hex digit")
      }
      v = v << 4 | UInt32(d)
    }
    pos += 4
    return v
  }

  func appendScalar(_ v: UInt32) throws {
    if v < 0x80 {
      try appendText(UInt8(v))
    } else if v < 0x800 {
      try appendText(UInt8(0xC0 | v >> 6))
      try appendText(UInt8(0x80 | v & 0x3F))
    } else if v < 0x10000 {
      try appendText(UInt8(0xE0 | v >> 12))
      try appendText(UInt8(0x80 | v >> 6 & 0x3F))
      try appendText(UInt8(0x80 | v & 0x3F))
    } else {
      try appendText(UInt8(0xF0 | v >> 18))
      try appendText(UInt8(0x80 | v >> 12 & 0x3F))
      try appendText(UInt8(0x80 | v >> 6 & 0x3F))
      try appendText(UInt8(0x80 | v & 0x3F))
    }
  }

  // MARK: - Numbers and literals

  @inline(__always)
  static func isNumberByte(_ c: UInt8) -> Bool {
    (c &- 0x30) < 10 || c == 0x2E || c == 0x2D || c == 0x2B || c | 0x20 == 0x65
  }

  /// Reads a number; checks the JSON grammar, then converts it.
  func readNumber() throws {
    // Fast path: the whole number lies in the buffer.
    let start = pos
    var j = start
    let e = end
    let buf = buffer
    while j < e && Self.isNumberByte(buf[j]) { j += 1 }
    if j < e {
      try finishNumber(UnsafeRawBufferPointer(start: buf + start, count: j - start))
      pos = j
      return
    }
    // Slow path: copy across refills.
    numberCount = 0
    while true {
      while pos < end && Self.isNumberByte(buffer[pos]) {
        guard numberCount < Self.maxNumberLength else {
          throw syntax("a number longer than \(Self.maxNumberLength) characters")
        }
        numberScratch[numberCount] = buffer[pos]
        numberCount += 1
        pos += 1
      }
      if pos < end { break }
      guard try ensure(1) else { break }
    }
    try finishNumber(UnsafeRawBufferPointer(start: numberScratch, count: numberCount))
  }

  func finishNumber(_ bytes: UnsafeRawBufferPointer) throws {
    guard Self.isJSONNumber(bytes) else {
      throw syntax("invalid number '\(String(decoding: bytes, as: UTF8.self))'")
    }
    if convertNumbers {
      guard let value = DecimalParser.parse(bytes) else {
        throw syntax("invalid number '\(String(decoding: bytes, as: UTF8.self))'")
      }
      number = value
    }
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
  static func isJSONNumber(_ b: UnsafeRawBufferPointer) -> Bool {
    let n = b.count
    var i = 0
    if i < n && b[i] == 0x2D { i += 1 }
    guard i < n else { return false }
    if b[i] == 0x30 {
      i += 1
    } else {
      guard b[i] &- 0x31 < 9 else { return false }
      while i < n && b[i] &- 0x30 < 10 { i += 1 }
    }
    if i < n && b[i] == 0x2E {
      i += 1
      let s = i
      while i < n && b[i] &- 0x30 < 10 { i += 1 }
      guard i > s else { return false }
    }
    if i < n && b[i] | 0x20 == 0x65 {
      i += 1
      if i < n && (b[i] == 0x2B || b[i] == 0x2D) { i += 1 }
      let s = i
      while i < n && b[i] &- 0x30 < 10 { i += 1 }
      guard i > s else { return false }
    }
    return i == n
  }

  func readLiteral(_ word: StaticString) throws {
    let n = word.utf8CodeUnitCount
    guard try ensure(n) else {
      // Fewer bytes left than the word: a cut-off literal or garbage.
      let left = end - pos
      if left > 0, bytesEqual(word.utf8Start, buffer + pos, left) { throw truncated() }
      throw syntax("expected '\(word)' but found \(describe(buffer[pos]))")
    }
    guard bytesEqual(word.utf8Start, buffer + pos, n) else {
      throw syntax("expected a value but found \(describe(buffer[pos]))")
    }
    pos += n
    if try ensure(1), Self.isIdentifierByte(buffer[pos]) {
      throw syntax("expected a value but found \(describe(buffer[pos]))")
    }
  }

  @inline(__always)
  static func isIdentifierByte(_ c: UInt8) -> Bool {
    (c | 0x20) &- 0x61 < 26 || c &- 0x30 < 10 || c == 0x5F
  }
}

/// Whether two byte ranges of `count` bytes are equal.
@inline(__always)
func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
  let pb = b.assumingMemoryBound(to: UInt8.self)
  for i in 0..<count where a[i] != pb[i] { return false }
  return true
}
