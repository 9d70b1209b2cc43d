import HealthModel
import Ingest
import Testing

/// The streaming JSON tokenizer: grammar, strings, numbers, positions, and independence from
/// how the input is split across buffer refills.
@Suite struct JSONTokenizerTests {
  /// A token with its payload, comparable across runs.
  enum Tok: Equatable {
    case open(Character)
    case close(Character)
    case key(String)
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
  }

  static func tokens(_ text: String, bufferSize: Int = 4096, chunkSize: Int = .max) throws -> [Tok]
  {
    try tokens(Array(text.utf8), bufferSize: bufferSize, chunkSize: chunkSize)
  }

  static func tokens(_ bytes: [UInt8], bufferSize: Int = 4096, chunkSize: Int = .max) throws
    -> [Tok]
  {
    let t = JSONTokenizer(
      source: MemoryByteSource(bytes, path: "t.json", chunkSize: chunkSize),
      bufferSize: bufferSize)
    var out: [Tok] = []
    while true {
      switch try t.next() {
      case .beginObject: out.append(.open("{"))
      case .endObject: out.append(.close("}"))
      case .beginArray: out.append(.open("["))
      case .endArray: out.append(.close("]"))
      case .key: out.append(.key(t.textString))
      case .string: out.append(.string(t.textString))
      case .number: out.append(.number(t.number))
      case .trueValue: out.append(.bool(true))
      case .falseValue: out.append(.bool(false))
      case .null: out.append(.null)
      case .end: return out
      }
    }
  }

  static func error(_ text: String) -> HealthError? {
    healthError { _ = try tokens(text) }
  }

  @Test func readsEveryKindOfToken() throws {
    let toks = try Self.tokens(#"{"a": [1, -2.5, true, false, null, "x"], "b": {}}"#)
    #expect(
      toks == [
        .open("{"), .key("a"), .open("["), .number(1), .number(-2.5), .bool(true), .bool(false),
        .null, .string("x"), .close("]"), .key("b"), .open("{"), .close("}"), .close("}"),
      ])
  }

  @Test func decodesEscapes() throws {
    // \/ is a slash (Apple's JSONSerialization writes "count\/min"); \u00A0 a no-break space;
    // \uD83D\uDE00 the surrogate pair of U+1F600; a lone surrogate becomes U+FFFD.
    let toks = try Self.tokens(
      #"["count\/min", "a\"b\\c\n\t", "Apple\u00A0Watch", "\uD83D\uDE00", "x\uD800y", "\u00e9"]"#)
    #expect(
      toks == [
        .open("["), .string("count/min"), .string("a\"b\\c\n\t"), .string("Apple\u{A0}Watch"),
        .string("\u{1F600}"), .string("x\u{FFFD}y"), .string("é"), .close("]"),
      ])
  }

  @Test func keepsRawUTF8() throws {
    #expect(
      try Self.tokens("[\"Eli’s Apple\u{A0}Watch\"]") == [
        .open("["), .string("Eli’s Apple\u{A0}Watch"), .close("]"),
      ])
  }

  /// Strings scanned eight bytes at a time: a quote, an escape, a control byte, a valid
  /// two-byte character and an invalid byte at every place of strings up to 19 bytes long,
  /// and buffers that cut them anywhere.
  @Test func findsWhatEndsAStringRunAtEveryPlace() throws {
    for length in 1...19 {
      for at in 0..<length {
        var plain = [UInt8](repeating: 0x61, count: length)  // "aaa..."
        let expected = String(repeating: "a", count: length)
        #expect(
          try Self.tokens([0x5B, 0x22] + plain + [0x22, 0x5D]) == [
            .open("["), .string(expected), .close("]"),
          ])
        // An escaped newline in place of byte `at`.
        var escaped = plain
        escaped.replaceSubrange(at...at, with: [0x5C, 0x6E])
        var text = Array(expected)
        text[at] = "\n"
        #expect(
          try Self.tokens([0x5B, 0x22] + escaped + [0x22, 0x5D], bufferSize: 8) == [
            .open("["), .string(String(text)), .close("]"),
          ], "escape at \(at) of \(length)")
        // A two-byte character (é, C3 A9) in place of byte `at`.
        var accented = plain
        accented.replaceSubrange(at...at, with: [0xC3, 0xA9])
        text[at] = "é"
        #expect(
          try Self.tokens([0x5B, 0x22] + accented + [0x22, 0x5D]) == [
            .open("["), .string(String(text)), .close("]"),
          ], "é at \(at) of \(length)")
        // A raw control byte and an invalid byte (FF) are refused wherever they are.
        for bad: UInt8 in [0x01, 0x1F, 0xFF, 0x80] {
          plain[at] = bad
          let error = healthError { _ = try Self.tokens([0x5B, 0x22] + plain + [0x22, 0x5D]) }
          #expect(error?.code == .dataError, "\(bad) at \(at) of \(length)")
          plain[at] = 0x61
        }
      }
    }
  }

  @Test func convertsNumbersExactly() throws {
    // Expected values are Swift's own correctly rounded literals.
    let toks = try Self.tokens(
      "[0, -0, 56.83, 11.104745583898492, 4.916666666666666, 1e-7, 2.5E+3, 123456789012345678901234567890, 0.1]"
    )
    #expect(
      toks == [
        .open("["), .number(0), .number(-0.0), .number(56.83), .number(11.104745583898492),
        .number(4.916666666666666), .number(1e-7), .number(2500),
        .number(123456789012345678901234567890.0), .number(0.1), .close("]"),
      ])
  }

  @Test func rejectsInvalidNumbers() {
    for bad in ["[01]", "[1.]", "[.5]", "[+1]", "[1e]", "[-]", "[1.2.3]", "[NaN]", "[Infinity]"] {
      let e = Self.error(bad)
      #expect(e?.code == .dataError, "\(bad)")
    }
  }

  @Test func reportsSyntaxErrorsWithLineColumnAndPath() throws {
    // Line 3 is `  {"date": "d", "qty": x}]}]}}`: two blanks, then the 'x' is byte 24 of the
    // line, in the third data point (index 2).
    let text = """
      {"data": {"metrics": [{"name": "a", "data": [{"qty": 1},
        {"qty": 2},
        {"date": "d", "qty": x}]}]}}
      """
    let e = try #require(Self.error(text))
    #expect(e.code == .dataError)
    #expect(e.location?.line == 3)
    #expect(e.location?.column == 24)
    #expect(e.location?.path == "data.metrics[0].data[2].qty")
  }

  @Test func reportsTruncationAtTheEnd() throws {
    let text = "{\"data\": {\"metrics\": [\n{\"name\": \"a\", \"data\": [{\"qty\": 1}, {\"qty\""
    let e = try #require(Self.error(text))
    #expect(e.code == .dataError)
    #expect(e.message.contains("truncated"))
    #expect(e.location?.line == 2)
    #expect(e.location?.path == "data.metrics[0].data[1].qty")
    // Inside a string.
    let s = try #require(Self.error("[\"abc"))
    #expect(s.message.contains("inside a string"))
    // An empty file.
    #expect(Self.error("")?.code == .dataError)
  }

  @Test func rejectsOtherSyntaxErrors() {
    for bad in [
      "{\"a\" 1}", "{\"a\": 1,}", "[1,]", "[1 2]", "{a: 1}", "[tru]", "[nulll]", "{\"a\": 1}}",
      "[\"a\u{01}b\"]", "[\"\\x\"]", "[\"\\u12G4\"]", "{\"a\": 1} x", "[1}", "{\"a\": 1]",
    ] {
      #expect(Self.error(bad)?.code == .dataError, "\(bad)")
    }
  }

  @Test func skipsAByteOrderMark() throws {
    #expect(
      try Self.tokens([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [
        .open("["), .number(1), .close("]"),
      ])
  }

  @Test func skippingCountsElementsAndChecksSyntax() throws {
    let t = JSONTokenizer(
      source: MemoryByteSource(
        text: #"{"a": [1, [2, 3], {"b": 4}, "x"], "c": {"d": 1, "e": [5]}, "f": 7}"#))
    #expect(try t.next() == .beginObject)
    #expect(try t.next() == .key)
    #expect(try t.skipValue() == 4)
    #expect(try t.next() == .key)
    #expect(try t.skipValue() == 2)
    #expect(try t.next() == .key)
    #expect(try t.next() == .number && t.number == 7)
    #expect(try t.next() == .endObject)
    #expect(try t.next() == .end)
    let bad = JSONTokenizer(source: MemoryByteSource(text: #"{"a": [1, 2 3]}"#))
    _ = try bad.next()
    _ = try bad.next()
    #expect(healthError { _ = try bad.skipValue() }?.code == .dataError)
  }

  @Test func markAndResetReadAValueAgain() throws {
    let t = JSONTokenizer(
      source: MemoryByteSource(text: "{\"data\": [1, \"two\"],\n \"name\": \"x\"}", chunkSize: 3),
      bufferSize: 16)
    _ = try t.next()
    _ = try t.next()
    let mark = t.mark()
    try t.skipValueUnchecked()
    #expect(try t.next() == .key && t.textString == "name")
    #expect(try t.next() == .string && t.textString == "x")
    t.reset(to: mark)
    #expect(try t.next() == .beginArray)
    #expect(try t.next() == .number && t.number == 1)
    #expect(try t.next() == .string && t.textString == "two")
    #expect(t.currentPath() == "data[1]")
    #expect(try t.next() == .endArray)
    #expect(try t.next() == .key)
    #expect(t.currentLine == 2)
  }

  /// Every split gives the same tokens: buffers from 16 bytes up, source chunks from 1 byte.
  @Test func everySplitGivesTheSameTokens() throws {
    let text = #"""
      {"data" : {"metrics" : [ {"name" : "heart_rate", "units" : "count\/min",
        "data" : [ {"Min" : 57, "Avg" : 77.77, "Max" : 119, "source" : "Eli’s Apple\u00A0Watch|Eli’s iPhone",
        "date" : "2023-01-03 00:00:00 -0500"}, {"e" : "\uD83D\uDE00", "f": [true, false, null, -1.5e-3]} ] } ] } }
      """#
    let bytes = Array(text.utf8)
    let expected = try Self.tokens(bytes, bufferSize: 1 << 16)
    #expect(expected.count == 40)
    for bufferSize in [16, 17, 19, 23, 32, 64] {
      for chunk in [1, 2, 3, 5, 7, 11, 64] {
        #expect(try Self.tokens(bytes, bufferSize: bufferSize, chunkSize: chunk) == expected)
      }
    }
  }
}
