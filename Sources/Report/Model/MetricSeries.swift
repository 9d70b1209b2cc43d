import HealthCore

/// One key metric over the report window, in displayed units, ready to chart: a value per
/// day (nil where there is no data), the 60-day normal range per day, and the baseline.
public struct MetricSeries: Sendable {
  /// How the metric is shown.
  public var presentation: MetricPresentation
  /// The window's days, oldest first (the last one is the as-of date).
  public var days: [LocalDay]
  /// The displayed value per day.
  public var values: [Double?]
  /// The normal range's lower edge per day (base60 mean − 0.5 SD).
  public var rangeLow: [Double?]
  /// The normal range's upper edge per day (base60 mean + 0.5 SD).
  public var rangeHigh: [Double?]
  /// The 60-day baseline (base60 mean) at the last day that has one, displayed.
  public var baseline: Double?
  /// Why there is no baseline (`calibrating 12/21`), or "".
  public var baselineNote: String

  /// Creates a series with no data over `days`.
  public init(presentation: MetricPresentation, days: [LocalDay]) {
    self.presentation = presentation
    self.days = days
    values = Array(repeating: nil, count: days.count)
    rangeLow = values
    rangeHigh = values
    baselineNote = ""
  }

  /// Index of the last day with a value.
  public var latestIndex: Int? { values.lastIndex { $0 != nil } }

  /// Whether any day has a value.
  public var hasData: Bool { latestIndex != nil }

  /// Number of days with a value.
  public var daysWithData: Int { values.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

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
