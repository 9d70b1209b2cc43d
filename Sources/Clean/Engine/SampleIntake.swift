import HealthCore
import HealthModel

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
  /// The last ranks found, direct-mapped by key: an iPhone + Watch export alternates
  /// between a few (source, device) pairs row by row, so most rows skip `rankCache`
  /// (`.max` is no key: it would need source pool id 2³² − 1).
  private var recentRankKeys = [UInt64](repeating: .max, count: 16)
  private var recentRanks = [UInt16](repeating: 0, count: 16)
  private var healthConnectRanks: [HealthConnectRankKey: UInt16] = [:]

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
    try count(file: sample.origin.file)
    let texts = SampleTextIDs(
      metric: pools.internMetric(sample.metric), unit: pools.units.intern(sample.unit),
      category: pools.categories.intern(sample.category),
      source: pools.sources.intern(sample.source), device: pools.devices.intern(sample.device))
    return stored(
      texts, start: sample.start, end: sample.end, utcOffset: sample.utcOffset,
      value: sample.value, minimum: sample.minimum, maximum: sample.maximum,
      sourceKind: sample.sourceKind, hrvKind: sample.hrvKind, userEntered: sample.userEntered,
      origin: sample.origin)
  }

  /// Takes every row of a block, in order, as `take(_:)` takes its `Sample`, and hands
  /// each compact row and its side values to `body`. Each distinct text of the block is
  /// interned once, when a row first uses it, so the pool ids are the ones a row-by-row
  /// reading gives and no `String` is touched per row (docs/performance.md).
  mutating func take(
    _ block: SampleBlock, _ body: (StoredSample, SideValues?) throws -> Void
  ) throws {
    var metrics = BlockTextIDs(block.metrics)
    var units = BlockTextIDs(block.units)
    var categories = BlockTextIDs(block.categories)
    var sources = BlockTextIDs(block.sources)
    var devices = BlockTextIDs(block.devices)
    for row in 0..<block.rowCount {
      let origin = block.origins[row]
      try count(file: origin.file)
      let texts = SampleTextIDs(
        metric: metrics.id(of: row, in: block.metrics) { pools.internMetric(MetricID($0)) },
        unit: units.id(of: row, in: block.units) { pools.units.intern($0) },
        category: categories.id(of: row, in: block.categories) { pools.categories.intern($0) },
        source: sources.id(of: row, in: block.sources) { pools.sources.intern($0) },
        device: devices.id(of: row, in: block.devices) { pools.devices.intern($0) })
      let (stored, side) = stored(
        texts, start: block.starts[row], end: block.ends[row],
        utcOffset: block.utcOffsets[row], value: block.values[row],
        minimum: block.minimum(row), maximum: block.maximum(row),
        sourceKind: block.sourceKinds[row], hrvKind: block.hrvKinds[row],
        userEntered: block.userEntered[row], origin: origin)
      try body(stored, side)
    }
    try checkNames()
  }

  /// Exit 65 for a table with more distinct source or metric names than ingest keeps
  /// (`IngestLimits`): only a table written by something else can hold more, and every
  /// later step keeps one entry per name (docs/reliability.md, "Limits").
  private func checkNames() throws {
    for (count, limit, noun) in [
      (pools.sources.count, IngestLimits.distinctSources, "source names"),
      (pools.metrics.count, IngestLimits.distinctMetrics, "metric names"),
    ] where count > limit {
      throw HealthError.malformed(
        "the table holds more than \(limit) distinct \(noun) (the most healthpipe keeps apart)",
        at: SourceLocation(file: tableName),
        hint: "ingest writes at most \(limit); rerun `healthpipe ingest` to rewrite the table")
    }
  }

  /// Counts one more sample; throws when its origin names an input the table does not list.
  private mutating func count(file: Int32) throws {
    guard file >= 0 && Int(file) < inputCount else {
      throw HealthError.malformed(
        "row \(samplesRead + 1) comes from input \(file), but the table lists "
          + "\(inputCount) input(s)", at: SourceLocation(file: tableName),
        hint: "the samples table is inconsistent; rerun `healthpipe ingest` to rewrite it")
    }
    guard samplesRead < Int(UInt32.max - 1) else {
      throw HealthError.internalError(
        "more than \(UInt32.max - 1) samples in one table; the clean stage indexes rows with 32 bits"
      )
    }
    samplesRead += 1
  }

  /// The compact row and side values of a sample whose texts are interned: the value
  /// converted to the metric's canonical unit, then the per-sample rules.
  private mutating func stored(
    _ texts: SampleTextIDs, start: Int64, end: Int64, utcOffset: Int32, value: Double,
    minimum: Double?, maximum: Double?, sourceKind: SourceKind, hrvKind: HRVKind,
    userEntered: Bool, origin: Origin
  ) -> (row: StoredSample, side: SideValues?) {
    let file = Int(origin.file)
    let metric = texts.metric
    var row = StoredSample(
      CompactSample(
        start: start, end: end, value: value, origin: origin, utcOffset: utcOffset,
        texts: texts, sourceKind: sourceKind, hrvKind: hrvKind, userEntered: userEntered),
      rank: rank(
        source: texts.source, device: texts.device, userEntered: userEntered,
        sourceKind: sourceKind, file: origin.file, metric: metric),
      status: .kept)
    var extremes: Extremes? = nil
    if minimum != nil || maximum != nil {
      extremes = Extremes(minimum: minimum, maximum: maximum)
    }
    let rules = pools.metricRules[Int(metric)]
    if let canonicalUnit = rules.canonicalUnit {
      let percent = percents[file]
      let unit = texts.unit
      if let converted = conversions.canonical(
        value, metric: metric, unit: unit, unitTexts: pools.units.strings,
        canonicalUnit: canonicalUnit, percent: percent)
      {
        row.value = converted
        if let e = extremes {
          var c = Extremes()
          if let m = e.minimum {
            c.minimum = conversions.canonical(
              m, metric: metric, unit: unit, unitTexts: pools.units.strings,
              canonicalUnit: canonicalUnit, percent: percent)
          }
          if let m = e.maximum {
            c.maximum = conversions.canonical(
              m, metric: metric, unit: unit, unitTexts: pools.units.strings,
              canonicalUnit: canonicalUnit, percent: percent)
          }
          extremes = c
        }
      } else {
        row.status = .unknownUnit
      }
    }
    if row.status == .kept {
      row.status = validate(row, extremes: extremes, rules: rules, exportDate: exportDates[file])
    }
    // Bit patterns, so a NaN keeps its payload and -0 its sign in the rejects.
    let converted = row.value.bitPattern != value.bitPattern
    return (row, SideValues(original: converted ? value : nil, extremes: extremes))
  }

  /// Range validation and its companions, in this order: non-finite, times outside the
  /// years 0001-9999 (out of range), end before start, future date, interval longer than a
  /// year (out of range), out of range, unknown sleep stage.
  private func validate(
    _ row: StoredSample, extremes: Extremes?, rules: MetricRules, exportDate: Int64?
  ) -> RowStatus {
    if !NonFiniteRule.passes(value: row.value, extremes: extremes) { return .nonFinite }
    if !TimeRangeRule.passes(start: row.start, end: row.end, utcOffset: row.utcOffset) {
      return .outOfRange
    }
    if !EndBeforeStartRule.passes(start: row.start, end: row.end) { return .endBeforeStart }
    if !FutureDateRule.passes(start: row.start, exportDate: exportDate) { return .futureDate }
    if !IntervalLengthRule.passes(start: row.start, end: row.end) { return .outOfRange }
    if !rules.limit.passes(value: row.value, start: row.start, end: row.end) { return .outOfRange }
    if rules.isSleep
      && !SleepStageRule.passes(category: pools.categories[row.category], isSleep: true)
    {
      return .unknownCategory
    }
    return .kept
  }

  private mutating func rank(
    source: UInt32, device: UInt32, userEntered: Bool, sourceKind: SourceKind, file: Int32,
    metric: UInt32
  ) -> UInt16 {
    if priority.healthConnect != nil {
      return healthConnectRank(
        source: source, device: device, userEntered: userEntered, sourceKind: sourceKind,
        file: file, metric: metric)
    }
    let manual = userEntered || sourceKind == .manual
    let key = UInt64(source) << 32 | UInt64(device) << 1 | (manual ? 1 : 0)
    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 60)
    if recentRankKeys[slot] == key { return recentRanks[slot] }
    let rank: UInt16
    if let known = rankCache[key] {
      rank = known
    } else {
      rank = UInt16(
        clamping: priority.rank(
          source: pools.sources[source], device: pools.devices[device],
          userEntered: userEntered, sourceKind: sourceKind))
      rankCache[key] = rank
    }
    recentRankKeys[slot] = key
    recentRanks[slot] = rank
    return rank
  }

  /// The rank when the Health Connect exports' orders are in force: it depends on the
  /// input and the metric's category too (`SourcePriority+HealthConnect.swift`).
  private mutating func healthConnectRank(
    source: UInt32, device: UInt32, userEntered: Bool, sourceKind: SourceKind, file: Int32,
    metric: UInt32
  ) -> UInt16 {
    let manual = userEntered || sourceKind == .manual
    let key = HealthConnectRankKey(
      source: source, device: device, manual: manual, file: file, metric: metric)
    if let known = healthConnectRanks[key] { return known }
    let rank = UInt16(
      clamping: priority.rank(
        file: file, metric: MetricID(pools.metrics[metric]), source: pools.sources[source],
        device: pools.devices[device], userEntered: userEntered, sourceKind: sourceKind))
    healthConnectRanks[key] = rank
    return rank
  }
}

/// What a rank depends on when the Health Connect exports' orders are in force.
private struct HealthConnectRankKey: Hashable, Sendable {
  var source: UInt32
  var device: UInt32
  var manual: Bool
  var file: Int32
  var metric: UInt32
}

/// The pool id of each distinct text of one block column, found when a row first uses it.
private struct BlockTextIDs {
  private var ids: [UInt32]

  /// Room for every text of `column` (one entry for "" where its dictionary is empty).
  init(_ column: DecodedColumn) {
    ids = [UInt32](repeating: .max, count: max(1, column.stringDictionary.count))
  }

  /// The pool id of row `row`'s text in a string column, interning it when new ("" where
  /// the column's dictionary is empty, as `DecodedColumn.string(at:)` reads it).
  @inline(__always)
  mutating func id(of row: Int, in column: DecodedColumn, _ intern: (String) -> UInt32)
    -> UInt32
  {
    let entry = column.stringDictionary.isEmpty ? 0 : Int(column.stringIndices[row])
    if ids[entry] == .max { ids[entry] = intern(column.string(at: row)) }
    return ids[entry]
  }
}
