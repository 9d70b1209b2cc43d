import HealthCore
import HealthModel

/// The totals of one sleep day's night (docs/aggregate.md, "Sleep day"): the rows of the
/// sessions that overlap the night's window, never its naps.
///
/// For each class of stage (asleep, core, deep, REM, awake, in bed) the minutes are the
/// union of its real segments plus the minutes of its summary rows (see
/// `SleepSegment.isSegment`). Asleep is every asleep stage together (unspecified, core, deep,
/// REM). Bedtime and wake time come from asleep rows with a real interval, each with its own
/// UTC offset.
@dynamicMemberLookup
public struct SleepNight: Sendable, Hashable {
  /// The sleep day.
  public var day: LocalDay
  /// The night's minutes by stage (the report reads the same type back from the daily
  /// table: `ReportSleepNight`); a stage's minutes read as the night's own: `night.asleep`.
  public var minutes = SleepStageMinutes()
  /// First asleep start, minutes after 18:00 local on the evening before the sleep day.
  public var bedtime: Double?
  /// Last asleep end, minutes after local midnight of the sleep day.
  public var wake: Double?
  /// Rows behind each value, and their sources, keyed by series id.
  public var counts: [MetricID: Int64]
  /// Sorted distinct sources behind each value, joined by `, `.
  public var sources: [MetricID: String]

  /// The series a night gives, in the daily table's fixed order.
  public static let series: [MetricID] =
    SleepStageMinutes.series.map(\.id) + [.sleepBedtime, .sleepWake]

  /// A stage's minutes, or what `SleepStageMinutes` says of them (`hasStages`).
  public subscript<Value>(dynamicMember key: KeyPath<SleepStageMinutes, Value>) -> Value {
    minutes[keyPath: key]
  }

  /// Builds the night from its rows (all with this sleep day).
  /// Rows this long or longer (20 h) are a whole-day window, not a time of night: they give
  /// minutes, never a bedtime or wake time.
  static let dayWindow: Int64 = 20 * 3_600

  public init(day: LocalDay, segments: [SleepSegment]) {
    self.day = day
    counts = [:]
    sources = [:]
    func total(_ rows: [SleepSegment]) -> Double {
      SleepMeasure.minutes(rows.lazy.map { (start: $0.start, end: $0.end, minutes: $0.minutes) })
    }
    func note(_ id: MetricID, _ rows: [SleepSegment]) {
      counts[id] = Int64(rows.count)
      // Most nights have one source: its name, without hashing every row into a set.
      if let first = rows.first?.source, rows.allSatisfy({ $0.source == first }) {
        sources[id] = first
      } else {
        sources[id] = Set(rows.map(\.source)).sorted().joined(separator: ", ")
      }
    }
    let asleepRows = segments.filter { $0.stage.isAsleep }
    if !asleepRows.isEmpty {
      minutes.asleep = total(asleepRows)
      note(.sleepAsleep, asleepRows)
      // A clock time needs a real interval: not an instant, and not a whole-day window
      // (Health Auto Export's daily totals span noon to noon, whose start is no bedtime).
      let timed = asleepRows.filter { $0.end > $0.start && $0.end - $0.start < Self.dayWindow }
      if let first = timed.min(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
        let evening = day.adding(days: -1).startEpoch(utcOffset: first.utcOffset) + 18 * 3600
        bedtime = Double(first.start - evening) / 60
        note(.sleepBedtime, [first])
      }
      if let last = timed.max(by: { ($0.end, $0.start) < ($1.end, $1.start) }) {
        wake = Double(last.end - day.startEpoch(utcOffset: last.utcOffset)) / 60
        note(.sleepWake, [last])
      }
    }
    let inBedRows = segments.filter { $0.stage == .inBed }
    if !inBedRows.isEmpty {
      minutes.inBed = total(inBedRows)
      note(.sleepInBed, inBedRows)
    }
    let staged: [(MetricID, SleepStage, WritableKeyPath<SleepStageMinutes, Double?>)] = [
      (.sleepCore, .asleepCore, \.core), (.sleepDeep, .asleepDeep, \.deep),
      (.sleepREM, .asleepREM, \.rem),
    ]
    let stageRows = segments.filter { [.asleepCore, .asleepDeep, .asleepREM].contains($0.stage) }
    if !stageRows.isEmpty {
      for (id, stage, field) in staged {
        let rows = segments.filter { $0.stage == stage }
        minutes[keyPath: field] = total(rows)
        note(id, rows)
      }
    }
    let awakeRows = segments.filter { $0.stage == .awake }
    if !awakeRows.isEmpty || !stageRows.isEmpty {
      minutes.awake = total(awakeRows)
      note(.sleepAwake, awakeRows)
    }
  }

  /// The night's daily rows (series that have a value), in a fixed order, under
  /// `category` ("" for a whole night, `partial` for a night cut by the export).
  public func dailyValues(category: String = "") -> [DailyValue] {
    let series: [(MetricID, Double?)] =
      SleepStageMinutes.series.map { ($0.id, minutes[keyPath: $0.minutes]) }
      + [(.sleepBedtime, bedtime), (.sleepWake, wake)]
    return series.compactMap { id, value in
      value.map {
        DailyValue(
          day: day, metric: id, category: category, value: $0, count: counts[id] ?? 0,
          unit: SeriesUnits.unit(of: id), source: sources[id] ?? "")
      }
    }
  }
}
