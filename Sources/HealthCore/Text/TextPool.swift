/// Interns strings to small integer ids so a million samples share one copy of each
/// source, unit and device string, and compare as integers: the clean stage's pools, the
/// texts of ingest's pieces and the list ingest writes them by.
///
/// Strings are told apart by their UTF-8 bytes (`UTF8Key`), exactly as the table files
/// store them, which skips `String`'s Unicode normalisation on every lookup.
public struct TextPool: Sendable {
  /// The distinct strings, in order of first use (an id is a position here).
  public private(set) var strings: [String] = []
  private var ids: [UTF8Key: UInt32] = [:]
  /// A few recently interned strings: a block of rows repeats a handful of sources, units
  /// and devices, and comparing against them (identical storage compares in one step) is
  /// cheaper than hashing.
  private var recent: [(key: UTF8Key, id: UInt32)] = []
  private var nextSlot = 0
  private var lastHit = 0
  private static let recentCapacity = 8

  /// An empty pool.
  public init() {}

  /// The id of `text`, if it is in the pool.
  public func id(of text: String) -> UInt32? { ids[UTF8Key(text)] }

  /// The id of `text`, adding it when new.
  public mutating func intern(_ text: String) -> UInt32 {
    let key = UTF8Key(text)
    // Consecutive rows mostly repeat the previous row's string.
    if lastHit < recent.count && recent[lastHit].key == key { return recent[lastHit].id }
    for (slot, entry) in recent.enumerated() where entry.key == key {
      lastHit = slot
      return entry.id
    }
    let id: UInt32
    if let known = ids[key] {
      id = known
    } else {
      id = UInt32(strings.count)
      strings.append(text)
      ids[key] = id
    }
    if recent.count < Self.recentCapacity {
      lastHit = recent.count
      recent.append((key, id))
    } else {
      lastHit = nextSlot
      recent[nextSlot] = (key, id)
      nextSlot = (nextSlot + 1) % Self.recentCapacity
    }
    return id
  }

  /// The string of an id.
  public subscript(id: UInt32) -> String { strings[Int(id)] }

  /// Number of distinct strings.
  public var count: Int { strings.count }

  /// For each id, its position when the strings are sorted by UTF-8 bytes (no locale),
  /// so ids compare like their strings.
  public func sortRanks() -> [UInt32] {
    let order = strings.indices.sorted {
      strings[$0].utf8.lexicographicallyPrecedes(strings[$1].utf8)
    }
    var ranks = [UInt32](repeating: 0, count: strings.count)
    for (position, id) in order.enumerated() { ranks[id] = UInt32(position) }
    return ranks
  }
}
