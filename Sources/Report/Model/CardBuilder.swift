import HealthCore
import HealthModel

/// Builds a pinned metric's card: the latest reading (today's, or the last one before),
/// how fresh it is, its comparisons, and the 7 days ending on the reading's day.
enum CardBuilder {
  static func card(
    _ metric: MetricID, asOf: LocalDay, rows: [Int32: BaselineRow], daily: [Int32: Double]
  ) -> MetricCard {
    let p = MetricPresentation.of(metric)
    let today = rows[asOf.dayNumber]
    // The row whose value is shown: today's, else the last day with a value.
    var shown: BaselineRow? = today?.value != nil ? today : nil
    if shown == nil, let last = today?.lastDay, let row = rows[last.dayNumber], row.value != nil {
      shown = row
    }
    if shown == nil {
      shown = rows.values.filter { $0.value != nil && $0.day <= asOf }.max { $0.day < $1.day }
    }
    var value = shown?.value.flatMap { $0.isFinite ? p.display($0) : nil }
    var valueDay = value == nil ? nil : shown?.day
    if value == nil, rows.isEmpty,
      let last = daily.filter({ $0.key <= asOf.dayNumber }).max(by: { $0.key < $1.key })
    {
      // Not a key metric: the last daily value on or before as-of.
      value = p.display(last.value)
      valueDay = LocalDay(dayNumber: last.key)
    }
    var freshness = "no data"
    var stale = false
    if let d = valueDay {
      let age = d.distance(to: asOf)
      freshness = age == 0 ? "Today" : (age == 1 ? "Yesterday" : "\(age)d ago")
      stale = age > 3
    }
    if let t = today, !t.freshness.isEmpty, valueDay == t.lastDay {
      freshness = t.freshness
      stale = t.stale
    }

    let year = asOf.components.year
    let referenceSD = shown.flatMap { $0.base60SD ?? $0.base14SD }
    func delta(_ label: String, _ d: Double?, note: String) -> MetricCard.Delta {
      guard let raw = shown?.value, let d, raw.isFinite, d.isFinite else {
        return MetricCard.Delta(
          label: label, text: nil, note: shown == nil ? "not available" : note)
      }
      let now = p.rounded(p.display(raw))
      let then = p.rounded(p.display(raw - d))
      // Below the metric's minimum meaningful change: "about the same" (docs/report.md).
      if ChangeWords.direction(now, from: then, p, referenceSD: referenceSD) == .same {
        return MetricCard.Delta(label: label, text: ChangeWords.aboutTheSame, note: "")
      }
      let diff = now - then
      var text = p.formatDifference(diff)
      // A relative change of a percentage ("+1 % (+1 %)") says nothing new: left out.
      if then != 0, p.unit != "%" {
        text += " (" + Numbers.signed(100 * diff / abs(then), 0) + " %)"
      }
      return MetricCard.Delta(label: label, text: text, note: "")
    }
    // "vs yesterday" only when the reading is today's; an older reading is compared with
    // the day before it, and the label names that day.
    let dayBefore =
      valueDay.map {
        $0 == asOf ? "vs yesterday" : "vs \(LocalDayText.short($0.adding(days: -1), year: year))"
      }
      ?? "vs the day before"
    // A baseline still building up says so in words; the calibration note gives the dates.
    let deltas = [
      delta(dayBefore, shown?.deltaYesterday, note: "no value the day before"),
      delta("vs 14-day average", shown?.delta14, note: "not yet"),
      delta("vs 60-day average", shown?.delta60, note: "not yet"),
    ]
    let end = valueDay ?? asOf
    let spark = sparkline(p, end: end, rows: rows, daily: daily)
    return MetricCard(
      presentation: p, value: value, valueDay: valueDay, freshness: freshness, stale: stale,
      deltas: deltas, series: spark,
      sparklineCaption: end == asOf
        ? "last 7 days" : "7 days to \(LocalDayText.short(end, year: year))")
  }

  /// The 7 days ending on `end`: values, and the normal range where the baselines have one.
  static func sparkline(
    _ p: MetricPresentation, end: LocalDay, rows: [Int32: BaselineRow], daily: [Int32: Double]
  ) -> MetricSeries {
    let days = (0..<7).map { end.adding(days: $0 - 6) }
    var s = MetricSeries(presentation: p, days: days)
    func show(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? p.display($0) : nil } }
    for (i, day) in days.enumerated() {
      let row = rows[day.dayNumber]
      s.values[i] = rows.isEmpty ? show(daily[day.dayNumber]) : show(row?.value)
      s.average[i] = show(row?.avg7)
      if let lo = show(row?.rangeLow), let hi = show(row?.rangeHigh) {
        s.rangeLow[i] = min(lo, hi)
        s.rangeHigh[i] = max(lo, hi)
        s.middle[i] = show(row?.base60Mean)
      }
    }
    s.daysWithValue = s.daysWithData
    return s
  }
}
