/// Android's merge of overlapping records, for the Health Connect samples of the metrics
/// Android totals with it (steps, distance, energy, floors, elevation, wheelchair pushes,
/// mindfulness): AOSP's `PriorityRecordsAggregator` with `ValueColumnAggregationData`, as
/// docs/clean.md ("Health Connect: Android's merge") states it.
///
/// - Each record lies on a local timeline by its own offsets (ingest has put its end on
///   its start's offset, so `start + offset` to `end + offset`).
/// - Sweeping that timeline, in every slice between two consecutive starts or ends the
///   open record that ranks best counts, for `value × slice / its length`. Best: the lower
///   rank; ties: the higher record number (ingest numbers a table's records in Android's
///   tie-break order: later `last_modified_time`, then later start, later end, larger
///   value), then the higher input index.
/// - A record of length zero counts its whole value when, at its instant, it ranks best
///   among the records open there (started at or before it, ending at or after it);
///   otherwise nothing.
/// - Records whose app is not in the export's list are left out before the sweep
///   (`not-in-priority-list`), as Android leaves them out.
///
/// Outcome per record: kept whole (it counts for all of its interval), trimmed (the slices
/// it won, as pieces on its own offset), or overlapped (it won nothing).
enum AndroidPriorityMerge {
  /// Resolves the rows `indices` of one metric and returns the pieces of the trimmed ones;
  /// `unlisted` is the rank of apps missing from the export's list (nil when the exports'
  /// orders are not in force).
  static func resolve(_ indices: [UInt32], rows: inout [StoredSample], unlisted: UInt16?)
    -> [Piece]
  {
    var members: [UInt32] = []
    members.reserveCapacity(indices.count)
    for index in indices {
      if let unlisted, rows[Int(index)].rank == unlisted {
        rows[Int(index)].status = .notInPriorityList
      } else {
        members.append(index)
      }
    }
    guard !members.isEmpty else { return [] }
    var sweep = Sweep(members: members, rows: rows)
    sweep.run()
    return sweep.apply(to: &rows)
  }

  /// `the Health Connect merge gives all of this record's time to 'Samsung Health' (#1 in
  /// the export's Activity order) from input 0 record 1000000000042; this record ranks as
  /// #2 in the export's Activity order`.
  static func reason(coveredBy source: String, label: String, at origin: String, ownLabel: String)
    -> String
  {
    "Health Connect's merge gives all of this record's time to '\(source)' (\(label)) from "
      + "\(origin); this record ranks as \(ownLabel)"
  }

  /// `'Fitbit' is not in the export's Activity order (Samsung Health › Google Fit): Android
  /// leaves its records out of the day's totals`.
  static func unlistedReason(source: String, category: String, list: [String]) -> String {
    "'\(source)' is not in the export's \(category) order ("
      + (list.isEmpty ? "empty" : list.joined(separator: " › "))
      + "): Android leaves its records out of the day's totals"
  }
}

/// The sweep over one metric's records on the local timeline.
private struct Sweep {
  /// The rows taking part (store indices); local indices below point into this.
  let members: [UInt32]
  private let start: [Int64]
  private let end: [Int64]
  private let rank: [UInt16]
  private let record: [Int64]
  private let file: [Int32]
  private let offset: [Int32]
  /// Won slices on the local timeline: per member, a chain through `pieces`.
  private var pieces: [(member: Int32, start: Int64, end: Int64)] = []
  private var lastPiece: [Int32]
  private var instantWin: [Bool]
  private var displacedBy: [Int32]
  private var heap: [Int32] = []
  private var closed: [Bool]

  init(members: [UInt32], rows: [StoredSample]) {
    self.members = members
    let n = members.count
    var start = [Int64](repeating: 0, count: n)
    var end = start
    var rank = [UInt16](repeating: 0, count: n)
    var record = start
    var file = [Int32](repeating: 0, count: n)
    var offset = file
    for (i, index) in members.enumerated() {
      let row = rows[Int(index)]
      start[i] = row.start + Int64(row.utcOffset)
      end[i] = row.end + Int64(row.utcOffset)
      rank[i] = row.rank
      record[i] = row.record
      file[i] = row.file
      offset[i] = row.utcOffset
    }
    (self.start, self.end, self.rank, self.record, self.file, self.offset) =
      (start, end, rank, record, file, offset)
    lastPiece = [Int32](repeating: -1, count: n)
    instantWin = [Bool](repeating: false, count: n)
    displacedBy = [Int32](repeating: -1, count: n)
    closed = [Bool](repeating: false, count: n)
  }

  /// Whether member `a` ranks better than member `b` (Android's comparator).
  @inline(__always)
  private func better(_ a: Int32, _ b: Int32) -> Bool {
    let (x, y) = (Int(a), Int(b))
    if rank[x] != rank[y] { return rank[x] < rank[y] }
    if record[x] != record[y] { return record[x] > record[y] }
    if file[x] != file[y] { return file[x] > file[y] }
    return a > b
  }

  /// Runs the sweep: starts before ends at one instant; a slice between two instants goes
  /// to the best open record.
  mutating func run() {
    var events: [(time: Int64, member: Int32, isEnd: Bool)] = []
    events.reserveCapacity(2 * members.count)
    for i in 0..<members.count {
      events.append((start[i], Int32(i), false))
      events.append((end[i], Int32(i), true))
    }
    events.sort { $0.time != $1.time ? $0.time < $1.time : (!$0.isEnd && $1.isEnd) }
    var previous = Int64.min
    var lastWinner: Int32 = -1
    var e = 0
    while e < events.count {
      let t = events[e].time
      if let top = top(), previous < t {
        win(top, from: previous, to: t)
        lastWinner = top
      }
      var started = false
      while e < events.count && events[e].time == t && !events[e].isEnd {
        push(events[e].member)
        started = true
        e += 1
      }
      let hasEnds = e < events.count && events[e].time == t
      if started && hasEnds, let top = top(), start[Int(top)] == end[Int(top)] {
        instantWin[Int(top)] = true
      }
      while e < events.count && events[e].time == t {
        let member = events[e].member
        if lastPiece[Int(member)] < 0 && !instantWin[Int(member)] {
          let instant = start[Int(member)] == end[Int(member)]
          displacedBy[Int(member)] = instant ? (top() ?? -1) : lastWinner
        }
        closed[Int(member)] = true
        e += 1
      }
      previous = t
    }
  }

  /// Gives `[from, to)` to `member`, joining it to its last won slice when they touch.
  private mutating func win(_ member: Int32, from: Int64, to: Int64) {
    let last = lastPiece[Int(member)]
    if last >= 0 && pieces[Int(last)].end == from {
      pieces[Int(last)].end = to
      return
    }
    pieces.append((member, from, to))
    lastPiece[Int(member)] = Int32(pieces.count - 1)
  }

  /// Sets each member's status and returns the pieces of the trimmed ones, in epoch
  /// seconds on the member's own offset.
  func apply(to rows: inout [StoredSample]) -> [Piece] {
    var won = [Int64](repeating: 0, count: members.count)
    var count = [Int32](repeating: 0, count: members.count)
    for piece in pieces {
      won[Int(piece.member)] += piece.end - piece.start
      count[Int(piece.member)] += 1
    }
    var out: [Piece] = []
    for piece in pieces {
      let m = Int(piece.member)
      guard won[m] < end[m] - start[m] || count[m] > 1 else { continue }
      let shift = Int64(offset[m])
      out.append(Piece(row: members[m], start: piece.start - shift, end: piece.end - shift))
    }
    // A row's pieces next to each other, in time order (`MetricResolution` marks a row's
    // first piece by that).
    out.sort { $0.row != $1.row ? $0.row < $1.row : $0.start < $1.start }
    for (m, index) in members.enumerated() {
      let length = end[m] - start[m]
      if length == 0 ? instantWin[m] : (won[m] == length && count[m] == 1) {
        rows[Int(index)].status = .kept
      } else if won[m] > 0 {
        rows[Int(index)].status = .trimmed
        rows[Int(index)].related = displacer(of: m)
      } else {
        rows[Int(index)].status = .overlapped
        rows[Int(index)].related = displacer(of: m)
      }
    }
    return out
  }

  /// The store index of the record that took this member's time, or `.max`.
  private func displacer(of member: Int) -> UInt32 {
    let by = displacedBy[member]
    return by >= 0 ? members[Int(by)] : .max
  }

  // MARK: The open records: a binary max-heap by `better`, closed ones dropped lazily.

  private mutating func top() -> Int32? {
    while let first = heap.first, closed[Int(first)] { pop() }
    return heap.first
  }

  private mutating func push(_ member: Int32) {
    heap.append(member)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard better(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func pop() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var best = parent
      if left < heap.count && better(heap[left], heap[best]) { best = left }
      if right < heap.count && better(heap[right], heap[best]) { best = right }
      if best == parent { return }
      heap.swapAt(parent, best)
      parent = best
    }
  }
}
