import Foundation
import HealthModel

/// Reading numbers and dates back from a report's text, independently of the code that
/// wrote them: `12,282 steps`, `7h 35m`, `-1h 03m`, `96.4 %`, `Sun 15 Nov`, `Sun 31 Dec
/// 2023`.
public enum ReportWords {
  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// A value with its unit as the report writes it: the number (durations in minutes) and
  /// the unit word (`min` for durations). Nil when the text holds none.
  public static func value(_ text: String) -> (number: Double, unit: String)? {
    let t = text.trimmingCharacters(in: .whitespaces)
    if let m = t.firstMatch(of: /^([+-]?)(?:(\d+)h )?(\d+)m\b/) {
      let minutes = Double(m.2.map { Int($0)! * 60 } ?? 0) + Double(Int(m.3)!)
      return (m.1 == "-" ? -minutes : minutes, "min")
    }
    if let m = t.firstMatch(of: /^([+-]?\d[\d,]*(?:\.\d+)?)\s*([^\s(]*)/) {
      guard let n = Double(m.1.replacingOccurrences(of: ",", with: "")) else { return nil }
      return (n, String(m.2))
    }
    return nil
  }

  /// The smallest difference the report may call a change, by the unit it is written in
  /// (docs/report.md, "About the same"): SpO₂ one percentage point, heart rate 1 bpm,
  /// temperatures 0.1 °C, one printed step elsewhere (HRV: 1 ms, a floor below its real
  /// margin of half an SD).
  public static func margin(unit: String) -> Double {
    switch unit {
    case "%": 1
    case "bpm", "ms", "steps", "kcal", "min", "mmHg": 1
    case "°C": 0.1
    case "kg", "breaths/min", "mL/kg/min": 0.1
    default: 0
    }
  }

  /// A day written `Sun 15 Nov` (or `Sun 31 Dec 2023`) in the text, with its position.
  public struct DayMention: Sendable {
    /// The text as written.
    public var text: String
    /// Weekday (1 = Monday), day of month, month (1-12), and the year if written.
    public var weekday: Int
    public var day: Int
    public var month: Int
    public var year: Int?
  }

  /// Every `Wkd D Mon [YYYY]` in a text.
  public static func dayMentions(_ text: String) -> [DayMention] {
    text.matches(
      of:
        /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b(?: (\d{4})\b)?/
    ).map { m in
      DayMention(
        text: String(m.0), weekday: weekdays.firstIndex(of: String(m.1))! + 1, day: Int(m.2)!,
        month: months.firstIndex(of: String(m.3))! + 1, year: m.4.map { Int($0)! })
    }
  }

  /// The day a mention names: its year if written, else the one year near `asOf` (two
  /// years back to one ahead) whose calendar puts that weekday on that date. Nil when no
  /// such year exists or more than one does.
  public static func resolve(_ d: DayMention, near asOf: LocalDay) -> LocalDay? {
    let y0 = asOf.components.year
    let years = d.year.map { [$0] } ?? Array((y0 - 2)...(y0 + 1))
    let matches = years.compactMap { y -> LocalDay? in
      guard let day = LocalDay(year: y, month: d.month, day: d.day), day.isoWeekday == d.weekday
      else { return nil }
      return day
    }
    return matches.count == 1 ? matches[0] : nil
  }

  /// The first day mentioned in a text, resolved near `asOf`.
  public static func firstDay(_ text: String, near asOf: LocalDay) -> LocalDay? {
    dayMentions(text).first.flatMap { resolve($0, near: asOf) }
  }

  /// The first whole number after `prefix` in a text (`Current streak: 4 days` → 4).
  public static func int(after prefix: String, in text: String) -> Int? {
    guard let r = text.range(of: prefix) else { return nil }
    let digits = text[r.upperBound...].drop { $0 == " " }.prefix { $0.isNumber || $0 == "," }
    return Int(digits.replacingOccurrences(of: ",", with: ""))
  }
}
