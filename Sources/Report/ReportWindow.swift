import HealthCore

/// The report's horizon: how many days the charts cover and how days are grouped. One
/// parser for `--window` and the pipeline file's `window` (docs/report.md, "Horizons").
///
/// - 7, 30 and 90 days: one point per day (daily values as dots, the 7-day average as the
///   line, the normal range as the band).
/// - `6m` (182 days, 26 weeks): one point per week, the mean of the week's daily values.
/// - `1y` (365 days): one point per calendar month, the mean of its daily values (the first
///   month is the part of it inside the window).
public enum ReportWindow {
  /// The windows in days.
  public static let allowed = [7, 30, 90, 182, 365]
  /// For usage texts and errors.
  public static let accepted = "7, 30, 90, 6m or 1y"

  /// How days are grouped into chart points.
  public enum Grouping: Sendable, Hashable {
    /// One point per day.
    case day
    /// One point per week (weeks start on the aggregate's week start).
    case week
    /// One point per calendar month.
    case month
  }

  /// Parses `7`, `30`, `90`, `6m` (or `182`) and `1y` (or `365`); nil for anything else.
  public static func parse(_ text: String) -> Int? {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "6m": return 182
    case "1y", "12m": return 365
    default:
      guard let n = Int(text.trimmingCharacters(in: .whitespaces)), allowed.contains(n) else {
        return nil
      }
      return n
    }
  }

  /// The grouping of a window.
  public static func grouping(_ window: Int) -> Grouping {
    window > 182 ? .month : (window > 90 ? .week : .day)
  }

  /// `last 30 days`, `last 6 months`, `last 12 months`.
  public static func phrase(_ window: Int) -> String {
    switch grouping(window) {
    case .day: "last \(window) days"
    case .week: "last 6 months"
    case .month: "last 12 months"
    }
  }

  /// Days of daily rows the report reads before the as-of date: the window, a week before it
  /// (deltas, partial first weeks), and at least the year the trend sentences compare with.
  static func daysRead(_ window: Int) -> Int {
    max(window, TrendRule.referenceDays) + 14
  }
}
