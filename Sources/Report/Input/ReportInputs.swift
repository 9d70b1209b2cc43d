import HealthCore

/// The aggregate stage's tables, read from its output folder, restricted to the days a
/// report can show.
public struct ReportInputs: Sendable {
  /// Daily values.
  public var daily: [DailyValue]
  /// Windows, baselines and ranges of the key metrics.
  public var baselines: [BaselineRow]
  /// Scores per day.
  public var scores: [ScoreRow]
  /// Goal streaks at the as-of date.
  public var streaks: [StreakRow]
  /// Weekly rows.
  public var weekly: [WeeklyRow]
  /// Habit days (`ReportInputs+Habits.swift`).
  public var habits: [HabitDayRow] = []
  /// The header facts of all five tables merged (the daily table's win on conflicts).
  public var meta: [String: String] { didSet { facts = AggregateFacts(meta: meta) } }
  /// `meta` parsed once (`AggregateFacts`): what the model and digest builders read, so a
  /// report parses the aggregate's facts once per run.
  public private(set) var facts: AggregateFacts
  /// The files read.
  public var files: [String]

  /// Creates inputs from rows (tests, benchmarks).
  public init(
    daily: [DailyValue] = [], baselines: [BaselineRow] = [], scores: [ScoreRow] = [],
    streaks: [StreakRow] = [], weekly: [WeeklyRow] = [], meta: [String: String] = [:],
    files: [String] = []
  ) {
    self.daily = daily
    self.baselines = baselines
    self.scores = scores
    self.streaks = streaks
    self.weekly = weekly
    self.meta = meta
    self.facts = AggregateFacts(meta: meta)
    self.files = files
  }

  /// Reads the five tables from `directory`. Rows before `from` (when given) are skipped
  /// while streaming, so a five-year daily table costs little memory. A missing folder or
  /// table is exit 66; a damaged table is exit 65 (from the table reader).
  public static func read(directory: String, from: LocalDay? = nil) throws -> ReportInputs {
    guard SystemCalls.isDirectory(directory) else {
      throw HealthError(
        .noInput, "cannot open the aggregate folder: it does not exist or is not a folder",
        at: SourceLocation(file: directory),
        hint: "run `healthpipe aggregate SAMPLES --out \(directory)` first")
    }
    func path(_ name: String) throws -> String {
      let p = AggregateFolder.path(name, in: directory)
      guard SystemCalls.fileStatus(p) != nil else {
        throw HealthError(
          .noInput, "the aggregate folder has no \(name)", at: SourceLocation(file: p),
          hint: "rerun `healthpipe aggregate` into this folder; it writes "
            + AggregateFolder.tables.joined(separator: ", "))
      }
      return p
    }
    var inputs = ReportInputs()
    var metas: [[String: String]] = []
    let dailyPath = try path(AggregateFolder.daily)
    metas.append(
      try TableFile.stream(DailyValue.self, from: dailyPath, limits: .displayable) { block in
        for r in block where from.map({ r.day >= $0 }) ?? true { inputs.daily.append(r) }
      }.meta)
    let baselinesPath = try path(AggregateFolder.baselines)
    metas.append(
      try TableFile.stream(BaselineRow.self, from: baselinesPath, limits: .displayable) { block in
        for r in block where from.map({ r.day >= $0 }) ?? true { inputs.baselines.append(r) }
      }.meta)
    let scoresPath = try path(AggregateFolder.scores)
    metas.append(
      try TableFile.stream(ScoreRow.self, from: scoresPath, limits: .displayable) { block in
        for r in block where from.map({ r.day >= $0 }) ?? true { inputs.scores.append(r) }
      }.meta)
    let streaksPath = try path(AggregateFolder.streaks)
    let streaks = try TableFile.read(StreakRow.self, from: streaksPath, limits: .displayable)
    inputs.streaks = streaks.rows
    metas.append(streaks.header.meta)
    let weeklyPath = try path(AggregateFolder.weekly)
    metas.append(
      try TableFile.stream(WeeklyRow.self, from: weeklyPath, limits: .displayable) { block in
        for r in block where from.map({ r.weekStart >= $0.adding(days: -7) }) ?? true {
          inputs.weekly.append(r)
        }
      }.meta)
    var merged: [String: String] = [:]
    for meta in metas {
      for (k, v) in meta where merged[k] == nil { merged[k] = v }
    }
    inputs.meta = merged
    inputs.files = [dailyPath, baselinesPath, scoresPath, streaksPath, weeklyPath]
    try inputs.readHabits(directory: directory, from: from)
    return inputs
  }
}
