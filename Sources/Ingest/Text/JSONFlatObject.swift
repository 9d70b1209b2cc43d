import HealthCore
import HealthModel

/// One JSON object read whole and flattened: nested objects become dotted keys
/// (`activeEnergyBurned.qty`), each with an entry of its own (kind `.beginObject`) so a
/// reader can tell `{"qty": {...}}` from a missing `qty`; arrays are skipped (syntax checked)
/// and only their element count kept. Reused from object to object, so reading millions of
/// small objects (data points, workouts) allocates nothing once warm. Keys may come in any
/// order.
///
/// Memory and time are bounded whatever the object holds (docs/reliability.md, "Limits"):
/// at most `maxFields` members (nested ones and their objects counted), `maxDepth` levels
/// of objects inside it, dotted keys of at most `maxKeyBytes` and `maxBytes` of keys and
/// strings. An object past a limit, or with a key that appears twice, gets a `problem` and
/// its remaining members are only syntax checked: readers reject the whole object. Repeated
/// keys are found by hashing, so a member costs the same however many came before it.
/// Its stored properties skip the runtime exclusivity check (a reader uses an object one
/// call at a time; the checks were 7 % of the Garmin Connect JSON reader's instructions).
public final class JSONFlatObject {
  /// One member.
  public struct Field: Sendable {
    /// `.string`, `.number`, `.trueValue`, `.falseValue`, `.null`, `.beginArray` for a
    /// skipped array, `.beginObject` for a nested object (its members follow, dotted).
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

  /// Why an object cannot be read as it is: readers reject it with `reason`.
  public enum Problem: Sendable, Equatable {
    /// A (dotted) key that appears twice. JSON leaves the meaning of a repeated key open.
    case repeatedKey(String)
    /// More than `maxFields` members.
    case tooManyMembers(Int)
    /// Objects nested more than `maxDepth` levels inside it.
    case tooDeep(Int)
    /// A dotted key longer than `maxKeyBytes`.
    case keyTooLong(Int)
    /// More than `maxBytes` of keys and strings.
    case tooMuchText(Int)

    /// Words for a rejects row: `has the key 'qty' twice`, `has more than 1024 members`.
    public var reason: String {
      switch self {
      case .repeatedKey(let key): "has the key '\(key)' twice"
      case .tooManyMembers(let n):
        "has more than \(n) members (the most healthpipe reads in one object)"
      case .tooDeep(let n):
        "has objects nested more than \(n) levels deep (the most healthpipe reads)"
      case .keyTooLong(let n): "has a key longer than \(n) bytes (the most healthpipe reads)"
      case .tooMuchText(let n):
        "holds more than \(n >> 20) MiB of keys and strings (the most healthpipe reads in one object)"
      }
    }
  }

  /// The members in document order.
  @exclusivity(unchecked) public private(set) var fields: [Field] = []
  private let arena = ByteArena(capacity: 1024)
  private let prefix = ByteArena(capacity: 64)
  /// The most members read per object (nested members and objects count too). Health Auto
  /// Export writes at most about 40 (a version 2 workout).
  @exclusivity(unchecked) public var maxFields = 1024
  /// The most levels of objects inside the object (a version 2 workout has 2).
  @exclusivity(unchecked) public var maxDepth = 16
  /// The longest dotted key read, in bytes.
  @exclusivity(unchecked) public var maxKeyBytes = 1024
  /// The most bytes of keys and strings kept per object.
  @exclusivity(unchecked) public var maxBytes = 16 << 20
  /// `line:column` of the opening brace (made when asked: most objects are never named
  /// in a message).
  public var startLineColumn: String { "\(startLine):\(startColumn)" }
  @exclusivity(unchecked) private var startLine = 0
  @exclusivity(unchecked) private var startColumn = 0
  /// Why the object cannot be read, if it cannot (the first problem met).
  @exclusivity(unchecked) public private(set) var problem: Problem?
  /// The repeated key, when that is the problem.
  public var repeatedKey: String? {
    if case .repeatedKey(let key)? = problem { return key }
    return nil
  }

  @exclusivity(unchecked) private var keys = KeyTable()

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
    problem = nil
    keys.reset(capacityFor: maxFields)
    (startLine, startColumn) = position(t)
    try readMembers(t, depth: 0)
  }

  private func readMembers(_ t: JSONTokenizer, depth: Int) throws {
    while true {
      let token = try t.next()
      if token == .endObject { return }
      // token == .key (the tokenizer enforces the grammar); its text is gone after the value.
      let keyStart = problem == nil ? appendKey(t.text) : nil
      let value = try t.next()
      guard let keyStart else {
        // Past a limit (or after a repeated key): only the syntax is checked.
        if value == .beginObject || value == .beginArray { try t.skipRestOfContainer() }
        continue
      }
      let keyCount = arena.count - keyStart
      let (line, column) = position(t)
      switch value {
      case .beginObject:
        guard depth < maxDepth else {
          problem = .tooDeep(maxDepth)
          try t.skipRestOfContainer()
          continue
        }
        add(.beginObject, 0, 0, keyStart, keyCount, line, column, textStart: 0, textCount: 0)
        // The prefix grows by this member's own name only (the dotted key already starts
        // with the prefix): it stays as long as the deepest key, never doubling.
        let saved = prefix.count
        prefix.append(arena.bytes(keyStart + saved, keyCount - saved))
        prefix.append(0x2E)
        try readMembers(t, depth: depth + 1)
        prefix.truncate(to: saved)
      case .beginArray:
        let count = try t.skipRestOfContainer()
        add(.beginArray, 0, count, keyStart, keyCount, line, column, textStart: 0, textCount: 0)
      case .string:
        let textStart = arena.count
        arena.append(t.text)
        add(
          .string, 0, 0, keyStart, keyCount, line, column, textStart: textStart,
          textCount: arena.count - textStart)
      default:
        add(value, t.number, 0, keyStart, keyCount, line, column, textStart: 0, textCount: 0)
      }
    }
  }

  /// Appends the dotted key (prefix + `key`) to the arena and returns where it starts, or
  /// nil (with `problem` set) when it is too long or the object holds too much already.
  private func appendKey(_ key: UnsafeRawBufferPointer) -> Int? {
    guard prefix.count + key.count <= maxKeyBytes else {
      problem = .keyTooLong(maxKeyBytes)
      return nil
    }
    guard fields.count < maxFields else {
      problem = .tooManyMembers(maxFields)
      return nil
    }
    let keyStart = arena.count
    arena.append(prefix.bytes(0, prefix.count))
    arena.append(key)
    return keyStart
  }

  private func position(_ t: JSONTokenizer) -> (Int, Int) {
    (t.tokenLine, Int(t.tokenOffset - t.tokenLineStart) + 1)
  }

  private func add(
    _ kind: JSONToken, _ number: Double, _ count: Int, _ keyStart: Int, _ keyCount: Int,
    _ line: Int, _ column: Int, textStart: Int, textCount: Int
  ) {
    guard arena.count <= maxBytes else {
      problem = .tooMuchText(maxBytes)
      arena.truncate(to: keyStart)
      return
    }
    let key = arena.bytes(keyStart, keyCount)
    if !keys.insert(key, index: fields.count, fields: fields, arena: arena) {
      problem = .repeatedKey(String(decoding: key, as: UTF8.self))
      return
    }
    fields.append(
      Field(
        kind: kind, number: number, elementCount: count, keyStart: keyStart, keyCount: keyCount,
        textStart: textStart, textCount: textCount, line: line, column: column))
  }

  /// The index of the member named `key` (dotted for nested members), if present.
  public func index(of key: StaticString) -> Int? {
    keys.find(
      UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), fields: fields,
      arena: arena)
  }

  /// The index of the member named `key` (a computed name), if present.
  public func index(ofKey key: String) -> Int? {
    var k = key
    return k.withUTF8 { keys.find(UnsafeRawBufferPointer($0), fields: fields, arena: arena) }
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
    case .beginObject: return "{…}"
    default: return ""
    }
  }
}

/// An open-addressing hash table from a flattened object's keys to their field index, reset
/// in constant time between objects (a generation number per slot).
private struct KeyTable {
  private var slots: [Int32] = []
  private var generations: [UInt32] = []
  private var generation: UInt32 = 0
  private var mask = 0

  /// Empties the table, sized for `members` keys at most a quarter full.
  mutating func reset(capacityFor members: Int) {
    var size = 64
    while size < members * 4 { size <<= 1 }
    if size != slots.count {
      slots = [Int32](repeating: 0, count: size)
      generations = [UInt32](repeating: 0, count: size)
      mask = size - 1
      generation = 0
    }
    generation &+= 1
    if generation == 0 {
      for i in generations.indices { generations[i] = 0 }
      generation = 1
    }
  }

  /// Adds `key` as field `index`; false when the key is already there.
  mutating func insert(
    _ key: UnsafeRawBufferPointer, index: Int, fields: [JSONFlatObject.Field], arena: ByteArena
  ) -> Bool {
    var slot = Self.hash(key) & mask
    while generations[slot] == generation {
      if Self.matches(key, fields[Int(slots[slot])], arena) { return false }
      slot = (slot + 1) & mask
    }
    generations[slot] = generation
    slots[slot] = Int32(index)
    return true
  }

  /// The field index of `key`, if present.
  func find(_ key: UnsafeRawBufferPointer, fields: [JSONFlatObject.Field], arena: ByteArena)
    -> Int?
  {
    guard mask > 0 else { return nil }
    var slot = Self.hash(key) & mask
    while generations[slot] == generation {
      let i = Int(slots[slot])
      if Self.matches(key, fields[i], arena) { return i }
      slot = (slot + 1) & mask
    }
    return nil
  }

  private static func matches(
    _ key: UnsafeRawBufferPointer, _ field: JSONFlatObject.Field, _ arena: ByteArena
  ) -> Bool {
    field.keyCount == key.count
      && (key.count == 0
        || bytesEqual(arena.base + field.keyStart, key.baseAddress!, key.count))
  }

  /// FNV-1a over the key's bytes.
  private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in key {
      h ^= UInt64(b)
      h &*= 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: h ^ (h >> 29))
  }
}
