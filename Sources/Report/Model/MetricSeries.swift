import HealthModel

/// One metric over the report window, in displayed units, ready to chart: a point per day
/// (or per week or month for the long horizons), the 7-day average, and the 60-day normal
/// range of that average with its middle, the 60-day average.
public struct MetricSeries: Sendable {
  /// How the metric is shown.
  public var presentation: MetricPresentation
  /// Days, weeks or months.
  public var grouping: ReportWindow.Grouping
  /// Each point's first day, oldest first (for days: the day; the last is the as-of date).
  public var days: [LocalDay]
  /// The displayed value per point: the day's value, or the mean of the days of a week or
  /// month that have one.
  public var values: [Double?]
  /// The 7-day average at each day (daily points only; the aggregate's `avg7`, which needs
  /// 4 days of the 7).
  public var average: [Double?]
  /// The normal range's lower edge per point (base60 mean − 0.5 SD).
  public var rangeLow: [Double?]
  /// The normal range's upper edge per point (base60 mean + 0.5 SD).
  public var rangeHigh: [Double?]
  /// The 60-day average (base60 mean) per point: the middle of the band.
  public var middle: [Double?]
  /// The 60-day baseline (base60 mean) at the last day that has one, displayed.
  public var baseline: Double?
  /// Why there is no baseline (`calibrating 12/21`), or "".
  public var baselineNote: String
  /// For metrics measured every few days (weight, VO₂ max), where a 7-day average of 4
  /// days rarely exists: the line joins the readings instead.
  public var joinsReadings: Bool
  /// The 7-day average on the last day with a value (never on a day after it) and where it
  /// sits against the usual range (`below`, `within`, `above`, or ""), outside only beyond
  /// the metric's minimum meaningful change (`ChangeWords`).
  public var latestAverage: Double?
  /// The day of `latestAverage`.
  public var latestAverageDay: LocalDay?
  /// See `latestAverage`.
  public var position: String
  /// The spread of the daily values behind a weekly or monthly point: the 25th and 75th
  /// percentiles of its days (the middle half), nil for daily points or one-day points.
  public var spreadLow: [Double?]
  /// See `spreadLow`.
  public var spreadHigh: [Double?]
  /// The SD of the usual range's reference (base60, in canonical units; ln values for HRV)
  /// on the last day with one: HRV's minimum meaningful change is half of it.
  public var referenceSD: Double?
  /// Days with a value in the window (for weeks and months too).
  public var daysWithValue: Int
  /// Days in the window.
  public var windowDays: Int

  /// Creates a series with no data over `days` (points).
  public init(
    presentation: MetricPresentation, days: [LocalDay], grouping: ReportWindow.Grouping = .day
  ) {
    self.presentation = presentation
    self.grouping = grouping
    self.days = days
    values = Array(repeating: nil, count: days.count)
    average = values
    rangeLow = values
    rangeHigh = values
    middle = values
    spreadLow = values
    spreadHigh = values
    baselineNote = ""
    joinsReadings = false
    position = ""
    daysWithValue = 0
    windowDays = grouping == .day ? days.count : 0
  }

  /// The report's year (that of the last point, the as-of date's): dates in other years
  /// carry theirs.
  public var reportYear: Int { days.last?.components.year ?? 0 }

  /// Index of the last point with a value.
  public var latestIndex: Int? { values.lastIndex { $0 != nil } }

  /// Whether any point has a value.
  public var hasData: Bool { latestIndex != nil }

  /// Number of points with a value.
  public var daysWithData: Int { values.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

  /// Whether a band can be drawn anywhere.
  public var hasRange: Bool { rangeLow.contains { $0 != nil } }

  /// The values the line joins: the 7-day average, or the readings themselves.
  public var lineValues: [Double?] { joinsReadings || grouping != .day ? values : average }

  /// Runs of consecutive indices for which `present` holds (for line segments and bands).
  public static func runs(_ count: Int, _ present: (Int) -> Bool) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for i in 0..<count {
      if present(i) {
        if start == nil { start = i }
      } else if let s = start {
        result.append(s..<i)
        start = nil
      }
    }
    if let s = start { result.append(s..<count) }
    return result
  }
}
