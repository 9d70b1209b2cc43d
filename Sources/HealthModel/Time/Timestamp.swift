/// A wall-clock time as written in an input, with the UTC offset if the input gave one.
///
/// `localSeconds` counts seconds since 1970-01-01 00:00 *on the wall clock* (as if the
/// wall clock were UTC); the instant is `localSeconds - offset`.
public struct Timestamp: Hashable, Sendable {
  /// Seconds since 1970-01-01T00:00 of the local wall clock.
  public var localSeconds: Int64
  /// The UTC offset in seconds that the text carried, or nil when it had none.
  public var utcOffset: Int32?
  /// Whether the text had a time of day (false for a bare `yyyy-MM-dd`).
  public var hasTime: Bool

  /// Creates a timestamp from its parts.
  public init(localSeconds: Int64, utcOffset: Int32?, hasTime: Bool = true) {
    self.localSeconds = localSeconds
    self.utcOffset = utcOffset
    self.hasTime = hasTime
  }

  /// The instant in epoch seconds, when the offset is known.
  public var epochSeconds: Int64? { utcOffset.map { localSeconds - Int64($0) } }

  /// The local calendar day on the wall clock.
  public var localDay: LocalDay {
    LocalDay(dayNumber: Int32(CivilDate.floorDiv(localSeconds, 86_400)))
  }
}

/// Fast, allocation-free parser for the date forms found in health exports:
///
/// - `2024-01-01 08:00:00 -0800` (Apple Health XML, Health Auto Export JSON)
/// - `2024-01-01T07:30:00-08:00`, `...Z`, `...+0530`, `...+05`, fractional seconds (ISO 8601)
/// - `2024-01-01 08:00:00` and `2024-01-01 08:00` (Health Auto Export CSV: no offset)
/// - `2024-01-01` (a date only)
///
/// Fractional seconds are truncated toward the past (the samples table keeps whole seconds).
public enum TimestampParser {
  /// Parses a whole string; nil when it is not one of the accepted forms.
  public static func parse(_ text: some StringProtocol) -> Timestamp? {
    var copy = String(text)
    return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// Parses bytes (UTF-8); nil when they are not one of the accepted forms.
  ///
  /// Every vendor reader parses a time or two per row, so this reads the digits at their
  /// fixed places with `digits(_:at:count:end:)` instead of through a capturing closure
  /// (which the optimiser left as a call per field: about 800 instructions a time).
  public static func parse(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
    var i = 0
    var end = bytes.count
    // Skip surrounding blanks.
    while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
    while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    guard let days = civilDays(bytes, at: i, end: end) else { return nil }
    i += 10
    if i == end { return Timestamp(localSeconds: days * 86_400, utcOffset: nil, hasTime: false) }
    guard bytes[i] == 0x20 || bytes[i] == 0x54 else { return nil }  // ' ' or 'T'
    guard let seconds = timeOfDay(bytes, at: &i, end: end) else { return nil }
    let local = days * 86_400 + Int64(seconds)
    while i < end, bytes[i] == 0x20 { i += 1 }
    if i == end { return Timestamp(localSeconds: local, utcOffset: nil) }
    guard let offset = utcOffset(bytes, at: i, end: end) else { return nil }
    return Timestamp(localSeconds: local, utcOffset: offset)
  }

  /// The value of `count` decimal digits at `at`, or -1 when one is not a digit or the
  /// text ends first.
  @inline(__always)
  private static func digits(
    _ bytes: UnsafeRawBufferPointer, at: Int, count: Int, end: Int
  ) -> Int {
    guard at + count <= end else { return -1 }
    var v = 0
    for k in 0..<count {
      let c = bytes[at + k] &- 48
      guard c < 10 else { return -1 }
      v = v * 10 + Int(c)
    }
    return v
  }

  /// `yyyy-MM-dd` at `at` as days since 1970-01-01; nil when it is not a calendar date.
  @inline(__always)
  private static func civilDays(_ bytes: UnsafeRawBufferPointer, at i: Int, end: Int) -> Int64? {
    guard i + 10 <= end, bytes[i + 4] == 0x2D, bytes[i + 7] == 0x2D else { return nil }
    let year = digits(bytes, at: i, count: 4, end: end)
    let month = digits(bytes, at: i + 5, count: 2, end: end)
    let day = digits(bytes, at: i + 8, count: 2, end: end)
    guard year >= 0, (1...12).contains(month), day >= 1,
      day <= CivilDate.daysInMonth(year: year, month: month)
    else { return nil }
    return Int64(CivilDate.daysFromCivil(year: year, month: month, day: day))
  }

  /// `HH:mm[:ss[.fff]]` after the separator at `i`, as seconds of the day; moves `i` past
  /// it. Hour 24 only as `24:00[:00]`; a fraction is truncated (at least one digit).
  @inline(__always)
  private static func timeOfDay(_ bytes: UnsafeRawBufferPointer, at i: inout Int, end: Int)
    -> Int?
  {
    let hour = digits(bytes, at: i + 1, count: 2, end: end)
    guard hour >= 0, hour <= 24, i + 3 < end, bytes[i + 3] == 0x3A else { return nil }
    let minute = digits(bytes, at: i + 4, count: 2, end: end)
    guard minute >= 0, minute <= 59 else { return nil }
    i += 6
    var second = 0
    if i < end, bytes[i] == 0x3A {
      second = digits(bytes, at: i + 1, count: 2, end: end)
      guard second >= 0, second <= 60 else { return nil }
      i += 3
      if i < end, bytes[i] == 0x2E || bytes[i] == 0x2C {  // fraction: ignore digits
        i += 1
        let start = i
        while i < end, bytes[i] &- 48 < 10 { i += 1 }
        guard i > start else { return nil }
      }
    }
    if hour == 24, minute != 0 || second != 0 { return nil }
    return hour * 3600 + minute * 60 + second
  }

  /// The offset that ends the text at `i`: `Z`, `±HH`, `±HHMM` or `±HH:MM`, in seconds; nil
  /// when it is none of these or anything follows it.
  @inline(__always)
  private static func utcOffset(_ bytes: UnsafeRawBufferPointer, at start: Int, end: Int)
    -> Int32?
  {
    var i = start
    if bytes[i] == 0x5A { return i + 1 == end ? 0 : nil }  // 'Z'
    let sign: Int
    switch bytes[i] {
    case 0x2B: sign = 1
    case 0x2D: sign = -1
    default: return nil
    }
    let oh = digits(bytes, at: i + 1, count: 2, end: end)
    guard oh >= 0, oh <= 18 else { return nil }
    i += 3
    var om = 0
    if i < end {
      if bytes[i] == 0x3A { i += 1 }
      om = digits(bytes, at: i, count: 2, end: end)
      guard om >= 0, om <= 59 else { return nil }
      i += 2
    }
    guard i == end else { return nil }
    return Int32(sign * (oh * 3600 + om * 60))
  }

  /// Formats an instant with its offset as `yyyy-MM-dd HH:mm:ss ±HHMM` (Apple's form).
  /// An instant beyond ±`formattableSeconds` (about ±100,000 years, which no reader produces;
  /// only a damaged table can hold one) is written as `epoch N` instead of trapping.
  public static func format(epochSeconds: Int64, utcOffset: Int32) -> String {
    guard epochSeconds.magnitude <= formattableSeconds.magnitude else {
      return "epoch \(epochSeconds)"
    }
    let local = epochSeconds + Int64(utcOffset)
    let day = LocalDay(dayNumber: Int32(CivilDate.floorDiv(local, 86_400)))
    let secs = Int(local - Int64(day.dayNumber) * 86_400)
    let sign = utcOffset < 0 ? "-" : "+"
    let off = Int(abs(utcOffset))
    return "\(day) \(LocalDay.pad(secs / 3600, 2)):\(LocalDay.pad(secs / 60 % 60, 2)):"
      + "\(LocalDay.pad(secs % 60, 2)) \(sign)\(LocalDay.pad(off / 3600, 2))\(LocalDay.pad(off / 60 % 60, 2))"
  }

  /// Formats an instant as ISO 8601 with its offset: `2024-01-01T08:00:00-08:00`.
  /// Years after 9999 keep all their digits (`10000-01-01T00:00:00Z`, the end of a daily
  /// value on 9999-12-31), never cut to four.
  public static func formatISO(epochSeconds: Int64, utcOffset: Int32) -> String {
    let apple = format(epochSeconds: epochSeconds, utcOffset: utcOffset)
    let parts = apple.split(separator: " ")
    guard parts.count == 3, let offset = parts.last else { return apple }
    let zone = utcOffset == 0 ? "Z" : "\(offset.prefix(3)):\(offset.suffix(2))"
    return parts[0] + "T" + parts[1] + zone
  }

  /// The largest magnitude of epoch seconds `format` writes as a date: 100,000 years.
  static let formattableSeconds: Int64 = 100_000 * 366 * 86_400
}
