import Testing

@testable import Ingest

/// `JSONFlatObject` (docs/reliability.md, round 3, findings 1, 6 and 16): nested objects
/// flatten to dotted keys that grow by one name per level (the prefix once doubled per level:
/// 30 levels in a 251-byte file took 2.1 GB), every limit gives a `problem` instead of
/// memory or time, repeated keys are found by hashing, and an object member is recorded so
/// a reader can tell `{"qty": {...}}` from a missing `qty`.
@Suite("Regression: flattened JSON objects")
struct JSONFlatObjectTests {
  /// Reads the first object of `json` (after its `{`).
  static func read(_ json: String, configure: (JSONFlatObject) -> Void = { _ in })
    throws -> JSONFlatObject
  {
    let t = JSONTokenizer(
      source: MemoryByteSource(Array(json.utf8), path: "o.json"), bufferSize: 64)
    #expect(try t.next() == .beginObject)
    let object = JSONFlatObject()
    configure(object)
    try object.read(from: t)
    #expect(try t.next() == .end, "the object was read to its end")
    return object
  }

  @Test("keys grow by one name per level; objects have entries of their own")
  func dottedKeys() throws {
    let o = try Self.read(#"{"a": {"b": {"c": 1, "d": "x"}, "e": [1, 2]}, "f": null}"#)
    #expect((0..<o.fields.count).map(o.key) == ["a", "a.b", "a.b.c", "a.b.d", "a.e", "f"])
    #expect(
      o.fields.map(\.kind) == [.beginObject, .beginObject, .number, .string, .beginArray, .null])
    #expect(o.index(of: "a.b.c") == 2 && o.index(ofKey: "a.e") == 4 && o.index(of: "b") == nil)
    #expect(o.problem == nil)
  }

  @Test("16 levels of objects are read, 17 are a problem; memory follows the text, not 2^depth")
  func depth() throws {
    func nested(_ levels: Int) -> String {
      String(repeating: #"{"k": "#, count: levels) + "1" + String(repeating: "}", count: levels)
    }
    // The outer object plus 16 inside it.
    let ok = try Self.read(nested(17))
    #expect(ok.problem == nil)
    #expect(ok.key(ok.fields.count - 1) == Array(repeating: "k", count: 17).joined(separator: "."))
    #expect(try Self.read(nested(18)).problem == .tooDeep(16))
    // 4,000 levels: past the limit only the syntax is checked.
    #expect(try Self.read(nested(400)).problem == .tooDeep(16))
  }

  @Test("more members than the limit: a problem, the rest checked but not kept")
  func members() throws {
    let members = (0..<5_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
    let o = try Self.read("{" + members + "}")
    #expect(o.problem == .tooManyMembers(1024))
    #expect(o.fields.count == 1024)
    let small = try Self.read("{" + members + "}") { $0.maxFields = 5_000 }
    #expect(small.problem == nil && small.fields.count == 5_000)
  }

  @Test("a repeated key, at any depth, is found among thousands of members")
  func repeatedKeys() throws {
    let members = (0..<1_000).map { #""k\#($0)": 1"# }.joined(separator: ", ")
    #expect(try Self.read("{" + members + #", "k7": 2}"#).repeatedKey == "k7")
    #expect(try Self.read(#"{"a": {"b": 1}, "a.b": 2}"#).repeatedKey == "a.b")
    #expect(try Self.read(#"{"a": 1, "a": {"b": 1}}"#).repeatedKey == "a")
    #expect(try Self.read(#"{"a": {"b": 1}, "c": {"b": 1}}"#).problem == nil)
  }

  @Test("a key longer than the limit and too much text are problems")
  func longKeys() throws {
    let long = String(repeating: "k", count: 1_025)
    #expect(try Self.read(#"{"\#(long)": 1}"#).problem == .keyTooLong(1024))
    // 12 levels of 30-byte keys: the dotted key passes 300 bytes at the 10th level.
    let key = String(repeating: "x", count: 30)
    let deep =
      String(repeating: #"{"\#(key)": "#, count: 12) + "1" + String(repeating: "}", count: 12)
    #expect(try Self.read(deep) { $0.maxKeyBytes = 300 }.problem == .keyTooLong(300))
    let text = String(repeating: "t", count: 4_000)
    #expect(
      try Self.read(#"{"a": "\#(text)", "b": "\#(text)"}"#) { $0.maxBytes = 6_000 }.problem
        == .tooMuchText(6_000))
  }

  @Test("an object is reused: the next one starts clean")
  func reuse() throws {
    let t = JSONTokenizer(
      source: MemoryByteSource(Array(#"[{"a": 1, "a": 2}, {"a": 3}]"#.utf8), path: "o.json"))
    #expect(try t.next() == .beginArray)
    let o = JSONFlatObject()
    #expect(try t.next() == .beginObject)
    try o.read(from: t)
    #expect(o.repeatedKey == "a")
    #expect(try t.next() == .beginObject)
    try o.read(from: t)
    #expect(o.problem == nil && o.fields.count == 1 && o.fields[0].number == 3)
  }
}
