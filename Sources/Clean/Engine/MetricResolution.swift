import HealthModel

/// The whole-table steps of the clean stage, one metric at a time: order the rows that
/// passed the per-sample rules, remove exact duplicates, then arbitrate between sources by
/// the metric's kind (cumulative, point and body, sleep). Workouts are arbitrated as
/// sessions over the workout metrics together (`WorkoutArbitration`: a workout's energy and
/// distance rows follow it), so a store that holds one of them holds all three. Apple's
/// activity summaries and metrics outside the catalog are not arbitrated: only exact
/// duplicates go. Habit entries (`metric = habit`) are kept as they are: several journal
/// rows of one habit on one day add up, so equal rows are not duplicates (docs/habits.md).
enum MetricResolution {
  /// Resolves every metric; returns, per metric pool id of the rows held, the rows kept
  /// whole and the pieces of partly covered rows, each in table order, and the night windows
  /// the sleep rule carries to the aggregate stage. The work follows the rows held, not the
  /// size of the pools (a partition of one metric among thousands costs what its rows cost).
  static func resolve(
    _ store: inout SampleStore, order: SampleOrder, priority: SourcePriority = .standard
  ) -> (
    whole: [UInt32: [UInt32]], pieces: [UInt32: [OrderKey]], nightWindows: [NightWindow]
  ) {
    var buckets: [UInt32: [UInt32]] = [:]
    var metrics: [UInt32] = []
    // A run of rows of one metric (a partition holds one) is gathered before it goes into
    // its bucket: one lookup per run, not two per row.
    var run: [UInt32] = []
    var runMetric: UInt32 = 0
    for (i, row) in store.rows.enumerated() where row.status == .kept {
      if run.isEmpty || row.metric != runMetric {
        if !run.isEmpty { buckets[runMetric, default: []].append(contentsOf: run) }
        run.removeAll(keepingCapacity: true)
        if buckets[row.metric] == nil {
          metrics.append(row.metric)
          buckets[row.metric] = []
        }
        runMetric = row.metric
      }
      run.append(UInt32(i))
    }
    if !run.isEmpty { buckets[runMetric, default: []].append(contentsOf: run) }
    metrics.sort()
    var pieces: [UInt32: [OrderKey]] = [:]
    var nightWindows: [NightWindow] = []
    var workoutMetrics: [UInt32] = []
    for metric in metrics {
      var sorted = buckets[metric]!
      buckets[metric] = []
      order.sort(&sorted, rows: store.rows)
      let survivors =
        store.metrics[metric] == MetricID.habit.rawValue
        ? sorted : ExactDuplicates.removeDuplicates(sorted, rows: &store.rows)
      switch store.metricInfo[Int(metric)]?.kind {
      case .cumulative:
        let cut = cumulative(
          survivors, rows: &store.rows, metric: store.metricInfo[Int(metric)]?.id,
          priority: priority,
          order: order)
        pieces[metric] = orderedPieces(cut, store: store, order: order)
      case .point, .body:
        PointArbitration.resolve(survivors, rows: &store.rows)
      case .sleep:
        let stages = store.categories.strings.map { SleepStage(rawValue: $0) }
        nightWindows += SleepArbitration.resolve(
          survivors, rows: &store.rows, stages: stages, order: order, notes: &store.sleepNotes)
      case .workout:
        workoutMetrics.append(metric)
      case .summary, nil:
        break
      }
      buckets[metric] = survivors.filter { store.rows[Int($0)].status == .kept }
    }
    if !workoutMetrics.isEmpty {
      let workout = store.metricInfo.firstIndex { $0?.id == .workout }.map(UInt32.init)
      WorkoutArbitration.resolve(
        workoutMetrics.flatMap { buckets[$0]! }, rows: &store.rows, order: order,
        isWorkout: { $0.metric == workout })
      for metric in workoutMetrics {
        buckets[metric] = buckets[metric]!.filter { store.rows[Int($0)].status == .kept }
      }
    }
    return (buckets, pieces, nightWindows)
  }

  /// A cumulative metric's arbitration: Android's merge for the Health Connect inputs'
  /// rows of the metrics Android merges, the Apple rule for every other row (docs/clean.md,
  /// "Health Connect: Android's merge"; the two groups do not displace each other).
  private static func cumulative(
    _ survivors: [UInt32], rows: inout [StoredSample], metric: MetricID?,
    priority: SourcePriority, order: SampleOrder
  ) -> [Piece] {
    // Day summaries win or lose their day whole, then the rest is cut pro rata.
    func appleRule(_ rows: inout [StoredSample], _ indices: [UInt32]) -> [Piece] {
      let rest = DaySummaryArbitration.resolve(indices, rows: &rows, order: order)
      return CumulativeArbitration.resolve(rest, rows: &rows)
    }
    let inputs = priority.healthConnectInputs
    guard !inputs.isEmpty, let metric, HealthConnectCategory.mergedMetrics.contains(metric)
    else { return appleRule(&rows, survivors) }
    var android: [UInt32] = []
    var others: [UInt32] = []
    for index in survivors {
      if inputs.contains(rows[Int(index)].file) {
        android.append(index)
      } else {
        others.append(index)
      }
    }
    let unlisted = priority.healthConnect.map { UInt16(clamping: $0.width) }
    return AndroidPriorityMerge.resolve(android, rows: &rows, unlisted: unlisted)
      + appleRule(&rows, others)
  }

  /// Pieces with their pro-rata values, in table order.
  private static func orderedPieces(_ cut: [Piece], store: SampleStore, order: SampleOrder)
    -> [OrderKey]
  {
    var keys: [OrderKey] = []
    keys.reserveCapacity(cut.count)
    var previousRow: UInt32 = .max
    for piece in cut {
      let row = store.rows[Int(piece.row)]
      let share = Double(piece.end - piece.start) / Double(row.end - row.start)
      keys.append(
        OrderKey(
          start: piece.start, end: piece.end, value: row.value * share, row: piece.row,
          firstPiece: piece.row != previousRow))
      previousRow = piece.row
    }
    store.rows.withUnsafeBufferPointer { rows in
      keys.sort { order.precedes($0, $1, rows) }
    }
    return keys
  }
}
