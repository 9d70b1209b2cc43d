import Foundation
import HealthModel

/// A sentence about a change over the long run, like the Health app's trends: "Resting
/// heart rate has been lower over the last 12 weeks: 56 vs 59 bpm in the 40 weeks before."
public struct TrendSentence: Sendable, Hashable {
  /// The metric.
  public var metric: MetricID
  /// The sentence.
  public var text: String
  /// Mean over the last 12 weeks, displayed.
  public var recent: Double
  /// Mean over the 40 weeks before, displayed.
  public var reference: Double
}

/// The long-run summary of every key metric: a sentence for each change worth one, and the
/// metrics that held steady or have too little history.
public struct TrendSummary: Sendable {
  /// Changes worth a sentence, in key-metric order.
  public var sentences: [TrendSentence] = []
  /// Names of metrics whose last 12 weeks are like their year.
  public var steady: [String] = []
  /// Names of metrics with too little history to compare.
  public var tooLittle: [String] = []
}

/// When a change is worth a sentence (docs/report.md, "Trend sentences"):
///
/// - compare the mean of the daily values of the last 12 weeks (84 days to the as-of date)
///   with the mean of the 40 weeks before them (the rest of the year: 281 days), so the
///   recent weeks do not dilute the reference they are compared with;
/// - both need enough days: 42 of the 84 and 140 of the 281 (metrics measured every few
///   days, such as weight: 12 and 40 readings);
/// - the difference must be at least half the standard deviation of the year's weekly means
///   (7-day blocks counted back from the as-of date, each with at least 4 days; 1 for the
///   sparse metrics), so ordinary week-to-week ups and downs never make a sentence;
/// - and the two means, as printed, must differ by at least the metric's minimum meaningful
///   change (`ChangeWords`: no "56 vs 56 bpm", no "95.4 vs 95.5 %").
///
/// The periods end at the last day with data (`asOf` is that day for a stale export), so a
/// month without data never dilutes "the last 12 weeks".
///
/// HRV is averaged as ln(SDNN) and shown as the geometric mean in ms, like everywhere else.
public enum TrendRule {
  /// Days of the recent period (HealthCore's `TrendWindows`, which the aggregate's arrival
  /// date of the trends reads too).
  public static let recentDays = TrendWindows.recentDays
  /// Days of the whole year the comparison looks at (recent period included).
  public static let referenceDays = TrendWindows.referenceDays
  /// Days with data the recent period needs (daily metrics / sparse metrics).
  public static let recentMinDays = TrendWindows.recentMinDays
  /// Days with data the 40 weeks before need.
  public static let referenceMinDays = TrendWindows.referenceMinDays
  /// Days with data a week needs to count towards the week-to-week spread.
  public static let weekMinDays = (daily: 4, sparse: 1)
  /// The difference needed, in standard deviations of the weekly means.
  public static let threshold = 0.5

  /// The summary for the key metrics. `daily` holds each metric's canonical daily values by
  /// day number.
  static func summary(
    daily: [MetricID: [Int32: Double]], asOf: LocalDay, metrics: [MetricID],
    referenceSD: (MetricID) -> Double? = { _ in nil }, endLabel: String? = nil
  ) -> TrendSummary {
    let period = endLabel.map { "over the 12 weeks to \($0)" } ?? "over the last 12 weeks"
    var out = TrendSummary()
    for m in metrics {
      let p = MetricPresentation.of(m)
      let values = daily[m] ?? [:]
      func mean(_ from: LocalDay, _ to: LocalDay) -> (Double, Int)? {
        var xs: [Double] = []
        var d = from
        while d <= to {
          if let v = values[d.dayNumber] { xs.append(v) }
          d = d.adding(days: 1)
        }
        return Statistics.mean(xs).map { ($0, xs.count) }
      }
      let sparse = TrendWindows.sparseMetrics.contains(m)
      let recent = mean(asOf.adding(days: -(recentDays - 1)), asOf)
      let before = mean(
        asOf.adding(days: -(referenceDays - 1)), asOf.adding(days: -recentDays))
      guard let recent, let before,
        recent.1 >= (sparse ? recentMinDays.sparse : recentMinDays.daily),
        before.1 >= (sparse ? referenceMinDays.sparse : referenceMinDays.daily)
      else {
        if !values.isEmpty { out.tooLittle.append(p.name) }
        continue
      }
      var weekly: [Double] = []
      for j in 0..<(referenceDays / 7) {
        let end = asOf.adding(days: -7 * j)
        if let w = mean(end.adding(days: -6), end),
          w.1 >= (sparse ? weekMinDays.sparse : weekMinDays.daily)
        {
          weekly.append(p.display(w.0))
        }
      }
      let now = p.display(recent.0)
      let then = p.display(before.0)
      let spread = Statistics.sampleSD(weekly) ?? 0
      guard abs(now - then) >= threshold * spread,
        ChangeWords.direction(now, from: then, p, referenceSD: referenceSD(m)) != .same
      else {
        out.steady.append(p.name)
        continue
      }
      let word = now > then ? p.more : p.less
      let verb = p.pluralName ? "have" : "has"
      let numbers =
        p.style == .hoursMinutes
        ? "\(p.format(now)) vs \(p.format(then))" : "\(p.format(now)) vs \(p.formatWithUnit(then))"
      let per = p.per.isEmpty ? "" : " " + p.per
      out.sentences.append(
        TrendSentence(
          metric: m,
          text:
            "\(p.name) \(verb) been \(word) \(period): \(numbers)\(per) in the 40 weeks before.",
          recent: now, reference: then))
    }
    return out
  }
}
