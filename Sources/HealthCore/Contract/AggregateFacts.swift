import Foundation

/// What the aggregate stage tells the report, carried in the header `meta` of all its tables
/// (docs/report-inputs.md lists every key; docs/aggregate.md says how each is computed): the
/// as-of date and the last day with data, the settings the tables were computed with, a few
/// coverage counts, the rejects and inputs behind them, and the data-quality facts.
///
/// The one place that knows these keys: aggregate writes through `headerMeta(carrying:)`,
/// the report and the pipeline read through `init(meta:)`. Reading is defensive: a key that
/// is missing, or whose value does not parse, is nil (or empty), never an error.
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

  /// The `daily` category under which a partial night's values are kept (`sleepAsleep` /
  /// `partial`, ...): no baseline, score, goal or average reads them.
  public static let partialNightCategory = "partial"

  /// The windows an arrival date is given for, in order.
  public static let arrivalWindows = ["avg7", "base14", "base60", "trend"]

  /// The day `window` of `metric` arrives (or arrived), if known.
  public func arrival(_ metric: String, _ window: String) -> LocalDay? {
    arrivals[metric]?[window]
  }

  /// The header `meta` keys.
  public enum Key {
    /// `asOf`: `yyyy-MM-dd`.
    public static let asOf = "asOf"
    /// `dataThrough`: `yyyy-MM-dd`.
    public static let dataThrough = "dataThrough"
    /// `firstDay`: `yyyy-MM-dd`.
    public static let firstDay = "firstDay"
    /// `pinned`: comma-separated metric ids.
    public static let pinned = "pinned"
    /// `pinnedIgnored`: comma-separated names; absent when none.
    public static let pinnedIgnored = "pinnedIgnored"
    /// `weekStart`: `monday` ... `sunday`.
    public static let weekStart = "weekStart"
    /// `keyMetrics`: comma-separated metric ids.
    public static let keyMetrics = "keyMetrics"
    /// `goals`: comma-separated goal names.
    public static let goals = "goals"
    /// `weeklyActiveTarget`.
    public static let weeklyActiveTarget = "weeklyActiveTarget"
    /// `backfillDays`.
    public static let backfillDays = "backfillDays"
    /// `windowStart`: `yyyy-MM-dd`.
    public static let windowStart = "windowStart"
    /// `coverage.nights7`.
    public static let nightsLast7 = "coverage.nights7"
    /// `coverage.days7`.
    public static let daysLast7 = "coverage.days7"
    /// `samples.read`, `samples.used`, `samples.afterAsOf`, `samples.ignored`.
    public static let samplesRead = "samples.read"
    /// See `samplesRead`.
    public static let samplesUsed = "samples.used"
    /// See `samplesRead`.
    public static let samplesAfterAsOf = "samples.afterAsOf"
    /// See `samplesRead`.
    public static let samplesIgnored = "samples.ignored"
    /// `inputs`: the input list as JSON.
    public static let inputs = "inputs"
    /// `daysSinceData`: whole days.
    public static let daysSinceData = "daysSinceData"
    /// `lastDay.<metric>`: `yyyy-MM-dd`.
    public static func lastDay(_ metric: String) -> String { lastDayPrefix + metric }
    /// The prefix of the `lastDay.<metric>` keys.
    static let lastDayPrefix = "lastDay."
    /// `partialNights`: comma-separated `yyyy-MM-dd`; absent when none.
    public static let partialNights = "partialNights"
    /// `sleepGoalMinutes`: minutes asleep.
    public static let sleepGoalMinutes = "sleepGoalMinutes"
    /// `arrival.<metric>.<window>`: `yyyy-MM-dd`.
    public static func arrival(_ metric: String, _ window: String) -> String {
      arrivalPrefix + metric + "." + window
    }
    /// The prefix of the arrival keys.
    static let arrivalPrefix = "arrival."
    /// `rejects.<stage>.<code>`.
    public static let rejectsPrefix = "rejects."
    /// `rejects.total`: the sum of the `rejects.*` counts; absent without rejects tables.
    public static let rejectsTotal = "rejects.total"
    /// `goal.<name>.<fact>`: `description`, `conditions`, `weeklyTarget`.
    public static func goal(_ name: String, _ fact: GoalFact) -> String {
      goalPrefix + name + "." + fact.rawValue
    }
    /// The prefix of the goal keys.
    static let goalPrefix = "goal."
    /// Where an upstream value of a key the aggregate also writes is kept:
    /// `input.<key>` (for example `input.asOf`).
    public static func displaced(_ key: String) -> String { "input." + key }
  }

  /// The facts kept per goal.
  public enum GoalFact: String, Sendable, CaseIterable {
    /// Text for people.
    case description
    /// The conditions.
    case conditions
    /// The weekly target.
    case weeklyTarget
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
    arrivals: [String: [String: LocalDay]] = [:]
  ) {
    self.asOf = asOf
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
    self.partialNights = partialNights
    self.sleepGoalMinutes = sleepGoalMinutes
    self.arrivals = arrivals
  }

  /// The aggregate's own facts as `meta` entries, without the inputs, rejects and quality
  /// facts (which `headerMeta(carrying:)` adds after carrying the upstream meta forward).
  var ownMeta: [String: String] {
    var meta: [String: String] = [:]
    if let asOf { meta[Key.asOf] = asOf.description }
    meta[Key.pinned] = pinned.joined(separator: ",")
    if let weekStart { meta[Key.weekStart] = weekStart.rawValue }
    meta[Key.keyMetrics] = keyMetrics.joined(separator: ",")
    meta[Key.goals] = goals.map(\.name).joined(separator: ",")
    if let backfillDays { meta[Key.backfillDays] = String(backfillDays) }
    if let windowStart { meta[Key.windowStart] = windowStart.description }
    if let weeklyActiveTarget { meta[Key.weeklyActiveTarget] = String(weeklyActiveTarget) }
    for goal in goals {
      if let d = goal.description { meta[Key.goal(goal.name, .description)] = d }
      if let c = goal.conditions { meta[Key.goal(goal.name, .conditions)] = c }
      if let t = goal.weeklyTarget { meta[Key.goal(goal.name, .weeklyTarget)] = String(t) }
    }
    if let firstDay { meta[Key.firstDay] = firstDay.description }
    if let dataThrough { meta[Key.dataThrough] = dataThrough.description }
    if let nightsLast7 { meta[Key.nightsLast7] = String(nightsLast7) }
    if let daysLast7 { meta[Key.daysLast7] = String(daysLast7) }
    if let samples {
      meta[Key.samplesRead] = String(samples.read)
      meta[Key.samplesUsed] = String(samples.used)
      meta[Key.samplesAfterAsOf] = String(samples.afterAsOf)
      meta[Key.samplesIgnored] = String(samples.ignored)
    }
    if !pinnedIgnored.isEmpty { meta[Key.pinnedIgnored] = pinnedIgnored.joined(separator: ",") }
    if let daysSinceData { meta[Key.daysSinceData] = String(daysSinceData) }
    for (metric, day) in lastDays { meta[Key.lastDay(metric)] = day.description }
    if !partialNights.isEmpty {
      meta[Key.partialNights] = partialNights.sorted().map(\.description).joined(separator: ",")
    }
    if let sleepGoalMinutes {
      meta[Key.sleepGoalMinutes] = NumberFormatting.shortest(sleepGoalMinutes)
    }
    for (metric, windows) in arrivals {
      for (window, day) in windows { meta[Key.arrival(metric, window)] = day.description }
    }
    return meta
  }

  /// The meta of the aggregate's tables: `upstream` (the cleaned table's meta, with
  /// ingest's and clean's facts) carried forward, the aggregate's own facts over it (an
  /// upstream value they replace moves to `Key.displaced(key)`), then the input list, the
  /// rejects counts and the data-quality facts.
  public func headerMeta(carrying upstream: [String: String]) throws -> [String: String] {
    var meta = upstream
    for (key, value) in ownMeta {
      if let old = meta[key], old != value { meta[Key.displaced(key)] = old }
      meta[key] = value
    }
    if let inputs { meta[Key.inputs] = try MetaJSON.text(inputs, what: "the input list") }
    var total: Int64 = 0
    for (key, count) in rejects {
      meta[Key.rejectsPrefix + key] = String(count)
      total += count
    }
    if !rejects.isEmpty { meta[Key.rejectsTotal] = String(total) }
    meta.merge(quality.headerMeta) { _, new in new }
    return meta
  }

  /// Reads the facts from a table header's `meta` (the report merges those of all five
  /// tables). Dates and numbers may have blanks around them; counts below 0 are unknown.
  public init(meta: [String: String]) {
    func text(_ key: String) -> String? {
      meta[key].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    func day(_ key: String) -> LocalDay? { text(key).flatMap { LocalDay(iso: $0) } }
    func int(_ key: String) -> Int? { text(key).flatMap { Int($0) } }
    func count(_ key: String) -> Int64? {
      text(key).flatMap { Int64($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }
    func list(_ key: String) -> [String] {
      (meta[key] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    // Goals: those listed in `goals`, then any other with a key of its own, by name.
    var names = list(Key.goals)
    var others = Set<String>()
    for key in meta.keys where key.hasPrefix(Key.goalPrefix) {
      for fact in GoalFact.allCases where key.hasSuffix("." + fact.rawValue) {
        let name = String(key.dropFirst(Key.goalPrefix.count).dropLast(fact.rawValue.count + 1))
        if !name.isEmpty && !names.contains(name) { others.insert(name) }
      }
    }
    names += others.sorted()
    let goals = names.map { name in
      Goal(
        name: name, description: meta[Key.goal(name, .description)],
        conditions: meta[Key.goal(name, .conditions)],
        weeklyTarget: int(Key.goal(name, .weeklyTarget)))
    }
    var rejects: [String: Int64] = [:]
    for (key, value) in meta where key.hasPrefix(Key.rejectsPrefix) && key != Key.rejectsTotal {
      if let n = Int64(value) { rejects[String(key.dropFirst(Key.rejectsPrefix.count))] = n }
    }
    var lastDays: [String: LocalDay] = [:]
    var arrivals: [String: [String: LocalDay]] = [:]
    for (key, value) in meta {
      guard let d = LocalDay(iso: value.trimmingCharacters(in: .whitespaces)) else { continue }
      if key.hasPrefix(Key.lastDayPrefix) {
        let metric = String(key.dropFirst(Key.lastDayPrefix.count))
        if !metric.isEmpty { lastDays[metric] = d }
      } else if key.hasPrefix(Key.arrivalPrefix) {
        let rest = key.dropFirst(Key.arrivalPrefix.count)
        guard let dot = rest.lastIndex(of: ".") else { continue }
        let metric = String(rest[..<dot])
        let window = String(rest[rest.index(after: dot)...])
        if !metric.isEmpty, !window.isEmpty { arrivals[metric, default: [:]][window] = d }
      }
    }
    var samples: SampleCounts?
    if let read = count(Key.samplesRead), let used = count(Key.samplesUsed),
      let after = count(Key.samplesAfterAsOf), let ignored = count(Key.samplesIgnored)
    {
      samples = SampleCounts(read: read, used: used, afterAsOf: after, ignored: ignored)
    }
    self.init(
      asOf: day(Key.asOf), dataThrough: day(Key.dataThrough), firstDay: day(Key.firstDay),
      pinned: list(Key.pinned), pinnedIgnored: list(Key.pinnedIgnored),
      weekStart: text(Key.weekStart).flatMap { Weekday(name: $0) },
      keyMetrics: list(Key.keyMetrics), goals: goals,
      weeklyActiveTarget: int(Key.weeklyActiveTarget), backfillDays: int(Key.backfillDays),
      windowStart: day(Key.windowStart), nightsLast7: int(Key.nightsLast7),
      daysLast7: int(Key.daysLast7), samples: samples,
      inputs: meta[Key.inputs].flatMap { MetaJSON.decode([InputDescriptor].self, $0) },
      rejects: rejects, quality: DataQualityFacts(meta: meta),
      daysSinceData: text(Key.daysSinceData).flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil },
      lastDays: lastDays,
      partialNights: list(Key.partialNights).compactMap { LocalDay(iso: $0) }.sorted(),
      sleepGoalMinutes: text(Key.sleepGoalMinutes).flatMap { Double($0) }.flatMap {
        $0.isFinite && $0 > 0 ? $0 : nil
      }, arrivals: arrivals)
  }

  /// The export files behind the tables: `inputs` without the stage tables it also names.
  public var exportInputs: [InputDescriptor]? {
    inputs?.filter { TableKind(rawValue: $0.format) == nil }
  }
}
