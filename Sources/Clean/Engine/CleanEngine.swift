import HealthCore

/// The clean stage's rules on samples in memory, without files: feed it the samples of an
/// ingest table with `add(_:)`, then `finish()` for the cleaned samples, the rejects and
/// the counts. `CleanStage` wraps it with table files; tests and benchmarks call it directly.
///
/// Order (design section 6): unit normalisation → range validation (with non-finite values,
/// end before start and future dates) → exact duplicates → source-priority arbitration.
///
/// ```swift
/// var engine = CleanEngine(priority: .standard, inputs: header.inputs)
/// for sample in samples { try engine.add(sample) }
/// let result = engine.finish()
/// let steps = result.cleanedSamples.filter { $0.metric == .steps }
/// ```
///
/// Memory: about 90 bytes per sample read (a compact row; strings are pooled).
public struct CleanEngine: Sendable {
  /// The source-priority list in force.
  public let priority: SourcePriority
  /// The inputs of the table being cleaned; a sample's `origin.file` indexes this list.
  public let inputs: [InputDescriptor]
  private let tableName: String
  private let percents: [PercentConvention]
  private let exportDates: [Int64?]
  private var store = SampleStore()
  private var conversions = UnitConversionCache()
  private var rankCache: [UInt64: UInt16] = [:]

  /// Samples added so far.
  public var samplesRead: Int { store.rows.count }

  /// An engine for samples whose origins point into `inputs` (the samples table header's
  /// input list: it gives each sample's `%` convention and export date). `tableName` names
  /// the table in error messages.
  public init(
    priority: SourcePriority = .standard, inputs: [InputDescriptor],
    tableName: String = "samples table"
  ) {
    self.priority = priority
    self.inputs = inputs
    self.tableName = tableName
    percents = inputs.map(\.percentConvention)
    exportDates = inputs.map(\.exportDate)
  }

  /// Reserves room for about `count` samples, so a large table is not copied as it grows
  /// (untouched room costs address space, not memory).
  public mutating func reserveCapacity(_ count: Int) {
    store.rows.reserveCapacity(count)
  }

  /// Adds one sample as ingest wrote it (value and unit as read) and applies the per-sample
  /// rules. Throws (exit 65) when its origin names an input the table does not list.
  public mutating func add(_ sample: Sample) throws {
    let file = Int(sample.origin.file)
    guard file >= 0 && file < inputs.count else {
      throw HealthError.malformed(
        "row \(store.rows.count + 1) comes from input \(sample.origin.file), but the table lists "
          + "\(inputs.count) input(s)", at: SourceLocation(file: tableName),
        hint: "the samples table is inconsistent; rerun `healthpipe ingest` to rewrite it")
    }
    guard store.rows.count < Int(UInt32.max - 1) else {
      throw HealthError.internalError(
        "more than \(UInt32.max - 1) samples in one table; the clean stage indexes rows with 32 bits"
      )
    }
    let metric = store.internMetric(sample.metric)
    let unit = store.units.intern(sample.unit)
    let source = store.sources.intern(sample.source)
    let device = store.devices.intern(sample.device)
    var row = StoredSample(
      start: sample.start, end: sample.end, value: sample.value, original: sample.value,
      record: sample.origin.record, file: sample.origin.file, utcOffset: sample.utcOffset,
      metric: metric, unit: unit, category: store.categories.intern(sample.category),
      source: source, device: device, extremes: .max, related: .max,
      rank: rank(source: source, device: device, sample: sample),
      sourceKind: UInt8(SourceKind.allCases.firstIndex(of: sample.sourceKind) ?? 0),
      hrvKind: UInt8(HRVKind.allCases.firstIndex(of: sample.hrvKind) ?? 0),
      userEntered: sample.userEntered, status: .kept)
    var extremes: Extremes? = nil
    if sample.minimum != nil || sample.maximum != nil {
      extremes = Extremes(minimum: sample.minimum, maximum: sample.maximum)
    }
    let rules = store.metricRules[Int(metric)]
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
    if let extremes {
      row.extremes = UInt32(store.extremes.count)
      store.extremes.append(extremes)
    }
    store.rows.append(row)
  }

  /// Range validation and its companions, in this order: non-finite, end before start,
  /// future date, interval longer than a year (out of range), out of range, unknown sleep
  /// stage.
  private static func validate(
    _ row: StoredSample, extremes: Extremes?, rules: MetricRules, exportDate: Int64?,
    sample: Sample
  ) -> RowStatus {
    if !NonFiniteRule.passes(value: row.value, extremes: extremes) { return .nonFinite }
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

  /// Removes exact duplicates, arbitrates between sources and returns the result. The
  /// engine is empty afterwards.
  public mutating func finish() -> CleanResult {
    var taken = SampleStore()
    swap(&taken, &store)
    return CleanResult(
      resolving: taken, priority: priority, inputs: inputs)
  }
}
