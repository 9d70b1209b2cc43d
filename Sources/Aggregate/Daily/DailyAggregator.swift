import Foundation
import HealthCore
import HealthModel

/// Turns cleaned samples, one at a time, into daily values (docs/aggregate.md, "Daily
/// values", "Sleep days"). Memory grows with days and metrics, not with
/// samples: only sleep rows and workouts are kept until `finish()`.
///
/// - Days are local: `LocalDay(epochSeconds:utcOffset:)` with each sample's own offset.
/// - Cumulative metrics are summed with midnight splitting (`MidnightSplitter`); `n` counts
///   the samples with a share in the day (a split sample counts in each of its days).
/// - Mean metrics keep min and max (a sample's own min/max where it gave them); `last`
///   metrics keep the value of the latest start (ties: latest end, then origin).
/// - `hrvLnSDNN` is the mean of ln(SDNN ms) over the day's SDNN readings > 0; RMSSD stays in
///   its own `hrvRMSSD` series, and `hrvLnRMSSD` is the mean of ln(RMSSD ms) likewise.
/// - Sleep rows form sessions; a night goes to its sleep day (end + 6 h), a nap to the day
///   of its start (`SleepDays`). Workouts go to the day of their start.
/// - Anything whose day is after `asOf` is counted, not used.
public final class DailyAggregator {
  /// The as-of date: later days are left out.
  public let asOf: LocalDay
  private var accumulators: [SeriesAccumulator] = []
  private var routes: [String: Route] = [:]
  private var unknownIndex: [String: Int] = [:]
  private var lastUnknown: (metric: MetricID, unit: String, index: Int)?
  private var lastMetric = "\u{0}"
  private var lastRoute = Route.unknown
  private let lnSDNN = SeriesAccumulator(metric: .hrvLnSDNN, unit: "ln(ms)", aggregation: .mean)
  private let lnRMSSD = SeriesAccumulator(
    metric: .hrvLnRMSSD, unit: "ln(ms)", aggregation: .mean)
  private var sleepRows: [SleepSegment] = []
  private var sleepMetric: MetricID?
  private var workoutTotals: [WorkoutKey: WorkoutTotals] = [:]
  private var workoutList: [WorkoutEntry] = []
  private var otherCounts: [MetricID: MetricCounts] = [:]
  private var habitEntries: [HabitEntry] = []

  private struct WorkoutKey: Hashable {
    var day: Int32
    var activity: String
  }

  /// The night windows clean carried in the cleaned table's header (`CleanFacts.nightWindows`):
  /// the nights whose window the cleaned rows alone do not show. Empty for a table clean
  /// did not write; then every window comes from the rows.
  public var carriedNightWindows: [NightWindow] = []

  /// The export date (`ExportDate`, epoch seconds) of each input, by its index
  /// (`Origin.file`): a night still open at its input's export is partial
  /// (docs/aggregate.md, "Partial nights"). Empty: no night is partial.
  public var exportDates: [Int64?] = []

  /// An empty aggregator.
  public init(asOf: LocalDay) { self.asOf = asOf }

  /// The longest cumulative interval split over days (366 days, clean's limit); longer ones
  /// are counted as ignored.
  public static let maxSplitSeconds: Int64 = 366 * 86_400

  /// Adds many samples.
  public func add(contentsOf samples: some Sequence<Sample>) {
    for s in samples { add(s) }
  }

  /// Adds one cleaned sample.
  public func add(_ s: Sample) {
    // Clean rejects these; in a table that skipped clean they are counted, never turned
    // into days (`Int64.max` trapped in the day arithmetic).
    guard SampleTimeRange.contains(start: s.start, end: s.end, utcOffset: s.utcOffset) else {
      otherCounts[s.metric, default: MetricCounts()].read += 1
      otherCounts[s.metric]!.ignored += 1
      return
    }
    let route: Route
    if s.metric.rawValue == lastMetric {
      route = lastRoute
    } else {
      route = self.route(for: s.metric)
      lastMetric = s.metric.rawValue
      lastRoute = route
    }
    switch route {
    case .sleep: addSleep(s)
    case .workout: addWorkout(s)
    case .series(let i): add(Reading(s), to: accumulators[i])
    case .unknown: add(Reading(s), to: unknownAccumulator(for: s))
    case .habit: addHabit(s)
    }
  }

  /// Adds one block of a cleaned samples table, as `add(_:)` adds each of its rows in
  /// order. Rows of plain catalog series (most rows) are read from the columns, their
  /// metric resolved once per distinct text of the block, so no `Sample` and no `String` is
  /// made for them (docs/performance.md); other rows go through `add(_:)`.
  public func add(_ block: SampleBlock) {
    let metrics = block.metrics.stringDictionary
    var blockRoutes = [Route?](repeating: nil, count: metrics.count)
    for row in 0..<block.rowCount {
      let start = block.starts[row]
      let end = block.ends[row]
      let utcOffset = block.utcOffsets[row]
      // Out-of-range rows are counted by `add(_:)` before any routing, as there.
      guard SampleTimeRange.contains(start: start, end: end, utcOffset: utcOffset) else {
        add(block.sample(at: row))
        continue
      }
      let m = Int(block.metrics.stringIndices[row])
      let route: Route
      if let known = blockRoutes[m] {
        route = known
      } else {
        route = self.route(for: MetricID(metrics[m]))
        blockRoutes[m] = route
      }
      guard case .series(let i) = route else {
        add(block.sample(at: row))
        continue
      }
      add(
        Reading(
          start: start, end: end, utcOffset: utcOffset, value: block.values[row],
          minimum: block.minimum(row), maximum: block.maximum(row),
          hrvKind: block.hrvKinds[row], origin: block.origins[row]),
        to: accumulators[i])
    }
  }

  /// The fields of a sample a plain series uses.
  fileprivate struct Reading {
    var start: Int64
    var end: Int64
    var utcOffset: Int32
    var value: Double
    var minimum: Double?
    var maximum: Double?
    var hrvKind: HRVKind
    var origin: Origin

    var startDay: LocalDay { LocalDay(epochSeconds: start, utcOffset: utcOffset) }
  }

  /// Where a metric's samples go; looked up once per metric, not per sample.
  private enum Route {
    case sleep
    case workout
    case series(Int)
    case unknown
    case habit
  }

  private func route(for metric: MetricID) -> Route {
    if let known = routes[metric.rawValue] { return known }
    let route: Route
    if metric == .habit {
      route = .habit
    } else if let info = metric.info {
      switch info.kind {
      case .sleep: route = .sleep
      case .workout: route = .workout
      default:
        let acc = SeriesAccumulator(
          metric: info.id, unit: info.canonicalUnit, aggregation: info.aggregation)
        acc.isSDNN = info.id == .hrvSDNN
        acc.isRMSSD = info.id == .hrvRMSSD
        route = .series(accumulators.count)
        accumulators.append(acc)
      }
    } else {
      route = .unknown
    }
    routes[metric.rawValue] = route
    return route
  }

  /// Raw metrics the catalog does not know are kept per unit.
  private func unknownAccumulator(for s: Sample) -> SeriesAccumulator {
    if let last = lastUnknown, last.metric == s.metric, last.unit == s.unit {
      return accumulators[last.index]
    }
    let key = s.metric.rawValue + "\u{1F}" + s.unit
    let index: Int
    if let i = unknownIndex[key] {
      index = i
    } else {
      index = accumulators.count
      unknownIndex[key] = index
      accumulators.append(
        SeriesAccumulator(
          metric: s.metric, unit: s.unit,
          aggregation: UnknownMetricRule.aggregation(metric: s.metric, unit: s.unit)))
    }
    lastUnknown = (s.metric, s.unit, index)
    return accumulators[index]
  }

  private func add(_ s: Reading, to acc: SeriesAccumulator) {
    acc.counts.read += 1
    switch acc.aggregation {
    case .sum:
      acc.counts.valueRead += s.value
      // Clean rejects intervals over a year; a samples table that skipped clean could
      // otherwise have one split over millions of days (a 1000-to-9999 row ran for hours).
      let (length, overflow) = s.end.subtractingReportingOverflow(s.start)
      if overflow || length > Self.maxSplitSeconds {
        acc.counts.ignored += 1
        return
      }
      var used = false
      if s.end > s.start, LocalDay(epochSeconds: s.end - 1, utcOffset: s.utcOffset) != s.startDay {
        for part in MidnightSplitter.split(
          start: s.start, end: s.end, utcOffset: s.utcOffset, value: s.value)
        where part.day <= asOf {
          acc.update(day: part.day.dayNumber) { $0.addShare(part.value) }
          used = true
        }
      } else if s.startDay <= asOf {
        acc.update(day: s.startDay.dayNumber) { $0.addShare(s.value) }
        used = true
      }
      if used { acc.counts.used += 1 } else { acc.counts.afterAsOf += 1 }
    case .mean:
      let day = s.startDay
      guard day <= asOf else {
        acc.counts.afterAsOf += 1
        return
      }
      acc.update(day: day.dayNumber) {
        $0.addReading(s.value, minimum: s.minimum, maximum: s.maximum)
      }
      acc.counts.used += 1
      if acc.isSDNN, s.hrvKind != .rmssd, s.value > 0, s.value.isFinite {
        let ln = Foundation.log(s.value)
        lnSDNN.update(day: day.dayNumber) { $0.addReading(ln, minimum: nil, maximum: nil) }
        lnSDNN.counts.read += 1
        lnSDNN.counts.used += 1
      }
      if acc.isRMSSD, s.value > 0, s.value.isFinite {
        // The condition score's measure for RMSSD-only people (docs/aggregate.md).
        let ln = Foundation.log(s.value)
        lnRMSSD.update(day: day.dayNumber) { $0.addReading(ln, minimum: nil, maximum: nil) }
        lnRMSSD.counts.read += 1
        lnRMSSD.counts.used += 1
      }
    case .last:
      let day = s.startDay
      guard day <= asOf else {
        acc.counts.afterAsOf += 1
        return
      }
      let key = DayAccumulator.LastKey(
        start: s.start, end: s.end, file: s.origin.file, record: s.origin.record)
      acc.update(day: day.dayNumber) { $0.addLast(s.value, key: key) }
      acc.counts.used += 1
    }
  }

  private func addSleep(_ s: Sample) {
    otherCounts[s.metric, default: MetricCounts()].read += 1
    guard
      let stage = SleepStage(rawValue: s.category) ?? SleepStage(appleOrAutoExport: s.category)
    else {
      otherCounts[s.metric]!.ignored += 1
      return
    }
    // Used or after the as-of date is known only once the row's session is a night (of
    // its sleep day) or a nap (of its start's date): see `finish()`.
    sleepRows.append(
      SleepSegment(
        start: s.start, end: s.end, utcOffset: s.utcOffset, stage: stage, minutes: s.value,
        source: s.source, file: s.origin.file))
    sleepMetric = s.metric
  }

  /// A habit entry (docs/habits.md): kept apart, never a daily value.
  private func addHabit(_ s: Sample) {
    otherCounts[s.metric, default: MetricCounts()].read += 1
    guard let entry = HabitEntry(sample: s), entry.day <= asOf else {
      otherCounts[s.metric]!.afterAsOf += 1
      return
    }
    otherCounts[s.metric]!.used += 1
    habitEntries.append(entry)
  }

  private func addWorkout(_ s: Sample) {
    otherCounts[s.metric, default: MetricCounts()].read += 1
    let day = s.startDay
    guard day <= asOf else {
      otherCounts[s.metric]!.afterAsOf += 1
      return
    }
    otherCounts[s.metric]!.used += 1
    let key = WorkoutKey(day: day.dayNumber, activity: s.category)
    switch s.metric {
    case .workout:
      workoutTotals[key, default: WorkoutTotals()].count += 1
      workoutTotals[key, default: WorkoutTotals()].minutes += s.value
      workoutList.append(WorkoutEntry(day: day, activity: s.category, minutes: s.value))
    case .workoutEnergy:
      workoutTotals[key, default: WorkoutTotals()].energy += s.value
      workoutTotals[key, default: WorkoutTotals()].energyRows += 1
    default:
      workoutTotals[key, default: WorkoutTotals()].distance += s.value
      workoutTotals[key, default: WorkoutTotals()].distanceRows += 1
    }
  }

  /// The daily rows and series of everything added so far. `sleepAsOf` (default: the
  /// as-of date) cuts nights and naps: `latest` finishes again at the last day with data
  /// when only a partial night lay after it.
  public func finish(sleepAsOf: LocalDay? = nil) -> DailyData {
    var rows: [DailyValue] = []
    var counts = otherCounts
    // Plain series; a raw metric seen in several units is split by unit.
    var unitsPerMetric: [MetricID: Int] = [:]
    for acc in accumulators { unitsPerMetric[acc.metric, default: 0] += 1 }
    for acc in accumulators {
      let split = acc.metric.info == nil && unitsPerMetric[acc.metric]! > 1
      rows += acc.dailyValues(category: split ? acc.unit : "")
      var c = counts[acc.metric, default: MetricCounts()]
      c.read += acc.counts.read
      c.used += acc.counts.used
      c.afterAsOf += acc.counts.afterAsOf
      c.ignored += acc.counts.ignored
      c.valueRead += acc.counts.valueRead
      counts[acc.metric] = c
    }
    rows += lnSDNN.dailyValues(category: "")
    rows += lnRMSSD.dailyValues(category: "")
    // Sleep: nights by sleep day, naps by the date they started.
    let sleep = SleepDays(
      sleepRows, carried: carriedNightWindows, asOf: sleepAsOf ?? asOf, exportDates: exportDates)
    if let metric = sleepMetric {
      counts[metric, default: MetricCounts()].used += sleep.used
      counts[metric, default: MetricCounts()].afterAsOf += sleep.afterAsOf
    }
    let nights = sleep.nights
    for day in nights.keys.sorted() { rows += nights[day]!.dailyValues() }
    for day in sleep.partialNights.keys.sorted() {
      rows += sleep.partialNights[day]!.night.dailyValues(
        category: AggregateFacts.partialNightCategory)
    }
    for day in sleep.naps.keys.sorted() { rows += sleep.naps[day]!.dailyValues }
    // Workouts: per activity type, and the total ("") summed in a fixed order.
    var totals: [Int32: WorkoutTotals] = [:]
    for key in workoutTotals.keys.sorted(by: { ($0.day, $0.activity) < ($1.day, $1.activity) }) {
      let t = workoutTotals[key]!
      totals[key.day, default: WorkoutTotals()].add(t)
      if !key.activity.isEmpty {
        rows += t.dailyValues(day: LocalDay(dayNumber: key.day), category: key.activity)
      }
    }
    for day in totals.keys.sorted() {
      rows += totals[day]!.dailyValues(day: LocalDay(dayNumber: day), category: "")
    }
    var workouts: [LocalDay: [WorkoutEntry]] = [:]
    for w in workoutList { workouts[w.day, default: []].append(w) }
    let keyed = DailyValue.sortForTable(&rows)
    // Each series from its rows, by key index: no key hashed per row.
    var built = [DaySeries?](repeating: nil, count: keyed.keys.count)
    for (i, row) in rows.enumerated() {
      let k = keyed.rowKeys[i]
      if built[k] == nil { built[k] = DaySeries(unit: row.unit) }
      built[k]!.set(row.value, on: row.day)
    }
    var series: [SeriesKey: DaySeries] = [:]
    series.reserveCapacity(built.count)
    for (k, s) in built.enumerated() { if let s { series[keyed.keys[k]] = s } }
    return DailyData(
      values: rows, series: series, nights: nights, workouts: workouts, counts: counts,
      partialNights: sleep.partialNights, habitEntries: habitEntries)
  }
}

extension DailyValue {
  /// Sorts rows into the order of the daily table (day, metric, category), comparing each
  /// distinct metric/category text once instead of on every comparison. (Day, metric,
  /// category) is unique per row, so the order is total. A row is compared with the row
  /// before it before its key is hashed: rows come in runs of one series (as `finish`
  /// makes them). Returns the distinct keys and, per sorted row, the index of its key.
  @discardableResult
  static func sortForTable(_ rows: inout [DailyValue]) -> (keys: [SeriesKey], rowKeys: [Int]) {
    var keys: [SeriesKey] = []
    var indexOf: [SeriesKey: Int] = [:]
    var rowKeys: [Int] = []
    rowKeys.reserveCapacity(rows.count)
    var last = -1
    for r in rows {
      if last >= 0, keys[last].metric == r.metric, keys[last].category == r.category {
        rowKeys.append(last)
        continue
      }
      let key = SeriesKey(r.metric, r.category)
      if let k = indexOf[key] {
        last = k
      } else {
        last = keys.count
        keys.append(key)
        indexOf[key] = last
      }
      rowKeys.append(last)
    }
    var rank = [Int](repeating: 0, count: keys.count)
    for (position, k) in keys.indices.sorted(by: { keys[$0] < keys[$1] }).enumerated() {
      rank[k] = position
    }
    let order = rows.indices.sorted {
      (rows[$0].day.dayNumber, rank[rowKeys[$0]]) < (rows[$1].day.dayNumber, rank[rowKeys[$1]])
    }
    rows = order.map { rows[$0] }
    return (keys, order.map { rowKeys[$0] })
  }

  /// Adds `extra` rows to `rows` (already in table order, as `finish` leaves them) and
  /// keeps the table order: `extra` is sorted and merged in, so `rows` are only compared,
  /// never hashed or sorted again. The same order as sorting all of them.
  static func mergeForTable(_ rows: inout [DailyValue], _ extra: [DailyValue]) {
    guard !extra.isEmpty else { return }
    var added = extra
    sortForTable(&added)
    func before(_ a: DailyValue, _ b: DailyValue) -> Bool {
      if a.day.dayNumber != b.day.dayNumber { return a.day.dayNumber < b.day.dayNumber }
      return SeriesKey(a.metric, a.category) < SeriesKey(b.metric, b.category)
    }
    var merged: [DailyValue] = []
    merged.reserveCapacity(rows.count + added.count)
    var a = 0
    var b = 0
    while a < rows.count || b < added.count {
      // On a tie (the order is total, so never) the row already there first, as a stable
      // sort of the concatenation gives.
      if b >= added.count || (a < rows.count && !before(added[b], rows[a])) {
        merged.append(rows[a])
        a += 1
      } else {
        merged.append(added[b])
        b += 1
      }
    }
    rows = merged
  }
}

extension DailyAggregator.Reading {
  /// The fields of a sample.
  init(_ s: Sample) {
    self.init(
      start: s.start, end: s.end, utcOffset: s.utcOffset, value: s.value, minimum: s.minimum,
      maximum: s.maximum, hrvKind: s.hrvKind, origin: s.origin)
  }
}
