/// The rejects of each metric, sorted by origin, on a scratch file, and their merge into
/// the rejects table's order: origin (input file, record), then metric (table order),
/// start and read order. Each metric's run is already in that order, and two runs never
/// hold the same metric, so a merge on (file, record, metric, start) gives exactly the
/// order of sorting all rejects at once.
struct RejectRuns {
  /// Records read ahead over all runs while merging.
  static let readAhead = 16_384

  /// One metric's rejects on the scratch file, in the order of the table.
  struct Run: Sendable {
    fileprivate var metricRank: UInt32
    fileprivate var chunks: [SpillFile.Chunk]
    fileprivate var count: Int
  }

  private let spill: SpillFile
  private var runs: [Run] = []

  /// Runs written to `spill`.
  init(spill: SpillFile) {
    self.spill = spill
  }

  /// Rejects stored so far.
  private(set) var count = 0

  /// Stores one metric's rejects, in the order `forEach` gives them (that of
  /// `CleanResult.forEachRejectRecord`); `metricRank` is the metric's position in table
  /// order.
  mutating func add(
    metricRank: UInt32, _ forEach: ((RejectRecord) throws -> Void) throws -> Void
  ) throws {
    append(try Self.run(metricRank: metricRank, spill: spill, forEach))
  }

  /// Adds a run written by `run(metricRank:spill:_:)` to this file (nil: a metric without
  /// rejects).
  mutating func append(_ run: Run?) {
    guard let run else { return }
    runs.append(run)
    count += run.count
  }

  /// Writes one metric's rejects, in the order `forEach` gives them, to `spill`, and
  /// returns where they are (nil when there are none). Several threads may write runs to
  /// one file at the same time (`SpillFile.append`).
  static func run(
    metricRank: UInt32, spill: SpillFile, _ forEach: ((RejectRecord) throws -> Void) throws -> Void
  ) throws -> Run? {
    var writer = SpillWriter<RejectRecord>(spill: spill, batch: 1_024)
    var added = 0
    try forEach { record in
      try writer.append(record)
      added += 1
    }
    let chunks = try writer.finish()
    guard added > 0 else { return nil }
    return Run(metricRank: metricRank, chunks: chunks, count: added)
  }

  /// Calls `body` with every stored reject in the rejects table's order.
  func merge(_ body: (RejectRecord) throws -> Void) throws {
    let batch = max(16, Self.readAhead / max(1, runs.count))
    var cursors = runs.map { Cursor(run: $0, batch: batch) }
    for i in cursors.indices { try cursors[i].advance(spill) }
    var heap = cursors.indices.filter { !cursors[$0].isDone }
    func before(_ a: Int, _ b: Int) -> Bool {
      let x = cursors[a].head
      let y = cursors[b].head
      if x.row.file != y.row.file { return x.row.file < y.row.file }
      if x.row.record != y.row.record { return x.row.record < y.row.record }
      if cursors[a].metricRank != cursors[b].metricRank {
        return cursors[a].metricRank < cursors[b].metricRank
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

  /// A run being read, a batch at a time; `head` is its next record.
  private struct Cursor {
    let metricRank: UInt32
    var reader: SpillReader<RejectRecord>
    var position = 0
    var isDone = false

    init(run: Run, batch: Int) {
      metricRank = run.metricRank
      reader = SpillReader(chunks: run.chunks, batch: batch)
    }

    var head: RejectRecord { reader.buffer[position] }

    /// Moves to the next record (the first one on the first call).
    mutating func advance(_ spill: SpillFile) throws {
      position += 1
      if position < reader.buffer.count { return }
      position = 0
      isDone = try !reader.next(from: spill)
    }
  }
}
