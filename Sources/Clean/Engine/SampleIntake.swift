import HealthCore

/// The per-sample half of the clean stage: turns each sample of an ingest table into a
/// compact `StoredSample` (strings interned into the pools of `pools`), converts its value
/// to the canonical unit and applies the per-sample rules, in this order: unit
/// normalisation, non-finite, end before start, future date, out of range, unknown sleep
/// stage. The whole-table half (duplicates, source priority) is `MetricResolution`.
///
/// The tests' in-memory engine keeps every row it is given; `CleanStage` spills them to
/// per-metric partitions. Both feed the same intake, so both see the same pool ids and statuses.
struct SampleIntake: Sendable {
  /// The string pools and per-metric catalog lookups; its rows and side table stay empty.
  private(set) var pools = SampleStore()
  /// Samples taken so far.
  private(set) var samplesRead = 0
  private let priority: SourcePriority
  private let inputCount: Int
  private let tableName: String
  private let percents: [PercentConvention]
  private let exportDates: [Int64?]
  private var conversions = UnitConversionCache()
  private var rankCache: [UInt64: UInt16] = [:]

  /// An intake for samples whose origins point into `inputs`. `tableName` names the table
  /// in error messages.
  init(priority: SourcePriority, inputs: [InputDescriptor], tableName: String) {
    self.priority = priority
    self.tableName = tableName
    inputCount = inputs.count
    percents = inputs.map(\.percentConvention)
    exportDates = inputs.map(\.exportDate)
  }

  /// The compact row of one sample (its `side` field `.max`) and its side values (the
  /// value as read when the unit was converted, the converted minimum and maximum), if it
  /// has any. Throws (exit 65) when its origin names an input the table does not list.
  mutating func take(_ sample: Sample) throws -> (row: StoredSample, side: SideValues?) {
    let file = Int(sample.origin.file)
    guard file >= 0 && file < inputCount else {
      throw HealthError.malformed(
        "row \(samplesRead + 1) comes from input \(sample.origin.file), but the table lists "
          + "\(inputCount) input(s)", at: SourceLocation(file: tableName),
        hint: "the samples table is inconsistent; rerun `healthpipe ingest` to rewrite it")
    }
    guard samplesRead < Int(UInt32.max - 1) else {
      throw HealthError.internalError(
        "more than \(UInt32.max - 1) samples in one table; the clean stage indexes rows with 32 bits"
      )
    }
    samplesRead += 1
    let metric = pools.internMetric(sample.metric)
    let unit = pools.units.intern(sample.unit)
    let source = pools.sources.intern(sample.source)
    let device = pools.devices.intern(sample.device)
    var row = StoredSample(
      start: sample.start, end: sample.end, value: sample.value, record: sample.origin.record,
      file: sample.origin.file, utcOffset: sample.utcOffset, metric: metric, unit: unit,
      category: pools.categories.intern(sample.category), source: source, device: device,
      rank: rank(source: source, device: device, sample: sample),
      sourceKind: sample.sourceKind, hrvKind: sample.hrvKind, userEntered: sample.userEntered,
      status: .kept)
    var extremes: Extremes? = nil
    if sample.minimum != nil || sample.maximum != nil {
      extremes = Extremes(minimum: sample.minimum, maximum: sample.maximum)
    }
    let rules = pools.metricRules[Int(metric)]
    if let canonicalUnit = rules.canonicalUnit {
      let percent = percents[file]
      func convert(_ v: Double) -> Double? {
        conversions.canonical(
          v, metric: metric, unit: unit, unitText: sample.unit, canonicalUnit: canonicalUnit,
          percent: percent)
      }
      if let value = convert(sample.value) {
        row.value = value
        extremes = extremes.map { e in
          Extremes(minimum: e.minimum.flatMap(convert), maximum: e.maximum.flatMap(convert))
        }
      } else {
        row.status = .unknownUnit
      }
    }
    if row.status == .kept {
      row.status = Self.validate(
        row, extremes: extremes, rules: rules, exportDate: exportDates[file], sample: sample)
    }
    // Bit patterns, so a NaN keeps its payload and -0 its sign in the rejects.
    let converted = row.value.bitPattern != sample.value.bitPattern
    return (row, SideValues(original: converted ? sample.value : nil, extremes: extremes))
  }

  /// Range validation and its companions, in this order: non-finite, times outside the
  /// years 0001-9999 (out of range), end before start, future date, interval longer than a
  /// year (out of range), out of range, unknown sleep stage.
  private static func validate(
    _ row: StoredSample, extremes: Extremes?, rules: MetricRules, exportDate: Int64?,
    sample: Sample
  ) -> RowStatus {
    if !NonFiniteRule.passes(value: row.value, extremes: extremes) { return .nonFinite }
    if !TimeRangeRule.passes(start: row.start, end: row.end, utcOffset: row.utcOffset) {
      return .outOfRange
    }
    if !EndBeforeStartRule.passes(start: row.start, end: row.end) { return .endBeforeStart }
    if !FutureDateRule.passes(start: row.start, exportDate: exportDate) { return .futureDate }
    if !IntervalLengthRule.passes(start: row.start, end: row.end) { return .outOfRange }
    if !rules.limit.passes(value: row.value, start: row.start, end: row.end) { return .outOfRange }
    if !SleepStageRule.passes(category: sample.category, isSleep: rules.isSleep) {
      return .unknownCategory
    }
    return .kept
  }

  private mutating func rank(source: UInt32, device: UInt32, sample: Sample) -> UInt16 {
    let manual = sample.userEntered || sample.sourceKind == .manual
    let key = UInt64(source) << 32 | UInt64(device) << 1 | (manual ? 1 : 0)
    if let known = rankCache[key] { return known }
    let rank = UInt16(
      clamping: priority.rank(
        source: sample.source, device: sample.device, userEntered: sample.userEntered,
        sourceKind: sample.sourceKind))
    rankCache[key] = rank
    return rank
  }
}
