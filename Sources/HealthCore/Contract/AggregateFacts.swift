import Foundation
import HealthModel

/// What the aggregate stage tells the report (`StageFacts.aggregate`, in the header of all
/// its tables; docs/report-inputs.md lists every field, docs/aggregate.md says how each is
/// computed): the as-of date and the last day with data, the settings the tables were
/// computed with, a few coverage counts, the rejects and inputs behind them, the tracked
/// habits and the data-quality facts. A nil field is "not known".
public struct AggregateFacts: Sendable, Hashable, Codable {
  /// A goal as the tables were computed with it.
  public struct Goal: Sendable, Hashable, Codable {
    /// Its name (`active`).
    public var name: String
    /// Text for people.
    public var description: String?
    /// The conditions, joined by ` or ` (`exercise ≥ 30 min or a workout ≥ 20 min`).
    public var conditions: String?
    /// Goal days needed per week, if it has a weekly streak.
    public var weeklyTarget: Int?

    /// Creates a goal.
    public init(
      name: String, description: String? = nil, conditions: String? = nil,
      weeklyTarget: Int? = nil
    ) {
      self.name = name
      self.description = description
      self.conditions = conditions
      self.weeklyTarget = weeklyTarget
    }
  }

  /// What happened to the samples the stage read, in total.
  public struct SampleCounts: Sendable, Hashable, Codable {
    /// Samples read.
    public var read: Int64
    /// Samples that went into a daily value.
    public var used: Int64
    /// Samples dated after the as-of date.
    public var afterAsOf: Int64
    /// Samples ignored (unknown sleep stage, amounts over more than 366 days).
    public var ignored: Int64

    /// Creates counts.
    public init(read: Int64, used: Int64, afterAsOf: Int64, ignored: Int64) {
      self.read = read
      self.used = used
      self.afterAsOf = afterAsOf
      self.ignored = ignored
    }
  }

  /// The as-of date.
  public var asOf: LocalDay?
  /// The IANA zone whose calendar `today` and `yesterday` were resolved on (a pipeline's
  /// `timezone` or `--timezone`); nil for the machine's zone. The report resolves its own
  /// `--as-of today|yesterday` on the same calendar.
  public var timeZone: String?
  /// The last day with any daily value (at most the as-of date).
  public var dataThrough: LocalDay?
  /// The first day with any daily value.
  public var firstDay: LocalDay?
  /// Pinned metric ids in order (as the report should show them).
  public var pinned: [String]
  /// Pinned names of the settings that are not metrics (left out of `pinned`).
  public var pinnedIgnored: [String]
  /// The first day of a streak week.
  public var weekStart: Weekday?
  /// The key metrics (baselines and scores), in order.
  public var keyMetrics: [String]
  /// The goals, in order.
  public var goals: [Goal]
  /// The weekly target of the `active` goal, or of the first goal with one.
  public var weeklyActiveTarget: Int?
  /// Days of the streak backfill window.
  public var backfillDays: Int?
  /// The first day of the streak backfill window.
  public var windowStart: LocalDay?
  /// Nights with sleep in the 7 days to as-of.
  public var nightsLast7: Int?
  /// Days with any key metric in the 7 days to as-of.
  public var daysLast7: Int?
  /// What happened to the samples read.
  public var samples: SampleCounts?
  /// The export files and stage tables behind the tables (the cleaned table's input list).
  public var inputs: [InputDescriptor]?
  /// Rows of the rejects tables given, by `<stage>.<code>` (`clean.out-of-range`).
  public var rejects: [String: Int64]
  /// The data-quality facts.
  public var quality: DataQualityFacts
  /// Days from `dataThrough` to the as-of date: the one "no new data for N days" number
  /// (the banner and the coaching line). Nil without data.
  public var daysSinceData: Int?
  /// Each key metric's last day with a value on or before the as-of date, by metric id.
  public var lastDays: [String: LocalDay]
  /// Sleep days whose night was cut by the export (its session still open at the
  /// export's `ExportDate`): their values are kept under category `partial` only.
  public var partialNights: [LocalDay]
  /// The sleep goal the sleep score measures nights against, in minutes asleep.
  public var sleepGoalMinutes: Double?
  /// When each window of each key metric arrives: metric id → window (`avg7`, `base14`,
  /// `base60`, `trend`) → day (docs/aggregate.md, "Arrival dates").
  public var arrivals: [String: [String: LocalDay]]
  /// The habits the tables were computed with (the pipeline's definitions, then those
  /// ingest found), in list order (docs/habits.md, "In the tables").
  public var habits: [HabitDefinition]

  /// The `daily` category under which a partial night's values are kept (`sleepAsleep` /
  /// `partial`, ...): no baseline, score, goal or average reads them.
  public static let partialNightCategory = "partial"

  /// The windows an arrival date is given for, in order.
  public static let arrivalWindows = ["avg7", "base14", "base60", "trend"]

  /// The day `window` of `metric` arrives (or arrived), if known.
  public func arrival(_ metric: String, _ window: String) -> LocalDay? {
    arrivals[metric]?[window]
  }

  /// Creates the facts.
  public init(
    asOf: LocalDay? = nil, dataThrough: LocalDay? = nil, firstDay: LocalDay? = nil,
    pinned: [String] = [], pinnedIgnored: [String] = [], weekStart: Weekday? = nil,
    keyMetrics: [String] = [], goals: [Goal] = [], weeklyActiveTarget: Int? = nil,
    backfillDays: Int? = nil, windowStart: LocalDay? = nil, nightsLast7: Int? = nil,
    daysLast7: Int? = nil, samples: SampleCounts? = nil, inputs: [InputDescriptor]? = nil,
    rejects: [String: Int64] = [:], quality: DataQualityFacts = DataQualityFacts(),
    daysSinceData: Int? = nil, lastDays: [String: LocalDay] = [:],
    partialNights: [LocalDay] = [], sleepGoalMinutes: Double? = nil,
    arrivals: [String: [String: LocalDay]] = [:], timeZone: String? = nil,
    habits: [HabitDefinition] = []
  ) {
    self.asOf = asOf
    self.timeZone = timeZone
    self.dataThrough = dataThrough
    self.firstDay = firstDay
    self.pinned = pinned
    self.pinnedIgnored = pinnedIgnored
    self.weekStart = weekStart
    self.keyMetrics = keyMetrics
    self.goals = goals
    self.weeklyActiveTarget = weeklyActiveTarget
    self.backfillDays = backfillDays
    self.windowStart = windowStart
    self.nightsLast7 = nightsLast7
    self.daysLast7 = daysLast7
    self.samples = samples
    self.inputs = inputs
    self.rejects = rejects
    self.quality = quality
    self.daysSinceData = daysSinceData
    self.lastDays = lastDays
    self.partialNights = partialNights.sorted()
    self.sleepGoalMinutes = sleepGoalMinutes
    self.arrivals = arrivals
    self.habits = habits
  }

  /// The export files behind the tables: `inputs` without the stage tables it also names.
  public var exportInputs: [InputDescriptor]? {
    inputs?.filter { TableKind(rawValue: $0.format) == nil }
  }
}
