/// A local calendar day, stored as days since 1970-01-01.
///
/// The rule (docs/aggregate.md, "Days"): `day = floor((epoch + offset) / 86400)` with each sample's
/// own UTC offset. A DST day is still exactly one `LocalDay`, whatever its length in hours.
public struct LocalDay: Hashable, Comparable, Sendable, Strideable, Codable,
  CustomStringConvertible
{
  /// Days since 1970-01-01.
  public var dayNumber: Int32

  /// A day from its day number.
  @inlinable public init(dayNumber: Int32) { self.dayNumber = dayNumber }

  /// The local day of an instant, given the UTC offset in force there.
  @inlinable
  public init(epochSeconds: Int64, utcOffset: Int32) {
    dayNumber = Int32(CivilDate.floorDiv(epochSeconds + Int64(utcOffset), 86_400))
  }

  /// A day from calendar fields; nil when the fields do not name a real date.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1,
      day <= CivilDate.daysInMonth(year: year, month: month),
      (-200_000...200_000).contains(year)
    else { return nil }
    dayNumber = Int32(CivilDate.daysFromCivil(year: year, month: month, day: day))
  }

  /// Parses `yyyy-MM-dd` (exactly; no time part).
  public init?(iso text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let y = Self.digits(bytes, 0, 4), let m = Self.digits(bytes, 5, 2),
      let d = Self.digits(bytes, 8, 2)
    else { return nil }
    self.init(year: y, month: m, day: d)
  }

  private static func digits(_ bytes: [UInt8], _ from: Int, _ count: Int) -> Int? {
    var value = 0
    for i in from..<(from + count) {
      let c = bytes[i] &- 48
      guard c < 10 else { return nil }
      value = value * 10 + Int(c)
    }
    return value
  }

  /// Year, month (1-12) and day of month (1-31).
  public var components: (year: Int, month: Int, day: Int) {
    CivilDate.civilFromDays(Int(dayNumber))
  }

  /// ISO weekday: 1 = Monday ... 7 = Sunday. (1970-01-01 was a Thursday.)
  public var isoWeekday: Int {
    let w = (Int(dayNumber) + 3) % 7  // 0 = Monday
    return (w < 0 ? w + 7 : w) + 1
  }

  /// The ISO 8601 week this day belongs to.
  public var isoWeek: ISOWeek { ISOWeek(containing: self) }

  /// The UTC instant of this day's local midnight for a fixed offset.
  @inlinable
  public func startEpoch(utcOffset: Int32) -> Int64 {
    Int64(dayNumber) * 86_400 - Int64(utcOffset)
  }

  /// The day `n` days later (earlier when negative).
  @inlinable public func adding(days n: Int) -> LocalDay {
    LocalDay(dayNumber: dayNumber + Int32(n))
  }

  /// `yyyy-MM-dd`.
  public var description: String {
    let (y, m, d) = components
    return Self.pad(y, 4) + "-" + Self.pad(m, 2) + "-" + Self.pad(d, 2)
  }

  /// Short English label such as `Sun 6 Jul`, used in reports.
  public var shortLabel: String {
    let (_, m, d) = components
    return "\(Self.weekdayNames[isoWeekday - 1]) \(d) \(Self.monthNames[m - 1])"
  }

  /// English weekday abbreviations, Monday first.
  public static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  /// English month abbreviations, January first.
  public static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  static func pad(_ value: Int, _ width: Int) -> String {
    let negative = value < 0
    var s = String(negative ? -value : value)
    while s.count < width { s = "0" + s }
    return negative ? "-" + s : s
  }

  public static func < (a: LocalDay, b: LocalDay) -> Bool { a.dayNumber < b.dayNumber }
  public func distance(to other: LocalDay) -> Int { Int(other.dayNumber) - Int(dayNumber) }
  public func advanced(by n: Int) -> LocalDay { adding(days: n) }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let day = LocalDay(iso: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a yyyy-MM-dd date: \(text)"))
    }
    self = day
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
