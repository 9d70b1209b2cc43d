import HealthCore

/// One JSON object read whole and flattened: nested objects become dotted keys
/// (`activeEnergyBurned.qty`), arrays are skipped (syntax checked) and only their element
/// count kept. Reused from object to object, so reading millions of small objects (data
/// points, workouts) allocates nothing once warm. Keys may come in any order.
public final class JSONFlatObject {
  /// One member.
  public struct Field: Sendable {
    /// `.string`, `.number`, `.trueValue`, `.falseValue`, `.null`, or `.beginArray` for a
    /// skipped array.
    public var kind: JSONToken
    /// The value of a number.
    public var number: Double
    /// The element count of a skipped array.
    public var elementCount: Int
    var keyStart: Int
    var keyCount: Int
    var textStart: Int
    var textCount: Int
    /// `line:column` of the value, for messages.
    public var line: Int
    var column: Int
  }

  /// The members in document order.
  @exclusivity(unchecked) public private(set) var fields: [Field] = []
  private let arena = ByteArena(capacity: 1024)
  private let prefix = ByteArena(capacity: 64)
  /// Members beyond `maxFields` (skipped, counted).
  public private(set) var droppedMembers = 0
  /// The most members kept per object.
  public var maxFields = 4096
  /// The most bytes of keys and strings kept per object (memory stays bounded).
  public var maxBytes = 64 << 20
  /// `line:column` of the opening brace (made when asked: most objects are never named
  /// in a message).
  public var startLineColumn: String { "\(startLine):\(startColumn)" }
  private var startLine = 0
  private var startColumn = 0
  /// The first (dotted) key that appears twice in the object, if any. JSON leaves the
  /// meaning of a repeated key open; readers reject such an object rather than pick one.
  public private(set) var repeatedKey: String?

  /// An empty object.
  public init() {
    fields.reserveCapacity(32)
  }

  /// Reads the members of the object whose `{` the tokenizer just returned, up to and
  /// including its `}`.
  public func read(from t: JSONTokenizer) throws {
    fields.removeAll(keepingCapacity: true)
    arena.removeAll()
    prefix.removeAll()
    droppedMembers = 0
    repeatedKey = nil
    (startLine, startColumn) = position(t)
    try readMembers(t)
  }

  private func readMembers(_ t: JSONTokenizer) throws {
    while true {
      let token = try t.next()
      if token == .endObject { return }
      // token == .key (the tokenizer enforces the grammar)
      let keyStart = arena.count
      arena.append(prefix.bytes(0, prefix.count))
      arena.append(t.text)
      let keyCount = arena.count - keyStart
      let value = try t.next()
      switch value {
      case .beginObject:
        let saved = prefix.count
        prefix.append(arena.bytes(keyStart, keyCount))
        prefix.append(0x2E)
        arena.truncate(to: keyStart)
        try readMembers(t)
        prefix.truncate(to: saved)
        continue
      case .beginArray:
        let (line, column) = position(t)
        let count = try t.skipRestOfContainer()
        add(.beginArray, 0, count, keyStart, keyCount, line, column, textStart: 0, textCount: 0)
      case .string:
        let (line, column) = position(t)
        let textStart = arena.count
        arena.append(t.text)
        add(
          .string, 0, 0, keyStart, keyCount, line, column, textStart: textStart,
          textCount: arena.count - textStart)
      default:
        let (line, column) = position(t)
        add(value, t.number, 0, keyStart, keyCount, line, column, textStart: 0, textCount: 0)
      }
    }
  }

  private func position(_ t: JSONTokenizer) -> (Int, Int) {
    (t.tokenLine, Int(t.tokenOffset - t.tokenLineStart) + 1)
  }

  private func add(
    _ kind: JSONToken, _ number: Double, _ count: Int, _ keyStart: Int, _ keyCount: Int,
    _ line: Int, _ column: Int, textStart: Int, textCount: Int
  ) {
    if repeatedKey == nil {
      let a = arena.base
      for f in fields where f.keyCount == keyCount {
        if bytesEqual(a + f.keyStart, a + keyStart, keyCount) {
          repeatedKey = String(decoding: arena.bytes(keyStart, keyCount), as: UTF8.self)
          break
        }
      }
    }
    guard fields.count < maxFields, arena.count <= maxBytes else {
      droppedMembers += 1
      arena.truncate(to: keyStart)
      return
    }
    fields.append(
      Field(
        kind: kind, number: number, elementCount: count, keyStart: keyStart, keyCount: keyCount,
        textStart: textStart, textCount: textCount, line: line, column: column))
  }

  /// The index of the member named `key` (dotted for nested members), if present.
  public func index(of key: StaticString) -> Int? {
    let n = key.utf8CodeUnitCount
    let a = arena.base
    for i in fields.indices where fields[i].keyCount == n {
      if n == 0 || bytesEqual(key.utf8Start, a + fields[i].keyStart, n) { return i }
    }
    return nil
  }

  /// The index of the member named `key` (a computed name), if present.
  public func index(ofKey key: String) -> Int? {
    var k = key
    return k.withUTF8 { kb in
      let a = arena.base
      for i in fields.indices where fields[i].keyCount == kb.count {
        if kb.count == 0 || bytesEqual(kb.baseAddress!, a + fields[i].keyStart, kb.count) {
          return i
        }
      }
      return nil
    }
  }

  /// The name of member `i`.
  public func key(_ i: Int) -> String {
    String(decoding: arena.bytes(fields[i].keyStart, fields[i].keyCount), as: UTF8.self)
  }

  /// Calls `body` with the UTF-8 bytes of member `i`'s (dotted) name.
  public func withKey<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(arena.bytes(fields[i].keyStart, fields[i].keyCount))
  }

  /// The text of string member `i` as a `String`.
  public func string(_ i: Int) -> String {
    String(decoding: arena.bytes(fields[i].textStart, fields[i].textCount), as: UTF8.self)
  }

  /// Calls `body` with the UTF-8 bytes of string member `i`.
  public func withText<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(arena.bytes(fields[i].textStart, fields[i].textCount))
  }

  /// `line:column` of member `i`'s value.
  public func lineColumn(_ i: Int) -> String { "\(fields[i].line):\(fields[i].column)" }

  /// The value of member `i` as text for a rejects row (strings as read, numbers shortest).
  public func valueText(_ i: Int) -> String {
    let f = fields[i]
    switch f.kind {
    case .string: return string(i)
    case .number: return NumberFormatting.shortest(f.number)
    case .trueValue: return "true"
    case .falseValue: return "false"
    case .null: return "null"
    case .beginArray: return "[\(f.elementCount) elements]"
    default: return ""
    }
  }
}
