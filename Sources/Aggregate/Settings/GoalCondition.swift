import HealthModel

/// One test a day can pass for a goal: a daily series compared with a threshold, or, for the
/// `workout` metric, any single workout of the day (`a workout ≥ 20 min`).
public struct GoalCondition: Sendable, Hashable {
  /// A daily series id (`exerciseMinutes`, `steps`, `sleepAsleep`, `workoutMinutes`, a
  /// HealthKit type kept under its raw name; `GoalMetrics`), or `workout` to test each
  /// workout's minutes on its own.
  public var metric: MetricID
  /// The split of the series ("" = total); for workouts an activity type (`Running`).
  public var category: String
  /// How the value compares with the threshold.
  public var comparison: GoalComparison
  /// The threshold, in the series' unit (minutes for `workout`).
  public var threshold: Double

  /// Creates a condition.
  public init(
    metric: MetricID, category: String = "", comparison: GoalComparison = .atLeast,
    threshold: Double
  ) {
    self.metric = metric
    self.category = category
    self.comparison = comparison
    self.threshold = threshold
  }

  /// Whether the condition looks at single workouts rather than a daily total.
  public var isPerWorkout: Bool { metric == .workout }

  /// Text for people: `steps ≥ 8,000`, `a workout ≥ 20 min`, `sleepAsleep ≥ 420 min`.
  public var summary: String {
    let bound = comparison.displaySymbol + " " + GoalText.number(threshold)
    if isPerWorkout {
      let what = category.isEmpty ? "a workout" : "a \(category) workout"
      return "\(what) \(bound) min"
    }
    let unit = GoalText.unit(of: metric)
    let name = category.isEmpty ? metric.rawValue : "\(metric.rawValue)[\(category)]"
    return "\(name) \(bound)" + (unit.isEmpty ? "" : " \(unit)")
  }

  /// Parses `METRIC[CATEGORY] OP NUMBER [UNIT]`, e.g. `steps >= 8000`,
  /// `exerciseMinutes >= 30 min`, `workout[Running] > 20`. The unit, when given, must be the
  /// metric's canonical or display unit, and the metric one `GoalMetrics` knows. Throws
  /// `HealthError` (exit 78, no location: the pipeline-file reader adds `file:line`).
  public init(parsing text: String) throws {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard words.count == 3 || words.count == 4 else {
      throw GoalText.error("'\(text)' is not METRIC OP NUMBER (for example steps >= 8000)")
    }
    var name = Substring(words[0])
    var category = ""
    if let open = name.firstIndex(of: "["), name.last == "]" {
      category = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
      name = name[..<open]
    }
    guard !name.isEmpty else { throw GoalText.error("'\(text)' names no metric") }
    guard let comparison = GoalComparison(symbol: words[1]) else {
      throw GoalText.error("'\(words[1])' in '\(text)' is not one of >=, >, <=, <")
    }
    guard let threshold = Double(words[2].replacingAll("_", with: "")), threshold.isFinite else {
      throw GoalText.error("'\(words[2])' in '\(text)' is not a number")
    }
    let metric = MetricID(String(name))
    guard GoalMetrics.isKnown(metric) else { throw GoalMetrics.unknown(metric, in: text) }
    if words.count == 4 {
      let allowed = GoalText.acceptedUnits(of: metric)
      guard allowed.contains(words[3]) else {
        let list = allowed.isEmpty ? "no unit" : allowed.sorted().joined(separator: " or ")
        throw GoalText.error("unit '\(words[3])' in '\(text)' does not fit \(metric): use \(list)")
      }
    }
    self.init(metric: metric, category: category, comparison: comparison, threshold: threshold)
  }
}
