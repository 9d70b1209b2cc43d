/// A 7-day sparkline for a metric card: band, line broken at gaps, dots, latest marked.
/// No axes; the numbers are in the card and its title/description.
public enum Sparkline {
  /// Width in user units.
  public static let width = 132.0
  /// Height in user units.
  public static let height = 40.0

  /// The scene for the last `days` of a series.
  public static func scene(_ full: MetricSeries, days: Int = 7, id: String) -> ChartScene {
    let n = min(days, full.days.count)
    let from = full.days.count - n
    let p = full.presentation
    let values = Array(full.values[from...])
    let lows = Array(full.rangeLow[from...])
    let highs = Array(full.rangeHigh[from...])
    var desc = "\(p.name) over the last \(n) days: "
    desc += zip(full.days[from...], values).map { day, v in
      "\(LocalDayText.weekdayDayMonth(day)) " + (v.map(p.formatWithUnit) ?? "no data")
    }.joined(separator: "; ")
    var scene = ChartScene(
      width: width, height: height, id: id, title: "\(p.name), last \(n) days",
      description: desc + ".")
    var lo = Double.infinity
    var hi = -Double.infinity
    for v in values + lows + highs {
      if let v, v.isFinite {
        lo = min(lo, v)
        hi = max(hi, v)
      }
    }
    guard lo.isFinite else {
      scene.add(.text(ChartPoint(width / 2, height / 2), "no data", anchor: .middle), .emptyNote)
      return scene
    }
    if hi - lo < 1e-9 {
      lo -= 1
      hi += 1
    }
    let pad = 5.0
    let y = LinearScale(domain: (lo, hi), range: (height - pad, pad))
    let step = (width - 2 * pad) / Double(max(1, n - 1))
    func x(_ i: Int) -> Double { n == 1 ? width / 2 : pad + Double(i) * step }
    for run in MetricSeries.runs(n, { lows[$0] != nil && highs[$0] != nil }) {
      let top = run.map { ChartPoint(x($0), y.map(highs[$0]!)) }
      let bottom = run.reversed().map { ChartPoint(x($0), y.map(lows[$0]!)) }
      if run.count == 1 {
        let k = run.lowerBound
        scene.add(
          .rect(
            x: x(k) - 3, y: y.map(highs[k]!), width: 6, height: y.map(lows[k]!) - y.map(highs[k]!)),
          .band)
      } else {
        scene.add(.polygon(top + bottom), .band)
      }
    }
    for run in MetricSeries.runs(n, { values[$0] != nil }) where run.count > 1 {
      scene.add(.polyline(run.map { ChartPoint(x($0), y.map(values[$0]!)) }), .line)
    }
    for k in 0..<n {
      if let v = values[k] {
        scene.add(.circle(center: ChartPoint(x(k), y.map(v)), radius: 2), .dot)
      }
    }
    if let k = values.lastIndex(where: { $0 != nil }), let v = values[k] {
      scene.add(.circle(center: ChartPoint(x(k), y.map(v)), radius: 3.5), .latest)
    }
    return scene
  }
}
