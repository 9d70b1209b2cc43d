import HealthCore
import HealthModel

/// The one note a new user reads instead of scattered "calibrating 4/7" (docs/report.md,
/// "A first week"): how much history there is, and the day each comparison arrives if a
/// reading comes every day from now on. Only comparisons that have never existed yet are
/// listed: a gap in an old history is stale data, not calibration.
public struct Calibration: Sendable, Hashable {
  /// One comparison still to come.
  public struct Item: Sendable, Hashable {
    /// What arrives: `7-day averages`, `your usual ranges`, `the condition score`,
    /// `long-run trends`.
    public var what: String
    /// The day it arrives (for trends: a day in the month named).
    public var day: LocalDay
    /// Whether only the month is meaningful (`around Jun 2027`).
    public var monthOnly: Bool
  }

  /// Days with any data so far (from the first day with data to the as-of date).
  public var daysOfHistory: Int
  /// The comparisons still to come, in the order they arrive.
  public var items: [Item]

  /// Whether only the long-run trends are still to come (a history of some months): the
  /// note is then about them alone, and the weekly e-mail leaves it out.
  public var onlyTrends: Bool { items.allSatisfy(\.monthOnly) }

  /// The note's sentence: `Getting to know you: 5 days of data so far. 7-day averages from
  /// Sat 14 Nov, the condition score from Tue 17 Nov, your usual ranges around Sat 5 Dec
  /// and long-run trends around Jun 2027, if your watch records every day.`
  public func sentence(year: Int) -> String {
    if onlyTrends, let item = items.first {
      return "Long-run trends start around \(LocalDayText.monthYear(item.day)), when there is "
        + "enough history to compare the last 12 weeks with the 40 weeks before them."
    }
    let parts = items.map { item -> String in
      let when =
        item.monthOnly
        ? "around " + LocalDayText.monthYear(item.day)
        : "from " + LocalDayText.short(item.day, year: year)
      return "\(item.what) \(when)"
    }
    return "Getting to know you: \(Words.count(daysOfHistory, "day")) of data so far. "
      + Words.upperFirst(Words.list(parts))
      + ", if your watch records every day. Until then the report shows your readings without those comparisons."
  }
}

/// Works out `Calibration` from the daily values and baselines the report read.
enum CalibrationBuilder {
  /// A window a comparison needs: `need` days with data in `[d + from, d + to]`.
  struct Window {
    var from: Int
    var to: Int
    var need: Int
  }

  /// The aggregate's windows (docs/aggregate.md, "Windows"; the condition score needs
  /// HRV's 14-day baseline).
  static let avg7 = Window(from: -6, to: 0, need: 4)
  static let base14 = Window(from: -14, to: -1, need: 7)
  static let base60 = Window(from: -60, to: -1, need: 21)

  /// The first day after `asOf` on which `window` holds, assuming a value on every day
  /// after `asOf`; nil when it holds on `asOf` already or not within a year.
  static func arrival(_ window: Window, days: Set<Int32>, asOf: LocalDay) -> LocalDay? {
    func count(_ d: LocalDay) -> Int {
      var n = 0
      for k in window.from...window.to {
        let day = d.adding(days: k)
        if day > asOf || days.contains(day.dayNumber) { n += 1 }
      }
      return n
    }
    if count(asOf) >= window.need { return nil }
    for k in 1...366 {
      let d = asOf.adding(days: k)
      if count(d) >= window.need { return d }
    }
    return nil
  }

  /// The trend rule's arrival: the first day whose last 84 days hold 42 with data and the
  /// 281 before them 140 (`TrendRule`), with a value every day after `asOf`.
  static func trendArrival(days: Set<Int32>, asOf: LocalDay) -> LocalDay? {
    func count(_ from: LocalDay, _ to: LocalDay) -> Int {
      var n = 0
      var d = from
      while d <= to {
        if d > asOf || days.contains(d.dayNumber) { n += 1 }
        d = d.adding(days: 1)
      }
      return n
    }
    let recent = TrendRule.recentDays
    for k in 0...(TrendRule.referenceDays + recent) {
      let d = asOf.adding(days: k)
      let before = count(
        d.adding(days: -(TrendRule.referenceDays - 1)), d.adding(days: -recent))
      let now = count(d.adding(days: -(recent - 1)), d)
      if now >= TrendRule.recentMinDays.daily, before >= TrendRule.referenceMinDays.daily {
        return k == 0 ? nil : d
      }
    }
    return nil
  }

  /// The note for a report as of `asOf`, or nil when nothing is still to come. `metrics` are
  /// the daily metrics the note speaks for (the pinned ones measured daily); `daily` their
  /// day numbers with a value; `everValid` whether a window was ever valid in the rows read.
  static func build(
    asOf: LocalDay, firstDay: LocalDay?, metrics: [MetricID], daily: [MetricID: Set<Int32>],
    baselines: [MetricID: [Int32: BaselineRow]], trendsPending: Bool,
    facts: AggregateFacts = AggregateFacts()
  ) -> Calibration? {
    guard let firstDay, firstDay <= asOf else { return nil }
    // The aggregate's arrival dates when the tables carry them (docs/aggregate.md, "Arrival
    // dates"), else the same rule worked out here from the days read.
    func arrival(_ window: Window, _ name: String, _ m: MetricID) -> LocalDay? {
      if let day = facts.arrival(m.rawValue, name) { return day > asOf ? day : nil }
      return Self.arrival(window, days: daily[m] ?? [], asOf: asOf)
    }
    // Per metric: the day its window arrives, for those that never had it. When only
    // some of the metrics wait, the item names them.
    func pending(
      _ window: Window, _ name: String, _ plural: String, _ singular: String,
      ever: (BaselineRow) -> Bool
    ) -> Calibration.Item? {
      var waiting: [(MetricID, LocalDay)] = []
      for m in metrics {
        guard !(baselines[m]?.values.contains(where: ever) ?? false),
          let d = arrival(window, name, m)
        else { continue }
        waiting.append((m, d))
      }
      guard let day = waiting.map(\.1).max() else { return nil }
      if waiting.count == metrics.count { return .init(what: plural, day: day, monthOnly: false) }
      let names = waiting.map { Words.lowerFirst(MetricPresentation.of($0.0).name) }
      return .init(
        what: (waiting.count == 1 ? singular : plural) + " of " + Words.list(names), day: day,
        monthOnly: false)
    }
    var items: [Calibration.Item] = []
    if let item = pending(
      avg7, "avg7", "7-day averages", "the 7-day average", ever: { $0.avg7 != nil })
    {
      items.append(item)
    }
    // The condition score's HRV: ln(RMSSD) for a person with RMSSD and no SDNN
    // (docs/aggregate.md, "Condition score: SDNN or RMSSD").
    let hasSDNN = !(daily[.hrvLnSDNN] ?? []).isEmpty
    let hrv: MetricID = !hasSDNN && !(daily[.hrvLnRMSSD] ?? []).isEmpty ? .hrvLnRMSSD : .hrvLnSDNN
    let hrvRows = baselines[hrv] ?? [:]
    if !hrvRows.values.contains(where: { $0.base14Mean != nil || $0.base60Mean != nil }),
      let d = arrival(base14, "base14", hrv)
    {
      items.append(.init(what: "the condition score", day: d, monthOnly: false))
    }
    if let item = pending(
      base60, "base60", "your usual ranges", "your usual range", ever: { $0.base60Mean != nil })
    {
      items.append(item)
    }
    if trendsPending,
      let d = metrics.compactMap({ m in
        facts.arrival(m.rawValue, "trend").map { $0 > asOf ? $0 : nil }
          ?? trendArrival(days: daily[m] ?? [], asOf: asOf)
      }).max()
    {
      items.append(.init(what: "long-run trends", day: d, monthOnly: true))
    }
    guard !items.isEmpty else { return nil }
    return Calibration(
      daysOfHistory: firstDay.distance(to: asOf) + 1,
      items: items.sorted { $0.day < $1.day })
  }
}
