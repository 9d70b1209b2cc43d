import HealthCore

/// The facts about a whole clean run that go into both tables' header `meta` and into the
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
      tally = RowTally(sourceCount: pools.sources.count, inputCount: inputs.count)
    }

    /// Adds the result of one metric's rows.
    mutating func add(_ result: CleanResult) {
      for metric in result.metrics {
        counts[metric, default: CleanCounts()].add(result.countsByMetric[metric] ?? CleanCounts())
      }
      tally.add(result.tally)
      nightWindows += result.nightWindows
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
/// disjoint rows add up.
struct RowTally: Sendable {
  /// Best (lowest) rank per source pool id; `Int.max` for a source without rows.
  private(set) var bestRank: [Int]
  /// Samples per source pool id.
  private(set) var samplesBySource: [Int64]
  /// Samples per input index.
  private(set) var samplesByFile: [Int64]
  /// Samples per input index and status (`RowStatus.rawValue`).
  private(set) var statusesByFile: [[Int64]]

  /// An empty tally.
  init(sourceCount: Int, inputCount: Int) {
    bestRank = [Int](repeating: Int.max, count: sourceCount)
    samplesBySource = [Int64](repeating: 0, count: sourceCount)
    samplesByFile = [Int64](repeating: 0, count: inputCount)
    statusesByFile = [[Int64]](
      repeating: [Int64](repeating: 0, count: RowStatus.count), count: inputCount)
  }

  /// The tally of a store's rows.
  init(_ store: SampleStore, inputCount: Int) {
    self.init(sourceCount: store.sources.count, inputCount: inputCount)
    for row in store.rows {
      let s = Int(row.source)
      bestRank[s] = min(bestRank[s], Int(row.rank))
      samplesBySource[s] += 1
      samplesByFile[Int(row.file)] += 1
      statusesByFile[Int(row.file)][Int(row.status.rawValue)] += 1
    }
  }

  /// Adds the tally of other rows interned into the same pools.
  mutating func add(_ other: RowTally) {
    for s in other.bestRank.indices {
      bestRank[s] = min(bestRank[s], other.bestRank[s])
      samplesBySource[s] += other.samplesBySource[s]
    }
    for f in other.samplesByFile.indices {
      samplesByFile[f] += other.samplesByFile[f]
      for s in 0..<RowStatus.count { statusesByFile[f][s] += other.statusesByFile[f][s] }
    }
  }

  /// The sources seen, by rank and then by name (UTF-8 order).
  func sources(_ names: TextPool, priority: SourcePriority) -> [CleanFacts.Source] {
    let nameRanks = names.sortRanks()
    let ids = bestRank.indices.filter { samplesBySource[$0] > 0 }.sorted { a, b in
      bestRank[a] != bestRank[b] ? bestRank[a] < bestRank[b] : nameRanks[a] < nameRanks[b]
    }
    return ids.map { id in
      CleanFacts.Source(
        name: names[UInt32(id)], rank: bestRank[id],
        priority: priority.label(ofRank: bestRank[id], metric: nil),
        samples: samplesBySource[id])
    }
  }

  /// The inputs with samples of which every one broke a per-sample rule (none kept, none
  /// a duplicate or overlap of another sample), with their most common reason.
  func rejectedInputs() -> [RejectedInput] {
    statusesByFile.indices.compactMap { file in
      let counts = statusesByFile[file]
      let samples = samplesByFile[file]
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
        index: file, samples: samples, mostCommon: top.rejectCode!,
        mostCommonCount: counts[Int(top.rawValue)])
    }
  }

  /// The inputs without an export date that have samples.
  func uncheckedInputs(_ inputs: [InputDescriptor]) -> [UncheckedInput] {
    inputs.enumerated().compactMap { index, input in
      guard input.exportDate == nil, samplesByFile[index] > 0 else { return nil }
      return UncheckedInput(
        index: index, path: input.path, format: input.format, samples: samplesByFile[index])
    }
  }
}
