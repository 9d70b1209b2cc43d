import HealthCore

/// Turns repeated byte strings (source names, metric names, activity types) into shared
/// `String`s without making a new one per record: the last few distinct values are
/// remembered, the most recent one checked first.
public final class TextInterner {
  private struct Entry {
    var start: Int
    var count: Int
    var value: String
  }

  @exclusivity(unchecked) private var entries: [Entry] = []
  private let bytes = ByteArena(capacity: 512)
  @exclusivity(unchecked) private var last = 0
  private let slots: Int

  /// An interner remembering up to `slots` distinct values (then it starts over).
  public init(slots: Int = 16) {
    self.slots = max(1, slots)
    entries.reserveCapacity(self.slots)
  }

  /// The `String` for `text` (UTF-8; invalid sequences repaired with U+FFFD).
  public func string(_ text: UnsafeRawBufferPointer) -> String {
    if last < entries.count, matches(entries[last], text) { return entries[last].value }
    for i in entries.indices where matches(entries[i], text) {
      last = i
      return entries[i].value
    }
    if entries.count == slots {
      entries.removeAll(keepingCapacity: true)
      bytes.removeAll()
    }
    let value = String(decoding: text, as: UTF8.self)
    entries.append(Entry(start: bytes.count, count: text.count, value: value))
    bytes.append(text)
    last = entries.count - 1
    return value
  }

  @inline(__always)
  private func matches(_ e: Entry, _ text: UnsafeRawBufferPointer) -> Bool {
    e.count == text.count
      && (e.count == 0 || bytesEqual(bytes.base + e.start, text.baseAddress!, e.count))
  }
}
