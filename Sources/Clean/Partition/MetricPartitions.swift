/// The rows of a samples table sorted into one partition per metric on a scratch file,
/// so the stage can resolve one metric at a time: arbitration looks across metrics only
/// for the workout metrics, which are loaded together.
///
/// Rows (and the side values of the few that have them, indexed per metric) are
/// buffered per metric and appended to the file in chunks; a partition is read back as
/// one array, rows in the order they were added.
struct MetricPartitions: Sendable {
  /// Rows buffered per metric before they go to the file.
  static let chunkRows = 1_024
  /// Rows buffered over all metrics before every buffer goes to the file (bounds the
  /// buffers when a table has very many metrics).
  static let bufferedRowsLimit = 65_536

  private let spill: SpillFile
  private var rows: [[StoredSample]] = []
  private var sides: [[SideValues]] = []
  private var rowChunks: [[SpillFile.Chunk]] = []
  private var sideChunks: [[SpillFile.Chunk]] = []
  private var sideCount: [UInt32] = []
  private var counts: [Int] = []
  private var buffered = 0

  /// Partitions written to `spill`.
  init(spill: SpillFile) {
    self.spill = spill
  }

  /// Number of rows in the partition of a metric pool id.
  func count(of metric: UInt32) -> Int {
    Int(metric) < counts.count ? counts[Int(metric)] : 0
  }

  /// Adds a row (its `side` field is set here, to the index in its metric's partition).
  mutating func append(_ row: StoredSample, side: SideValues?) throws {
    let m = Int(row.metric)
    while m >= rows.count {
      rows.append([])
      sides.append([])
      rowChunks.append([])
      sideChunks.append([])
      sideCount.append(0)
      counts.append(0)
    }
    var row = row
    if let side {
      row.side = sideCount[m]
      sideCount[m] += 1
      sides[m].append(side)
    }
    rows[m].append(row)
    counts[m] += 1
    buffered += 1
    if rows[m].count >= Self.chunkRows { try flush(m, keepingCapacity: true) }
    if buffered >= Self.bufferedRowsLimit {
      for metric in rows.indices { try flush(metric, keepingCapacity: false) }
    }
  }

  /// Writes every buffered row to the file; call once after the last `append`.
  mutating func finishWriting() throws {
    for metric in rows.indices { try flush(metric, keepingCapacity: false) }
  }

  /// Sets the rows of `store` to a metric's partition, in the order they were added, and
  /// its side table to theirs.
  func load(_ metric: UInt32, into store: inout SampleStore) throws {
    try load([metric], into: &store)
  }

  /// Sets the rows of `store` to the partitions of several metrics, one after the other,
  /// and its side table to theirs (side indices are moved past the earlier partitions').
  func load(_ metrics: [UInt32], into store: inout SampleStore) throws {
    store.rows = []
    store.sides = []
    for metric in metrics {
      let m = Int(metric)
      guard m < rows.count else { continue }
      precondition(rows[m].isEmpty && sides[m].isEmpty, "load before finishWriting")
      var part = try spill.read(rowChunks[m], as: StoredSample.self)
      let shift = UInt32(store.sides.count)
      if shift > 0 {
        for i in part.indices where part[i].side != .max { part[i].side += shift }
      }
      if store.rows.isEmpty { store.rows = part } else { store.rows += part }
      store.sides += try spill.read(sideChunks[m], as: SideValues.self)
    }
  }

  private mutating func flush(_ m: Int, keepingCapacity: Bool) throws {
    if !rows[m].isEmpty {
      rowChunks[m].append(try spill.append(rows[m]))
      buffered -= rows[m].count
      rows[m].removeAll(keepingCapacity: keepingCapacity)
    }
    if !sides[m].isEmpty {
      sideChunks[m].append(try spill.append(sides[m]))
      sides[m].removeAll(keepingCapacity: keepingCapacity)
    }
  }
}
