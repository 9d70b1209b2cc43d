import HealthCore
import HealthModel
import HealthSystem

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
  /// The aggregate's facts (`StageFacts.aggregate` of the daily table's header, read once
  /// per run by `ReportStage`).
  public var facts: AggregateFacts { didSet { meta = ReportMeta(facts) } }
  /// The report's view of `facts`, made once: what the model and digest builders read.
  public private(set) var meta: ReportMeta
  /// The files read.
  public var files: [String]

  /// Creates inputs from rows (tests, benchmarks).
  public init(
    daily: [DailyValue] = [], baselines: [BaselineRow] = [], scores: [ScoreRow] = [],
    streaks: [StreakRow] = [], weekly: [WeeklyRow] = [], facts: AggregateFacts = AggregateFacts(),
    files: [String] = []
  ) {
    self.daily = daily
    self.baselines = baselines
    self.scores = scores
    self.streaks = streaks
    self.weekly = weekly
    self.facts = facts
    self.meta = ReportMeta(facts)
    self.files = files
  }

  /// Reads the five tables from `directory`. Rows before `from` (when given) are skipped
  /// while streaming, so a five-year daily table costs little memory. A missing folder or
  /// table is exit 66; a damaged table is exit 65 (from the table reader). `facts` are the
  /// folder's facts as `ReportStage` read them once (`recordedFacts(ofFolder:)`).
  public static func read(
    directory: String, from: LocalDay? = nil, facts: AggregateFacts = AggregateFacts()
  ) throws -> ReportInputs {
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
    var inputs = ReportInputs(facts: facts)
    let dailyPath = try path(AggregateFolder.daily)
    try TableFile.stream(DailyValue.self, from: dailyPath, limits: .displayable) { block in
      for r in block where from.map({ r.day >= $0 }) ?? true { inputs.daily.append(r) }
    }
    let baselinesPath = try path(AggregateFolder.baselines)
    try TableFile.stream(BaselineRow.self, from: baselinesPath, limits: .displayable) { block in
      for r in block where from.map({ r.day >= $0 }) ?? true { inputs.baselines.append(r) }
    }
    let scoresPath = try path(AggregateFolder.scores)
    try TableFile.stream(ScoreRow.self, from: scoresPath, limits: .displayable) { block in
      for r in block where from.map({ r.day >= $0 }) ?? true { inputs.scores.append(r) }
    }
    let streaksPath = try path(AggregateFolder.streaks)
    let streaks = try TableFile.read(StreakRow.self, from: streaksPath, limits: .displayable)
    inputs.streaks = streaks.rows
    let weeklyPath = try path(AggregateFolder.weekly)
    try TableFile.stream(WeeklyRow.self, from: weeklyPath, limits: .displayable) { block in
      for r in block where from.map({ r.weekStart >= $0.adding(days: -7) }) ?? true {
        inputs.weekly.append(r)
      }
    }
    inputs.files = [dailyPath, baselinesPath, scoresPath, streaksPath, weeklyPath]
    try inputs.readHabits(directory: directory, from: from)
    return inputs
  }
}
