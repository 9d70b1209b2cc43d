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
  public static func parse(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
    let n = bytes.count
    var i = 0
    // Skip surrounding blanks.
    var end = n
    while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
    while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }

    func num(_ count: Int) -> Int? {
      guard i + count <= end else { return nil }
      var v = 0
      for k in 0..<count {
        let c = bytes[i + k] &- 48
        guard c < 10 else { return nil }
        v = v * 10 + Int(c)
      }
      i += count
      return v
    }
    func expect(_ c: UInt8) -> Bool {
      guard i < end, bytes[i] == c else { return false }
      i += 1
      return true
    }

    guard let year = num(4), expect(0x2D), let month = num(2), expect(0x2D), let day = num(2),
      (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month)
    else { return nil }
    let days = Int64(CivilDate.daysFromCivil(year: year, month: month, day: day))
    if i == end { return Timestamp(localSeconds: days * 86_400, utcOffset: nil, hasTime: false) }
    guard bytes[i] == 0x20 || bytes[i] == 0x54 else { return nil }  // ' ' or 'T'
    i += 1
    guard let hour = num(2), hour <= 24, expect(0x3A), let minute = num(2), minute <= 59 else {
      return nil
    }
    var second = 0
    if i < end, bytes[i] == 0x3A {
      i += 1
      guard let s = num(2), s <= 60 else { return nil }
      second = s
      if i < end, bytes[i] == 0x2E || bytes[i] == 0x2C {  // fraction: ignore digits
        i += 1
        let start = i
        while i < end, bytes[i] &- 48 < 10 { i += 1 }
        guard i > start else { return nil }
      }
    }
    if hour == 24, minute != 0 || second != 0 { return nil }
    let local = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    while i < end, bytes[i] == 0x20 { i += 1 }
    if i == end { return Timestamp(localSeconds: local, utcOffset: nil) }
    // Offset: Z | ±HH | ±HHMM | ±HH:MM
    if bytes[i] == 0x5A {  // 'Z'
      i += 1
      return i == end ? Timestamp(localSeconds: local, utcOffset: 0) : nil
    }
    let sign: Int
    switch bytes[i] {
    case 0x2B: sign = 1
    case 0x2D: sign = -1
    default: return nil
    }
    i += 1
    guard let oh = num(2), oh <= 18 else { return nil }
    var om = 0
    if i < end {
      _ = expect(0x3A)
      guard let m = num(2), m <= 59 else { return nil }
      om = m
    }
    guard i == end else { return nil }
    return Timestamp(localSeconds: local, utcOffset: Int32(sign * (oh * 3600 + om * 60)))
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
