import HealthCore
import HealthModel
import HealthSystem

/// Writes cleaned rows (canonical units, table order) into an open table writer and counts
/// what it wrote. Rows come as the stage holds them, with their texts as pool ids, and are
/// written as ids too (`CleanedTexts`): no `Sample`, and no `String` copied, hashed or
/// compared per row (docs/performance.md). The bytes are those of writing each row's
/// `Sample` (`SampleStore.cleanedSample`).
enum CleanedTableWriter {
  /// Streams every row `forEach` gives (a stored row, its converted minimum and maximum,
  /// and which part of its sample it is) into `writer`; `pools` are the pools the rows
  /// were interned into. Nothing is visible until the writer commits.
  static func write(
    _ forEach: ((StoredSample, Extremes?, CleanedPart) throws -> Void) throws -> Void,
    pools: SampleStore, to writer: TableWriter<Sample>, tally: inout WriteTally,
    progress: ProgressMeter
  ) throws {
    let texts = CleanedTexts(pools)
    var runMetric = UInt32.max
    var runCleaned: Int64 = 0
    var runRows: Int64 = 0
    var cleaned: [String: Int64] = [:]
    var rows: [String: Int64] = [:]
    func closeRun() {
      guard runRows > 0 else { return }
      cleaned[pools.metrics[runMetric], default: 0] += runCleaned
      rows[pools.metrics[runMetric], default: 0] += runRows
    }
    var written: Int64 = 0
    try forEach { row, extremes, part in
      // The table is grouped by metric: count runs instead of hashing every row.
      if row.metric != runMetric {
        closeRun()
        runMetric = row.metric
        runCleaned = 0
        runRows = 0
      }
      runRows += 1
      if part != .laterPiece { runCleaned += 1 }
      try texts.append(row, extremes: extremes, to: writer)
      written += 1
      if written & 0xFFFF == 0 { progress.update(bytes: 0, records: written) }
    }
    closeRun()
    tally.cleaned.merge(cleaned, uniquingKeysWith: +)
    tally.rows.merge(rows, uniquingKeysWith: +)
  }
}

/// The texts of cleaned rows as fixed lists that a row's pool ids index, so the table
/// writer takes them by id (`TableWriter.append(_:in:...)`). A cleaned row's unit is its
/// metric's canonical unit, or the unit as read for metrics outside the catalog: the
/// canonical units follow the pool's units in the unit list, one per metric pool id.
struct CleanedTexts {
  private let lists: SampleTextLists
  /// Per metric pool id, the id in the unit list of its canonical unit, or `.max`.
  private let canonicalUnits: [UInt32]

  init(_ pools: SampleStore) {
    let poolUnits = pools.units.strings
    lists = SampleTextLists(
      metric: pools.metrics.strings,
      unit: poolUnits + pools.metricInfo.map { $0?.canonicalUnit ?? "" },
      category: pools.categories.strings, source: pools.sources.strings,
      device: pools.devices.strings)
    canonicalUnits = pools.metricInfo.indices.map { m in
      pools.metricInfo[m] == nil ? .max : UInt32(poolUnits.count + m)
    }
  }

  /// Appends `row` as the samples-table row of its cleaned sample.
  @inline(__always)
  func append(_ row: StoredSample, extremes: Extremes?, to writer: TableWriter<Sample>) throws {
    var sample = row.sample
    let canonical = canonicalUnits[Int(row.metric)]
    if canonical != .max { sample.texts.unit = canonical }
    try writer.append(sample, in: lists, minimum: extremes?.minimum, maximum: extremes?.maximum)
  }
}
