import HealthModel

/// Where vendors' per-day and per-night values go in time (docs/ingest-oura.md, "Days").
///
/// A vendor's daily summary (Oura's readiness and steps for a date, WHOOP's recovery for a
/// cycle, Withings' steps for a day) is a *summary row*, as Health Auto Export's daily rows
/// are: its interval is the whole local day `[midnight, midnight + 86,400 s)` in the offset
/// of that day, so the aggregate stage puts all of it on its day, and clean can tell it from
/// another device's minute data (docs/clean.md, "Daily totals").
enum VendorDay {
  /// The whole-day interval of `day` in `offset`: `[local midnight, + 86,400 s)`.
  static func interval(_ day: LocalDay, offset: Int32) -> (start: Int64, end: Int64) {
    let start = Int64(day.dayNumber) * 86_400 - Int64(offset)
    return (start, start + DayInterval.daySeconds)
  }

  /// The sleep day of a night that ends at `end` (docs/aggregate.md, "Sleep days"): the
  /// local date of end + 6 h. A night ending at 10:20 belongs to that date; one ending at
  /// 19:00 to the next.
  static func sleepDay(end: Int64, offset: Int32) -> LocalDay {
    LocalDay(epochSeconds: end + 6 * 3_600, utcOffset: offset)
  }

  /// A UTC offset written as a vendor writes a zone column: `UTC-07:00`, `UTC+01:00`,
  /// `GMT-5`, `-05:00`, `+0530`, `UTC`, `Z`. Nil for anything else (a zone name such as
  /// `America/Denver` is not an offset).
  static func offset(_ text: String) -> Int32? {
    var t = Substring(text.trimmingASCIIBlanks())
    for prefix in ["UTC", "GMT"] where t.uppercased().hasPrefix(prefix) {
      t = t.dropFirst(prefix.count)
    }
    if t.isEmpty || t == "Z" || t == "z" { return 0 }
    guard let sign = t.first, sign == "+" || sign == "-" || sign == "\u{2212}" else {
      return nil
    }
    t = t.dropFirst()
    var hours: Substring
    var minutes: Substring = "0"
    if let colon = t.firstIndex(of: ":") {
      hours = t[..<colon]
      minutes = t[t.index(after: colon)...]
    } else if t.count == 4 {
      hours = t.prefix(2)
      minutes = t.suffix(2)
    } else {
      hours = t
    }
    guard (1...2).contains(hours.count), (1...2).contains(minutes.count),
      hours.allSatisfy(\.isASCIIDigit), minutes.allSatisfy(\.isASCIIDigit),
      let h = Int32(hours), let m = Int32(minutes), h <= 18, m <= 59
    else { return nil }
    let seconds = h * 3_600 + m * 60
    return sign == "+" ? seconds : -seconds
  }
}

extension Character {
  /// 0-9 only.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
