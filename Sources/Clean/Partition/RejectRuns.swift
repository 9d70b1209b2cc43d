import HealthCore

/// The rejects of each metric, sorted by origin, on a scratch file, and their merge into
/// the rejects table's order: origin (input file, record), then metric (table order),
/// start and read order. Each metric's run is already in that order, and two runs never
/// hold the same metric, so a merge on (file, record, metric, start) gives exactly the
/// order of sorting all rejects at once.
struct RejectRuns {
  /// Records read ahead over all runs while merging.
  static let readAhead = 16_384

  private struct Run {
    var metricRank: UInt32
    var chunk: SpillFile.Chunk
  }

  private let spill: SpillFile
  private var runs: [Run] = []

  /// Runs written to `spill`.
  init(spill: SpillFile) {
    self.spill = spill
  }

  /// Rejects stored so far.
  private(set) var count = 0

  /// Stores one metric's rejects, in the order of `CleanResult.forEachRejectRecord`;
  /// `metricRank` is the metric's position in table order.
  mutating func add(_ records: [RejectRecord], metricRank: UInt32) throws {
    guard !records.isEmpty else { return }
    runs.append(Run(metricRank: metricRank, chunk: try spill.append(records)))
    count += records.count
  }

  /// Calls `body` with every stored reject in the rejects table's order.
  func merge(_ body: (RejectRecord) throws -> Void) throws {
    let batch = max(16, Self.readAhead / max(1, runs.count))
    var cursors = runs.map { Cursor(run: $0, batch: batch) }
    for i in cursors.indices { try cursors[i].refill(spill) }
    var heap = cursors.indices.filter { !cursors[$0].isDone }
    func before(_ a: Int, _ b: Int) -> Bool {
      let x = cursors[a].head
      let y = cursors[b].head
      if x.row.file != y.row.file { return x.row.file < y.row.file }
      if x.row.record != y.row.record { return x.row.record < y.row.record }
      if cursors[a].run.metricRank != cursors[b].run.metricRank {
        return cursors[a].run.metricRank < cursors[b].run.metricRank
      }
      return x.row.start < y.row.start
    }
    func siftDown(_ start: Int) {
      var parent = start
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { return }
        var child = left
        if left + 1 < heap.count && before(heap[left + 1], heap[left]) { child = left + 1 }
        guard before(heap[child], heap[parent]) else { return }
        heap.swapAt(child, parent)
        parent = child
      }
    }
    for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
    while let top = heap.first {
      try body(cursors[top].head)
      try cursors[top].advance(spill)
      if cursors[top].isDone {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
      }
      siftDown(0)
    }
  }

  /// A run being read, a batch at a time.
  private struct Cursor {
    let run: Run
    let batch: Int
    var buffer: [RejectRecord] = []
    var position = 0
    var consumed = 0

    init(run: Run, batch: Int) {
      self.run = run
      self.batch = batch
    }

    var isDone: Bool { position >= buffer.count }
    var head: RejectRecord { buffer[position] }

    mutating func advance(_ spill: SpillFile) throws {
      position += 1
      if position >= buffer.count { try refill(spill) }
    }

    mutating func refill(_ spill: SpillFile) throws {
      let n = min(batch, run.chunk.count - consumed)
      let skip = consumed
      buffer = try [RejectRecord](unsafeUninitializedCapacity: n) { target, initialized in
        try spill.read(run.chunk, skip: skip, into: target)
        initialized = n
      }
      consumed += n
      position = 0
    }
  }
}
