import HealthModel

/// Fitbit's ways of writing times (docs/ingest-fitbit.md, "Time zones"):
///
/// - `MM/DD/YY HH:MM:SS` (`dateTime` of the intraday series and of `resting_heart_rate`),
///   and `MM/DD/YY` (`date` of resting heart rate and weight); two-digit years are 20YY
///   (Fitbit's data starts in 2008);
/// - `2022-10-07T22:53:30.000` (sleep logs), `2021-01-01T00:00:00` (HRV summaries), with or
///   without `Z` (the `_GoogleData` CSVs, read at fixed positions when they are
///   `YYYY-MM-DDTHH:MM:SSZ`), `2025-12-03 21:12:30+0000` (`UserSleepStages`).
///
/// All return a `Timestamp`: wall-clock seconds and the offset when the text had one.
enum FitbitTime {
  /// Parses any of the forms above; nil otherwise.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
    if bytes.count >= 8, bytes[2] == 0x2F, bytes[5] == 0x2F { return parseSlashed(bytes) }
    if let t = parseUTC(bytes) { return t }
    return TimestampParser.parse(bytes)
  }

  /// The day of the last `YYYY-MM-DDT` a `parse(_:days:)` read: the rows of a minute CSV
  /// are in time order, so most share their day with the row before.
  struct DayCache {
    /// The ten date bytes as words (0: none yet), and their day number.
    fileprivate var head: UInt64 = 0
    fileprivate var tail: UInt16 = 0
    fileprivate var days: Int64 = 0

    /// An empty cache.
    init() {}
  }

  /// `parse(_:)`, with the day of a `YYYY-MM-DDTHH:MM:SSZ` text taken from `cache` when its
  /// date bytes are those the cache holds (they were checked when it took them): the
  /// same answer for every text, without the date's checks and calendar sum per row.
  static func parse(_ bytes: UnsafeRawBufferPointer, days cache: inout DayCache) -> Timestamp? {
    let b = bytes
    guard b.count == 20, b[19] == 0x5A, b[13] == 0x3A, b[16] == 0x3A, b[10] == 0x54,
      cache.head != 0, b.loadUnaligned(fromByteOffset: 0, as: UInt64.self) == cache.head,
      b.loadUnaligned(fromByteOffset: 8, as: UInt16.self) == cache.tail
    else { return parseFillingCache(bytes, &cache) }
    @inline(__always) func two(_ i: Int) -> Int? {
      let (high, low) = (b[i] &- 48, b[i + 1] &- 48)
      return high < 10 && low < 10 ? Int(high) * 10 + Int(low) : nil
    }
    guard let hour = two(11), let minute = two(14), let second = two(17), hour < 24,
      minute < 60, second < 60
    else { return parse(bytes) }
    return Timestamp(
      localSeconds: cache.days * 86_400 + Int64(hour * 3600 + minute * 60 + second),
      utcOffset: 0)
  }

  /// `parse(_:)`; a text of the fixed form read whole by `parseUTC` (its date checked)
  /// becomes the cache's day.
  private static func parseFillingCache(_ b: UnsafeRawBufferPointer, _ cache: inout DayCache)
    -> Timestamp?
  {
    guard b.count == 20, let t = parseUTC(b) else { return parse(b) }
    cache.head = b.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
    cache.tail = b.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
    // The time of day is below 86,400 s, so this is the date's day number.
    cache.days = CivilDate.floorDiv(t.localSeconds, 86_400)
    return t
  }

  /// `2026-04-19T04:00:07Z`, the form of every row of the `_GoogleData` minute CSVs, read
  /// at fixed positions; nil for anything else (the general parser then decides, so a
  /// text reads the same either way).
  @inline(__always)
  private static func parseUTC(_ b: UnsafeRawBufferPointer) -> Timestamp? {
    guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A,
      b[16] == 0x3A, b[19] == 0x5A
    else { return nil }
    // Every digit position at once (a byte below '0' wraps to a large value).
    var largest: UInt8 = 0
    for k in 0..<19 where k != 4 && k != 7 && k != 10 && k != 13 && k != 16 {
      largest = max(largest, b[k] &- 48)
    }
    guard largest < 10 else { return nil }
    @inline(__always) func two(_ i: Int) -> Int { Int(b[i] &- 48) * 10 + Int(b[i + 1] &- 48) }
    let year = two(0) * 100 + two(2)
    let (month, day, hour, minute, second) = (two(5), two(8), two(11), two(14), two(17))
    guard (1...12).contains(month), day >= 1,
      day <= CivilDate.daysInMonth(year: year, month: month), hour < 24, minute < 60,
      second < 60
    else { return nil }
    let days = Int64(CivilDate.daysFromCivil(year: year, month: month, day: day))
    return Timestamp(
      localSeconds: days * 86_400 + Int64(hour * 3600 + minute * 60 + second), utcOffset: 0)
  }

  /// Parses text.
  static func parse(_ text: String) -> Timestamp? {
    var copy = text
    return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// `MM/DD/YY[ HH:MM[:SS]]`.
  private static func parseSlashed(_ b: UnsafeRawBufferPointer) -> Timestamp? {
    func two(_ i: Int) -> Int? {
      guard i + 1 < b.count else { return nil }
      let h = b[i] &- 48
      let l = b[i + 1] &- 48
      guard h < 10, l < 10 else { return nil }
      return Int(h) * 10 + Int(l)
    }
    guard let month = two(0), let day = two(3), let yy = two(6), (1...12).contains(month) else {
      return nil
    }
    let year = 2000 + yy
    guard day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
    let days = Int64(CivilDate.daysFromCivil(year: year, month: month, day: day))
    if b.count == 8 {
      return Timestamp(localSeconds: days * 86_400, utcOffset: nil, hasTime: false)
    }
    guard b.count >= 14, b[8] == 0x20, b[11] == 0x3A, let hour = two(9), let minute = two(12),
      hour < 24, minute < 60
    else { return nil }
    var second = 0
    if b.count == 17, b[14] == 0x3A, let s = two(15), s < 61 {
      second = s
    } else if b.count != 14 {
      return nil
    }
    return Timestamp(
      localSeconds: days * 86_400 + Int64(hour * 3600 + minute * 60 + second), utcOffset: nil)
  }
}
