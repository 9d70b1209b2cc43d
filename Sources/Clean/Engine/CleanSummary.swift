import HealthCore
import HealthModel

/// The facts about a whole clean run that go into both tables' header facts (`StageFacts.clean`) and into the
/// manifest: counts per metric and in total, the sources seen and the inputs without an
/// export date. `CleanResult` has one for the samples it holds; the partitioned stage adds
/// up one per metric (`CleanSummary.Builder`).
struct CleanSummary: Sendable {
  /// The source-priority list used.
  var priority: SourcePriority
  /// The inputs of the cleaned table.
  var inputs: [InputDescriptor]
  /// Metric ids seen, in table order.
  var metrics: [MetricID]
  /// Counts per metric id.
  var countsByMetric: [MetricID: CleanCounts]
  /// Counts over all metrics.
  var total: CleanCounts
  /// Sources seen, highest priority first (then by name).
  var sources: [CleanFacts.Source]
  /// Inputs without an export date, whose samples were not checked for future dates.
  var uncheckedInputs: [UncheckedInput]
  /// The night windows the cleaned sleep rows alone do not show.
  var nightWindows: [NightWindow]
  /// Inputs whose every sample broke a per-sample rule: clean kept nothing of them.
  var rejectedInputs: [RejectedInput]

  /// What the summary needs of the result of some metrics' rows, without the rows: kept
  /// while the other metrics are resolved (`PartitionedClean.resolveByMetric`).
  struct Part: Sendable {
    /// Counts per metric id.
    var countsByMetric: [MetricID: CleanCounts]
    /// Per source and per input: best ranks and sample counts.
    var tally: RowTally
    /// The night windows the cleaned sleep rows alone do not show.
    var nightWindows: [NightWindow]
  }

  /// Adds up the summaries of disjoint sets of rows (one per metric) that share one set of
  /// pools.
  struct Builder {
    private let pools: SampleStore
    private let priority: SourcePriority
    private let inputs: [InputDescriptor]
    private var counts: [MetricID: CleanCounts] = [:]
    private var tally: RowTally
    private var nightWindows: [NightWindow] = []

    /// A builder for rows interned into `pools`.
    init(pools: SampleStore, priority: SourcePriority, inputs: [InputDescriptor]) {
      self.pools = pools
      self.priority = priority
      self.inputs = inputs
      tally = RowTally()
    }

    /// Adds the result of one metric's rows.
    mutating func add(_ result: CleanResult) {
      add(result.summaryPart)
    }

    /// Adds what the summary needs of one metric's result (`CleanResult.summaryPart`).
    /// Parts are added in table order, so the night windows stay in day order.
    mutating func add(_ part: Part) {
      for (metric, count) in part.countsByMetric {
        counts[metric, default: CleanCounts()].add(count)
      }
      tally.add(part.tally)
      nightWindows += part.nightWindows
    }

    /// The summary of everything added, metrics in table order.
    func build() -> CleanSummary {
      let ranks = pools.metrics.sortRanks()
      let order = (0..<UInt32(pools.metrics.count)).sorted { ranks[Int($0)] < ranks[Int($1)] }
      let metrics = order.map { MetricID(pools.metrics[$0]) }
      var total = CleanCounts()
      for metric in metrics { total.add(counts[metric] ?? CleanCounts()) }
      return CleanSummary(
        priority: priority, inputs: inputs, metrics: metrics, countsByMetric: counts,
        total: total, sources: tally.sources(pools.sources, priority: priority),
        uncheckedInputs: tally.uncheckedInputs(inputs), nightWindows: nightWindows,
        rejectedInputs: tally.rejectedInputs())
    }
  }

  /// The cleaned table's input list `inputs` with the problem of each input clean kept
  /// nothing of (one that ingest already found a problem with keeps that one).
  func marking(_ inputs: [InputDescriptor]) -> [InputDescriptor] {
    var marked = inputs
    for r in rejectedInputs where r.index < marked.count && marked[r.index].problem == nil {
      marked[r.index].problem = InputProblem(
        kind: .nothingKept, stage: "clean", message: r.message,
        exitCode: ExitCode.dataError.rawValue)
    }
    return marked
  }
}

/// What the summary needs of the rows per source and per input: the best rank and the
/// sample count of each source pool id, and the sample count of each input. Tallies of
/// disjoint rows add up. Only the sources and inputs the rows use have entries, so a
/// tally costs what its rows cost, however many sources and inputs the table lists (one
/// per metric is made and added up; arrays as long as the pools made clean quadratic).
struct RowTally: Sendable {
  /// Best (lowest) rank and sample count of a source pool id.
  struct SourceTally: Sendable {
    var bestRank = Int.max
    var samples: Int64 = 0
  }

  /// Per source pool id with samples.
  private(set) var bySource: [UInt32: SourceTally] = [:]
  /// Samples per input index with samples.
  private(set) var samplesByFile: [Int32: Int64] = [:]
  /// Samples per input index and status (`RowStatus.rawValue`), for inputs with samples.
  private(set) var statusesByFile: [Int32: [Int64]] = [:]

  /// An empty tally.
  init() {}

  /// The tally of a store's rows.
  init(_ store: SampleStore) {
    // Sources are pool ids from 0, a few per partition but alternating row by row when
    // phone and watch interleave: counted in an array by id, then added once each.
    var sources = DenseSourceTallies()
    var file = Int32.min
    var statuses = [Int64](repeating: 0, count: RowStatus.count)
    for row in store.rows {
      sources.add(row.source, rank: Int(row.rank))
      if row.file != file {
        if file != .min { addFile(file, statuses) }
        file = row.file
        statuses = [Int64](repeating: 0, count: RowStatus.count)
      }
      statuses[Int(row.status.rawValue)] += 1
    }
    sources.visit { addSource($0, $1) }
    if file != .min { addFile(file, statuses) }
  }

  private mutating func addSource(_ id: UInt32, _ t: SourceTally) {
    var mine = bySource[id] ?? SourceTally()
    mine.bestRank = min(mine.bestRank, t.bestRank)
    mine.samples += t.samples
    bySource[id] = mine
  }

  private mutating func addFile(_ file: Int32, _ statuses: [Int64]) {
    samplesByFile[file, default: 0] += statuses.reduce(0, +)
    var mine = statusesByFile[file] ?? [Int64](repeating: 0, count: RowStatus.count)
    for s in statuses.indices { mine[s] += statuses[s] }
    statusesByFile[file] = mine
  }

  /// Adds the tally of other rows interned into the same pools.
  mutating func add(_ other: RowTally) {
    for (id, t) in other.bySource { addSource(id, t) }
    for (file, statuses) in other.statusesByFile { addFile(file, statuses) }
  }

  /// The sources seen, by rank and then by name (UTF-8 order).
  func sources(_ names: TextPool, priority: SourcePriority) -> [CleanFacts.Source] {
    let ids = bySource.keys.sorted { a, b in
      let (x, y) = (bySource[a]!, bySource[b]!)
      if x.bestRank != y.bestRank { return x.bestRank < y.bestRank }
      return names[a].utf8.lexicographicallyPrecedes(names[b].utf8)
    }
    return ids.map { id in
      let t = bySource[id]!
      return CleanFacts.Source(
        name: names[id], rank: t.bestRank,
        priority: priority.label(ofRank: t.bestRank, metric: nil),
        samples: t.samples)
    }
  }

  /// The inputs with samples of which every one broke a per-sample rule (none kept, none
  /// a duplicate or overlap of another sample), with their most common reason.
  func rejectedInputs() -> [RejectedInput] {
    statusesByFile.keys.sorted().compactMap { file in
      let counts = statusesByFile[file]!
      let samples = samplesByFile[file] ?? 0
      let statuses = (0..<RowStatus.count).compactMap { RowStatus(rawValue: UInt8($0)) }
      let rejected = statuses.filter(\.isRuleReject).reduce(Int64(0)) {
        $0 + counts[Int($1.rawValue)]
      }
      guard samples > 0, rejected == samples else { return nil }
      let top = statuses.filter(\.isRuleReject).max { a, b in
        let (ca, cb) = (counts[Int(a.rawValue)], counts[Int(b.rawValue)])
        return ca != cb ? ca < cb : a.rawValue > b.rawValue
      }!
      return RejectedInput(
        index: Int(file), samples: samples, mostCommon: top.rejectCode!,
        mostCommonCount: counts[Int(top.rawValue)])
    }
  }

  /// The inputs without an export date that have samples.
  func uncheckedInputs(_ inputs: [InputDescriptor]) -> [UncheckedInput] {
    samplesByFile.keys.sorted().compactMap { file in
      let index = Int(file)
      guard index < inputs.count, inputs[index].exportDate == nil else { return nil }
      let input = inputs[index]
      return UncheckedInput(
        index: index, path: input.path, format: input.format, samples: samplesByFile[file]!)
    }
  }
}
