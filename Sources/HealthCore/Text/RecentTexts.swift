/// The two texts a column or field held most recently, with their ids: readers and writers
/// meet the same few texts row after row, and a text compared with itself (same storage, or
/// the same small inline string) settles in one step (`UTF8Key`), so most rows find their
/// id here without hashing. Texts are compared by their UTF-8 bytes, never by `String`
/// equality, which would take a decomposed `é` for a precomposed one.
public struct RecentTexts: Sendable {
  @usableFromInline var first = ""
  @usableFromInline var firstID = UInt32.max
  @usableFromInline var second = ""
  @usableFromInline var secondID = UInt32.max

  /// None yet.
  @inlinable
  public init() {}

  /// The id of `text` if it is one of the two, the more recent first.
  @inlinable @inline(__always)
  public mutating func id(of text: String) -> UInt32? {
    if firstID != .max && UTF8Key(text) == UTF8Key(first) { return firstID }
    if secondID != .max && UTF8Key(text) == UTF8Key(second) {
      swap(&first, &second)
      swap(&firstID, &secondID)
      return firstID
    }
    return nil
  }

  /// Makes `text` (with `id`) the most recent; the older of the two is forgotten.
  @inlinable
  public mutating func remember(_ text: String, id: UInt32) {
    second = first
    secondID = firstID
    first = text
    firstID = id
  }
}
