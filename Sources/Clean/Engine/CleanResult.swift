import HealthCore
import HealthModel

/// The outcome of cleaning: the cleaned samples in table order, the rejects with their
/// reasons, the counts per metric and the sources seen. Produced per metric by `PartitionedClean`.
///
/// Table order: metric id (UTF-8 order), then start, end, source, value, category and
/// origin (input file, record). Rejects are ordered by origin, then metric and start.
public struct CleanResult: Sendable {
  /// The source-priority list used.
  public let priority: SourcePriority
  /// The inputs of the cleaned table.
  public let inputs: [InputDescriptor]
  /// Counts per metric id (catalog id or raw type name).
  public let countsByMetric: [MetricID: CleanCounts]
  /// Counts over all metrics.
  public let total: CleanCounts
  /// Sources seen, highest priority first (then by name).
  public var sources: [CleanFacts.Source] { tally.sources(store.sources, priority: priority) }
  /// Inputs without an export date, whose samples were not checked for future dates.
  public var uncheckedInputs: [UncheckedInput] { tally.uncheckedInputs(inputs) }
  /// The night windows the cleaned sleep rows alone do not show, for the cleaned table's
  /// header (`CleanFacts.nightWindows`; docs/clean.md, "Sleep").
  public let nightWindows: [NightWindow]

  let store: SampleStore
  let order: SampleOrder
  /// Metric pool ids of the rows held, in table order.
  let metricOrder: [UInt32]
  /// Per metric pool id of the rows held: rows kept whole, in table order.
  let whole: [UInt32: [UInt32]]
  /// Per metric pool id of the rows held: pieces of trimmed rows, in table order.
  let pieces: [UInt32: [OrderKey]]

  /// Per source and per input: best ranks and sample counts.
  let tally: RowTally

  /// Resolves the rows of `input` (all of a table's rows, or all rows of some metrics)
  /// with `order`, the table order of the pools they were interned into. The work is
  /// proportional to the rows held and the metrics, sources and inputs they use, not to
  /// the sizes of the pools: clean resolves one metric at a time from pools that hold every
  /// name of the table.
  init(
    resolving input: consuming SampleStore, order: SampleOrder, priority: SourcePriority,
    inputs: [InputDescriptor]
  ) {
    var store = consume input
    self.priority = priority
    self.inputs = inputs
    self.order = order
    let (whole, pieces, nightWindows) = MetricResolution.resolve(
      &store, order: order, priority: priority)
    self.whole = whole
    self.pieces = pieces
    self.nightWindows = nightWindows
    self.store = store
    let (perPool, total) = Self.count(store, pieces: pieces)
    var counts: [MetricID: CleanCounts] = [:]
    for (m, c) in perPool { counts[MetricID(store.metrics[m])] = c }
    countsByMetric = counts
    self.total = total
    let metricRanks = order.metricRank
    metricOrder = perPool.keys.sorted { metricRanks[Int($0)] < metricRanks[Int($1)] }
    tally = RowTally(store)
  }

  /// The facts for the tables' header (`StageFacts.clean`) and the manifest.
  var summary: CleanSummary {
    CleanSummary(
      priority: priority, inputs: inputs, metrics: metrics, countsByMetric: countsByMetric,
      total: total, sources: sources, uncheckedInputs: uncheckedInputs,
      nightWindows: nightWindows, rejectedInputs: tally.rejectedInputs())
  }

  /// What the stage's summary needs of this result (`CleanSummary.Builder`).
  var summaryPart: CleanSummary.Part {
    CleanSummary.Part(countsByMetric: countsByMetric, tally: tally, nightWindows: nightWindows)
  }

  /// Metric ids seen, in table order.
  public var metrics: [MetricID] { metricOrder.map { MetricID(store.metrics[$0]) } }

  /// Calls `body` with every cleaned row in table order (canonical units; pieces of partly
  /// covered cumulative samples carry their share of the value).
  public func forEachCleaned(_ body: (Sample, CleanedPart) throws -> Void) rethrows {
    try forEachCleanedRow(of: metricOrder) { row, part in try body(store.cleanedSample(row), part) }
  }

  /// The cleaned rows of one metric, in table order (e.g. to total a day's steps).
  public func cleanedSamples(metric: MetricID) -> [Sample] {
    let pool = metricOrder.filter { store.metrics[$0] == metric.rawValue }
    var out: [Sample] = []
    forEachCleanedRow(of: pool) { row, _ in out.append(store.cleanedSample(row)) }
    return out
  }

  /// Calls `body` with every cleaned row in table order, as a stored row: a piece is its
  /// sample's row with the piece's start, end and value. Its `side` indexes `sides`.
  func forEachCleanedRow(_ body: (StoredSample, CleanedPart) throws -> Void) rethrows {
    try forEachCleanedRow(of: metricOrder, body)
  }

  /// The cleaned rows of one metric pool id, in table order, as `forEachCleanedRow` gives
  /// them.
  func forEachCleanedRow(metric: UInt32, _ body: (StoredSample, CleanedPart) throws -> Void)
    rethrows
  {
    guard whole[metric] != nil || pieces[metric] != nil else { return }
    try forEachCleanedRow(of: [metric], body)
  }

  /// The side table the cleaned rows' `side` fields index.
  var sides: [SideValues] { store.sides }

  private func forEachCleanedRow(
    of metrics: [UInt32], _ body: (StoredSample, CleanedPart) throws -> Void
  ) rethrows {
    try store.rows.withUnsafeBufferPointer { rows in
      for metric in metrics {
        let rowsOfMetric = whole[metric] ?? []
        let piecesOfMetric = pieces[metric] ?? []
        var w = 0
        var p = 0
        while w < rowsOfMetric.count || p < piecesOfMetric.count {
          let takeWhole: Bool
          if p >= piecesOfMetric.count {
            takeWhole = true
          } else if w >= rowsOfMetric.count {
            takeWhole = false
          } else {
            let r = rows[Int(rowsOfMetric[w])]
            let key = OrderKey(start: r.start, end: r.end, value: r.value, row: rowsOfMetric[w])
            takeWhole = order.precedes(key, piecesOfMetric[p], rows)
          }
          if takeWhole {
            try body(rows[Int(rowsOfMetric[w])], .whole)
            w += 1
          } else {
            let piece = piecesOfMetric[p]
            var row = rows[Int(piece.row)]
            row.start = piece.start
            row.end = piece.end
            row.value = piece.value
            try body(row, piece.firstPiece ? .firstPiece : .laterPiece)
            p += 1
          }
        }
      }
    }
  }

  /// The cleaned samples in table order, as an array (convenient for tests and checks).
  public var cleanedSamples: [Sample] {
    var out: [Sample] = []
    out.reserveCapacity(Int(total.rows))
    forEachCleaned { sample, _ in out.append(sample) }
    return out
  }

  /// Calls `body` with every reject, ordered by origin, with its reason, the value and unit
  /// as read and the origin.
  public func forEachReject(_ body: (Reject) throws -> Void) rethrows {
    let reasons = RejectReasons(pools: store, priority: priority, inputs: inputs)
    try forEachRejectRecord { try body(reasons.reject($0)) }
  }

  /// Calls `body` with what each reject's row needs (see `RejectRecord`), ordered by
  /// origin (input file, record), then metric, start and read order.
  func forEachRejectRecord(_ body: (RejectRecord) throws -> Void) rethrows {
    try forEachRejectRecord(metric: nil, body)
  }

  /// The same, for the rejects of one metric pool id only (all metrics when nil).
  func forEachRejectRecord(metric: UInt32?, _ body: (RejectRecord) throws -> Void) rethrows {
    let metricRanks = order.metricRank
    var indices: [UInt32] = []
    for (i, row) in store.rows.enumerated()
    where !row.status.isCleaned && (metric == nil || row.metric == metric) {
      indices.append(UInt32(i))
    }
    store.rows.withUnsafeBufferPointer { rows in
      indices.sort { a, b in
        let ra = rows[Int(a)]
        let rb = rows[Int(b)]
        if ra.file != rb.file { return ra.file < rb.file }
        if ra.record != rb.record { return ra.record < rb.record }
        if ra.metric != rb.metric {
          return metricRanks[Int(ra.metric)] < metricRanks[Int(rb.metric)]
        }
        if ra.start != rb.start { return ra.start < rb.start }
        return a < b
      }
    }
    for index in indices { try body(RejectRecord(store, index: Int(index))) }
  }

  /// The rejects as an array.
  public var rejects: [Reject] {
    var out: [Reject] = []
    forEachReject { out.append($0) }
    return out
  }

  /// Counts per metric pool id of the rows held, and in total. Rows come grouped by metric
  /// (one partition at a time), so they are counted in a run and the dictionary is touched
  /// once per run.
  private static func count(_ store: SampleStore, pieces: [UInt32: [OrderKey]]) -> (
    [UInt32: CleanCounts], CleanCounts
  ) {
    var perPool: [UInt32: CleanCounts] = [:]
    var run = CleanCounts()
    var runMetric = UInt32.max
    for row in store.rows {
      if row.metric != runMetric {
        if runMetric != .max { perPool[runMetric, default: CleanCounts()].add(run) }
        run = CleanCounts()
        runMetric = row.metric
      }
      run.read += 1
      switch row.status {
      case .kept: run.cleaned += 1
      case .trimmed:
        run.cleaned += 1
        run.trimmed += 1
      case .duplicate: run.duplicate += 1
      case .overlapped: run.overlapped += 1
      default:
        if let code = row.status.rejectCode { run.rejected[code, default: 0] += 1 }
      }
    }
    if runMetric != .max { perPool[runMetric, default: CleanCounts()].add(run) }
    for (m, list) in pieces where perPool[m] != nil { perPool[m]!.pieces += Int64(list.count) }
    var total = CleanCounts()
    for m in perPool.keys.sorted() { total.add(perPool[m]!) }
    return (perPool, total)
  }
}
