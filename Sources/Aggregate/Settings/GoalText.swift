import HealthModel

/// Text helpers for goals: numbers with thousands separators, units, parse errors.
enum GoalText {
  /// `8000` → `8,000`; `7.5` → `7.5` (never locale-dependent).
  static func number(_ value: Double) -> String {
    let text = NumberFormatting.shortest(value)
    guard value == value.rounded(), abs(value) >= 1000, abs(value) < 1e15 else { return text }
    let negative = value < 0
    let digits = Array(String(Int64(abs(value))))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out += "," }
      out.append(d)
    }
    return negative ? "-" + out : out
  }

  /// The unit a goal's threshold is written in for a daily series id (`min`, `kcal`, ""
  /// for counts): a catalog metric's display unit; for a series aggregate derives, `min`
  /// where the vocabulary stores minutes, and no unit for counts, logarithms (`ln ms`) and
  /// clock times (`min after 18:00`), whose goals are plain numbers.
  static func unit(of metric: MetricID) -> String {
    if let info = metric.info { return info.canonicalUnit == "count" ? "" : info.displayUnit }
    return SeriesVocabulary.format(of: metric)?.unit == "min" ? "min" : ""
  }

  /// Units a goal text may name after its threshold for this metric.
  static func acceptedUnits(of metric: MetricID) -> Set<String> {
    var set: Set<String> = []
    let shown = unit(of: metric)
    if !shown.isEmpty { set.insert(shown) }
    if let info = metric.info, info.canonicalUnit != "count" {
      set.insert(info.canonicalUnit)
      set.insert(info.displayUnit)
    }
    if set.contains("min") { set.insert("minutes") }
    return set
  }

  /// A pipeline-file error (exit 78) without a location.
  static func error(_ message: String) -> HealthError {
    HealthError(
      .configError, "goal: " + message,
      hint: "write a goal as METRIC OP NUMBER, alternatives joined by 'or', e.g. "
        + "exerciseMinutes >= 30 or workout >= 20")
  }
}
