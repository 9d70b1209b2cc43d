import HealthModel

/// Whether a difference the report shows is worth words (docs/report.md, "About the same"):
/// a difference smaller than the metric's minimum meaningful change reads "about the same"
/// in cards, the week table, the band's "below/above" and the trend sentences, so a whole-
/// percent SpO₂ reading of 96 % is never "below" a usual range starting at 96.1 %.
///
/// The margins are HealthCore's `MinimumChange` table (docs/aggregate.md, "Minimum
/// meaningful change": canonical units; HRV half the standard deviation of the ln values),
/// the one the aggregate's usual range and `position` use. Values are compared **as
/// displayed** (rounded to the metric's decimals), so what the reader sees and the word
/// beside it agree.
enum ChangeWords {
  /// Lower, about the same, or higher.
  enum Direction: Sendable, Hashable {
    case lower, same, higher
  }

  /// The margin in canonical units for `metric`; HRV needs `referenceSD` (the SD of the ln
  /// values), without it no HRV difference is called meaningful.
  static func margin(_ metric: MetricID, referenceSD: Double?) -> Double? {
    MinimumChange.margin(for: metric, referenceSD: referenceSD)
  }

  /// The direction from `then` to `now`, both displayed values (already in display units),
  /// after rounding each to what the report prints.
  static func direction(
    _ now: Double, from then: Double, _ p: MetricPresentation, referenceSD: Double? = nil
  ) -> Direction {
    let a = p.canonical(p.rounded(now))
    let b = p.canonical(p.rounded(then))
    guard a.isFinite, b.isFinite else { return .same }
    guard let margin = margin(p.metric, referenceSD: referenceSD) else { return .same }
    let d = a - b
    // A difference exactly at the margin counts (within binary noise of the rounding).
    if abs(d) + 1e-9 * max(1, abs(a), abs(b)) < margin { return .same }
    return d > 0 ? .higher : .lower
  }

  /// Where a displayed value sits against a displayed range: `below`, `within` or `above`,
  /// outside only by at least the metric's margin beyond the edge.
  static func position(
    _ value: Double, low: Double, high: Double, _ p: MetricPresentation, referenceSD: Double?
  ) -> String {
    if direction(value, from: min(low, high), p, referenceSD: referenceSD) == .lower {
      return "below"
    }
    if direction(value, from: max(low, high), p, referenceSD: referenceSD) == .higher {
      return "above"
    }
    return "within"
  }

  /// A signed difference in words: `about the same`, or `+3 bpm`.
  static func difference(
    _ now: Double, from then: Double, _ p: MetricPresentation, referenceSD: Double? = nil
  ) -> String {
    if direction(now, from: then, p, referenceSD: referenceSD) == .same { return aboutTheSame }
    return p.formatDifference(p.rounded(now) - p.rounded(then))
  }

  /// The words for a difference below the minimum change.
  static let aboutTheSame = "about the same"
}
