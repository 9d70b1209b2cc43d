import HealthModel

/// Deterministic number text for reports: fixed decimals, ASCII digits, `,` thousands
/// separators where asked, never the locale.
public enum Numbers {
  /// `fixed(72.46, 1)` is `72.5`.
  public static func fixed(_ value: Double, _ decimals: Int) -> String {
    NumberFormatting.fixed(value, decimals)
  }

  /// Fixed decimals with `,` between thousands: `grouped(12345.6, 0)` is `12,346`.
  public static func grouped(_ value: Double, _ decimals: Int) -> String {
    let text = fixed(value, decimals)
    var sign = ""
    var body = Substring(text)
    if body.hasPrefix("-") {
      sign = "-"
      body = body.dropFirst()
    }
    let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = Array(parts[0])
    var out = ""
    for (i, c) in whole.enumerated() {
      if i > 0, (whole.count - i) % 3 == 0 { out += "," }
      out.append(c)
    }
    if parts.count > 1 { out += "." + parts[1] }
    return sign + out
  }

  /// A signed number: `+3.2`, `-1.0`, `0.0` (no sign for zero after rounding).
  public static func signed(_ value: Double, _ decimals: Int, grouping: Bool = false) -> String {
    let text = grouping ? grouped(value, decimals) : fixed(value, decimals)
    if text.hasPrefix("-") { return text }
    let isZero = text.allSatisfy { $0 == "0" || $0 == "." || $0 == "," }
    return isZero ? text : "+" + text
  }

  /// Minutes as `7h 12m` (or `45m` under an hour).
  public static func duration(minutes: Double) -> String {
    let total = NumberFormatting.roundHalfUp(minutes)
    let negative = total < 0
    let m = abs(total)
    let text = m >= 60 ? "\(m / 60)h \(LocalDayText.pad2(m % 60))m" : "\(m)m"
    return negative ? "-" + text : text
  }

  /// Signed minutes as `+25m`, `-1h 05m`.
  public static func signedDuration(minutes: Double) -> String {
    let text = duration(minutes: minutes)
    if text.hasPrefix("-") || NumberFormatting.roundHalfUp(minutes) == 0 { return text }
    return "+" + text
  }
}

/// Day labels used in reports.
public enum LocalDayText {
  /// `6 Jul`.
  public static func dayMonth(_ day: LocalDay) -> String {
    let (_, m, d) = day.components
    return "\(d) \(LocalDay.monthNames[m - 1])"
  }

  /// `Jul 2025`.
  public static func monthYear(_ day: LocalDay) -> String {
    let (y, m, _) = day.components
    return "\(LocalDay.monthNames[m - 1]) \(y)"
  }

  /// `23:30` for minutes after 18:00 of the evening before (bedtime and wake-time scale).
  public static func clock(minutesAfterSixPM minutes: Double) -> String {
    let total = (NumberFormatting.roundHalfUp(minutes) + 18 * 60) % (24 * 60)
    let m = total < 0 ? total + 24 * 60 : total
    return "\(pad2(m / 60)):\(pad2(m % 60))"
  }

  /// `Sun 6 Jul`.
  public static func weekdayDayMonth(_ day: LocalDay) -> String { day.shortLabel }

  /// `Sun 6 Jul`, with the year when the day is not in `year` (the report's year, that of
  /// its as-of date): `Sun 31 Dec 2023` (docs/report.md, "Words").
  public static func short(_ day: LocalDay, year: Int) -> String {
    let y = day.components.year
    return y == year ? day.shortLabel : "\(day.shortLabel) \(y)"
  }

  /// `6 Jul`, or `31 Dec 2023` outside `year`.
  public static func dayMonth(_ day: LocalDay, year: Int) -> String {
    let y = day.components.year
    return y == year ? dayMonth(day) : "\(dayMonth(day)) \(y)"
  }

  /// `Mon 9 – Sun 15 Nov`, `Mon 29 Dec 2025 – Sun 4 Jan` (each end with its year when not
  /// `year`).
  public static func span(_ from: LocalDay, _ to: LocalDay, year: Int) -> String {
    let (y0, m0, _) = from.components
    let (y1, m1, _) = to.components
    if y0 == y1, m0 == m1, y1 == year {
      let weekday = LocalDay.weekdayNames[from.isoWeekday - 1]
      return "\(weekday) \(from.components.day) – \(short(to, year: year))"
    }
    return "\(short(from, year: year)) – \(short(to, year: year))"
  }

  /// `Jul`, or `Jul 2025` outside `year`.
  public static func month(_ day: LocalDay, year: Int) -> String {
    let (y, m, _) = day.components
    return y == year ? LocalDay.monthNames[m - 1] : "\(LocalDay.monthNames[m - 1]) \(y)"
  }

  /// `Sun 6 Jul 2025`.
  public static func full(_ day: LocalDay) -> String { "\(day.shortLabel) \(day.components.year)" }

  /// Two digits with a leading zero.
  public static func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
