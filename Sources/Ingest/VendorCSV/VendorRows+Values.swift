import HealthModel

extension VendorRows {
  /// Where a value goes: its interval and offset.
  struct Span {
    var start: Int64
    var end: Int64
    var offset: Int32
  }

  /// What a column's number becomes.
  struct Target: Equatable {
    var metric: MetricID
    var unit: String
    var hrv: HRVKind = .none
    var kind: SourceKind = .watch
    var category: String = ""
  }

  /// The number in column `c` as one sample of `target` over `span`: kept, or rejected when
  /// it is not a number; nothing when the cell holds no value. Returns the value kept.
  @discardableResult
  func keepNumber(_ c: Int, as target: Target, over span: Span) throws -> Double? {
    try keepNumber(c, over: span, key: VendorTargetCache.Key(target)) { target }
  }

  /// `keepNumber(c, as: target(), over: span)` with the target's key given (`key`, made
  /// with a `TargetTable`): `target` is read only on a miss, a reject or a `Sample`.
  @inline(__always)
  @discardableResult
  func keepNumber(
    _ c: Int, over span: Span, key: VendorTargetCache.Key?, _ target: () -> Target
  ) throws -> Double? {
    guard let value = number(c) else { return nil }
    switch value {
    case .failure(let bad):
      let t = target()
      try rejectNotANumber(
        column: c, bad, metric: t.metric, start: span.start, utcOffset: span.offset,
        unit: t.unit)
      return nil
    case .success(let v):
      try keep(v, over: span, column: c, key: key, target)
      return v
    }
  }

  /// A sample of this file's source.
  func sample(_ target: Target, _ value: Double, _ span: Span) -> Sample {
    Sample(
      metric: target.metric, start: span.start, end: span.end, utcOffset: span.offset,
      value: value, unit: target.unit, category: target.category, source: source,
      sourceKind: target.kind, hrvKind: target.hrv, origin: sink.origin(line))
  }

  /// A sleep stage total of column `c` (in `unitSeconds` seconds per unit) as a per-night
  /// summary row over `span` (docs/ingest-oura.md, "Nights"): minutes; 0 is no time in that
  /// stage (counted as `zeroSleepStages`, no sample); a negative number is a reject.
  func keepStage(_ c: Int, _ stage: SleepStage, unitSeconds: Double, over span: Span) throws {
    guard let value = number(c) else { return }
    switch value {
    case .failure(let bad):
      try rejectNotANumber(
        column: c, bad, metric: .sleep, start: span.start, utcOffset: span.offset,
        unit: Self.stageUnit(unitSeconds))
    case .success(let v) where v < 0:
      try reject(
        column: c, .badNumber, "\(type(c)) is negative", metric: .sleep, start: span.start,
        end: span.end, utcOffset: span.offset, unit: Self.stageUnit(unitSeconds))
    case .success(let v) where v == 0:
      sink.extra["zeroSleepStages", default: 0] += 1
    case .success(let v):
      let i = stage.position
      try keep(v * unitSeconds / 60, over: span, column: c, key: Self.stageTable.keys[i]) {
        Self.stageTable.targets[i]
      }
    }
  }

  /// The unit a stage column's rejected cell is written in (made only for a reject).
  private static func stageUnit(_ unitSeconds: Double) -> String {
    unitSeconds == 60 ? "min" : "s"
  }

  /// The target of each sleep stage's minutes, at the stage's `position`: made once, not
  /// per value (the column is the caller's, so the table's columns are unused).
  private static let stageTable = TargetTable(
    SleepStage.allCases.map { (0, Target(metric: .sleep, unit: "min", category: $0.rawValue)) })

  /// Rejects every non-empty cell of `columns` with the same reason (values that cannot be
  /// placed because the times of their row are missing or bad).
  func rejectAll(_ columns: [Int], _ code: RejectCode, _ reason: String, metric: MetricID)
    throws
  {
    for c in columns where cell(c) != nil {
      try reject(column: c, code, reason, metric: metric)
    }
  }
}

extension SleepStage {
  /// The stage's place in `allCases` (a stage's table entry, found without a search).
  var position: Int {
    switch self {
    case .inBed: 0
    case .asleepUnspecified: 1
    case .asleepCore: 2
    case .asleepDeep: 3
    case .asleepREM: 4
    case .awake: 5
    }
  }
}
