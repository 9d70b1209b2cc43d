import HealthModel

/// The report's horizon: how many days the charts cover and how days are grouped. One
/// parser for `--window` and the pipeline file's `window` (docs/report.md, "Horizons").
///
/// - 7, 30 and 90 days: one point per day (daily values as dots, the 7-day average as the
///   line, the normal range as the band).
/// - `6m` (182 days, 26 weeks): one point per week, the mean of the week's daily values.
/// - `1y` (365 days): one point per calendar month, the mean of its daily values (the first
///   month is the part of it inside the window).
public struct ReportWindow: Sendable, Hashable, CustomStringConvertible {
  /// The days the charts cover: 7, 30, 90, 182 or 365.
  public let days: Int

  private init(checked days: Int) { self.days = days }

  /// Seven days of daily points.
  public static let week = ReportWindow(checked: 7)
  /// Thirty days of daily points (the default).
  public static let month = ReportWindow(checked: 30)
  /// Ninety days of daily points.
  public static let quarter = ReportWindow(checked: 90)
  /// Six months (182 days, 26 weeks) of weekly points.
  public static let halfYear = ReportWindow(checked: 182)
  /// A year (365 days) of monthly points.
  public static let year = ReportWindow(checked: 365)

  /// Every window a report can show, shortest first.
  public static let all: [ReportWindow] = [.week, .month, .quarter, .halfYear, .year]
  /// The windows in days.
  public static let allowed = all.map(\.days)
  /// For usage texts and errors.
  public static let accepted = "7, 30, 90, 6m or 1y"

  /// The window of `days` days; nil unless it is one of `allowed`.
  public init?(days: Int) {
    guard Self.allowed.contains(days) else { return nil }
    self.days = days
  }

  /// How days are grouped into chart points.
  public enum Grouping: Sendable, Hashable {
    /// One point per day.
    case day
    /// One point per week (weeks start on the aggregate's week start).
    case week
    /// One point per calendar month.
    case month
  }

  /// Reads `7`, `30`, `90`, `6m` (or `182`) and `1y` (or `365`, `12m`); nil for anything else.
  public init?(_ text: String) {
    let word = text.trimmingCharacters(in: .whitespaces)
    switch word.lowercased() {
    case "6m": self = .halfYear
    case "1y", "12m": self = .year
    default:
      guard let n = Int(word) else { return nil }
      self.init(days: n)
    }
  }

  /// Parses `--window` or a pipeline file's `window`: the one parser and message for both.
  /// Anything else is an error with exit `code` (64 on the command line, 78 in a pipeline
  /// file) at `location`.
  public static func parse(
    _ text: String, origin: String = "--window", code: ExitCode = .usage,
    at location: SourceLocation? = nil
  ) throws -> ReportWindow {
    guard let window = ReportWindow(text) else {
      let message = "\(origin) must be \(accepted), not '\(text)'"
      throw code == .usage ? HealthError.usage(message) : HealthError(code, message, at: location)
    }
    return window
  }

  /// How this window's days are grouped into chart points.
  public var grouping: Grouping { Self.grouping(days) }

  /// `30`: the days, as the stage's settings and summaries write them.
  public var description: String { String(days) }

  /// The grouping of a window of `days` days.
  public static func grouping(_ days: Int) -> Grouping {
    days > 182 ? .month : (days > 90 ? .week : .day)
  }

  /// `last 30 days`, `last 6 months`, `last 12 months`.
  public static func phrase(_ days: Int) -> String {
    switch grouping(days) {
    case .day: "last \(days) days"
    case .week: "last 6 months"
    case .month: "last 12 months"
    }
  }

  /// Days of daily rows the report reads before the as-of date: the window, a week before it
  /// (deltas, partial first weeks), and at least the year the trend sentences compare with.
  var daysRead: Int {
    max(days, TrendRule.referenceDays) + 14
  }
}
