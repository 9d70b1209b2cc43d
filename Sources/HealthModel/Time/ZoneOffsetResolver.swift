import Foundation

/// Resolves IANA zone names (`America/Los_Angeles`, from `HKTimeZone` metadata or a pipeline
/// setting) to UTC offsets, with a cache so that millions of samples cost few lookups.
///
/// Not thread-safe: give each reader its own resolver.
public struct ZoneOffsetResolver {
  private var zones: [String: TimeZone?] = [:]
  private var cache: [CacheKey: Int32] = [:]

  private struct CacheKey: Hashable {
    var zone: String
    var hour: Int64
  }

  /// A resolver with an empty cache.
  public init() {}

  /// Whether the name is a zone the system's time zone database knows.
  public mutating func isKnown(_ zone: String) -> Bool { timeZone(zone) != nil }

  /// The offset (seconds east of UTC) in force in `zone` at the instant `epochSeconds`;
  /// nil when the zone is unknown.
  public mutating func offset(zone: String, atEpoch epochSeconds: Int64) -> Int32? {
    // Offsets change on the hour or half hour, and never twice within an hour anywhere.
    // Cache per 15-minute bucket, which also covers the Lord Howe and Chatham zones.
    let key = CacheKey(zone: zone, hour: CivilDate.floorDiv(epochSeconds, 900))
    if let hit = cache[key] { return hit }
    guard let tz = timeZone(zone) else { return nil }
    let value = Int32(tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(epochSeconds))))
    if cache.count > 100_000 { cache.removeAll(keepingCapacity: true) }
    cache[key] = value
    return value
  }

  /// The offset in force in `zone` at a local wall-clock time (`Timestamp.localSeconds`).
  /// In a DST gap or overlap, the offset in force just before the change is used.
  public mutating func offset(zone: String, atLocal localSeconds: Int64) -> Int32? {
    guard let first = offset(zone: zone, atEpoch: localSeconds) else { return nil }
    let second = offset(zone: zone, atEpoch: localSeconds - Int64(first)) ?? first
    if second == first { return first }
    let third = offset(zone: zone, atEpoch: localSeconds - Int64(second)) ?? second
    return third == second ? second : max(first, second)
  }

  private mutating func timeZone(_ name: String) -> TimeZone? {
    if let known = zones[name] { return known }
    let tz = TimeZone(identifier: name)
    zones[name] = tz
    return tz
  }
}
