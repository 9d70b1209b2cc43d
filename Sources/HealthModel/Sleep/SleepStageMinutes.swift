/// One night's minutes by class of stage (docs/aggregate.md, "Sleep day"), the part of a
/// night that aggregate works out from the cleaned rows (`SleepNight`) and the report reads
/// back from the daily table's sleep series (`ReportSleepNight`): one type, so the two
/// agree on which series holds which stage and on what "staged" and "unstaged" mean.
public struct SleepStageMinutes: Sendable, Hashable {
  /// Asleep minutes: every asleep stage together (unspecified, core, deep, REM).
  public var asleep: Double?
  /// In-bed minutes.
  public var inBed: Double?
  /// Core minutes (nil without stage data).
  public var core: Double?
  /// Deep minutes (nil without stage data).
  public var deep: Double?
  /// REM minutes (nil without stage data).
  public var rem: Double?
  /// Awake minutes (nil without awake rows or stage data).
  public var awake: Double?

  /// No minutes of any stage.
  public init() {}

  /// The daily series of each stage, in the daily table's fixed order.
  public static let series:
    [(id: MetricID, minutes: any WritableKeyPath<SleepStageMinutes, Double?> & Sendable)] =
      [
        (.sleepAsleep, \.asleep), (.sleepInBed, \.inBed), (.sleepCore, \.core),
        (.sleepDeep, \.deep), (.sleepREM, \.rem), (.sleepAwake, \.awake),
      ]

  /// The minutes each stage's series gives (`value(id)`: the series' value, or nil).
  public init(_ value: (MetricID) -> Double?) {
    for (id, minutes) in Self.series { self[keyPath: minutes] = value(id) }
  }

  /// Whether the night has stage data (core, deep or REM minutes).
  public var hasStages: Bool { core != nil || deep != nil || rem != nil }

  /// Asleep time without a stage (older watches, other apps): asleep minus the staged
  /// minutes, when that is at least one minute; nil otherwise.
  public var unstaged: Double? {
    guard let asleep else { return nil }
    let rest = asleep - ((core ?? 0) + (deep ?? 0) + (rem ?? 0))
    return rest >= 1 ? rest : nil
  }

  /// Whether any stage has minutes.
  public var hasData: Bool { Self.series.contains { self[keyPath: $0.minutes] != nil } }
}
