/// A part of a cumulative sample that counts: the uncovered sub-interval `[start, end)` of
/// row `row`, with the row's value scaled by `(end - start) / (row.end - row.start)`.
struct Piece: Sendable {
  /// Row index in the store.
  var row: UInt32
  /// Start of the uncovered part, epoch seconds.
  var start: Int64
  /// End of the uncovered part, epoch seconds.
  var end: Int64
}

/// Source priority for cumulative metrics (steps, energy, distance, minutes, ...): a
/// lower-priority sample counts only for the part of its interval that no higher-priority
/// sample covers, pro rata by time (docs/clean.md, "Source priority"). This is how the Health app
/// avoids counting the phone's and the watch's steps twice.
///
/// - Intervals are half-open `[start, end)`. The coverage for rank r is the union of the
///   whole intervals of every sample ranked better than r (their own trimming does not
///   matter: what covers them covers the same time).
/// - Split form: a partly covered sample is written as one row per uncovered sub-interval,
///   each with its pro-rata share of the value, so that the aggregate stage's split at local
///   midnight stays exact. Origin and every other field are the sample's own.
/// - Entirely covered: rejected as `overlapped` (it would contribute 0).
/// - Equal ranks never displace each other.
/// - Decision: a zero-length sample (start = end) has no duration to share. It is kept
///   whole unless its instant lies inside a higher-priority interval (`start <= t < end`),
///   then it is `overlapped`. It covers nothing itself.
enum CumulativeArbitration {
  /// Resolves one metric's rows (sorted by start) and returns the pieces of the rows that
  /// were partly covered (status `trimmed`); entirely covered rows become `overlapped`.
  static func resolve(_ sorted: [UInt32], rows: inout [StoredSample]) -> [Piece] {
    // The distinct ranks (a handful: one per source priority entry in use).
    var levels: [UInt16] = []
    for index in sorted where !levels.contains(rows[Int(index)].rank) {
      levels.append(rows[Int(index)].rank)
    }
    guard levels.count > 1 else { return [] }
    levels.sort()
    var pieces: [Piece] = []
    var coverage = Coverage()
    for (levelIndex, level) in levels.enumerated() {
      var added: [Coverage.Interval] = []
      for index in sorted where rows[Int(index)].rank == level {
        let row = rows[Int(index)]
        if row.hasLength {
          added.append(Coverage.Interval(start: row.start, end: row.end, owner: index))
        }
        guard levelIndex > 0 else { continue }
        switch coverage.subtract(start: row.start, end: row.end) {
        case .uncovered:
          break
        case .covered(let owner):
          rows[Int(index)].status = .overlapped
          rows[Int(index)].related = owner
        case .partly(let gaps, let owner):
          rows[Int(index)].status = .trimmed
          rows[Int(index)].related = owner
          for gap in gaps { pieces.append(Piece(row: index, start: gap.start, end: gap.end)) }
        }
      }
      if levelIndex < levels.count - 1 { coverage.merge(added) }
    }
    return pieces
  }

  /// `entirely covered by higher-priority 'Jane’s Apple Watch' (Apple Watch) at input 0
  /// record 7; this source ranks iPhone`.
  static func reason(coveredBy source: String, label: String, at origin: String, ownLabel: String)
    -> String
  {
    "entirely covered by higher-priority '\(source)' (\(label)) from \(origin); "
      + "this sample ranks as \(ownLabel)"
  }
}

/// A set of disjoint, sorted, half-open intervals, each remembering one sample that covers
/// it (for the reject reason).
struct Coverage: Sendable {
  /// One interval.
  struct Interval: Sendable {
    var start: Int64
    var end: Int64
    var owner: UInt32
  }

  /// What is left of an interval after subtracting the coverage.
  enum Remainder {
    /// Nothing of it is covered.
    case uncovered
    /// All of it is covered; `owner` is one sample covering it.
    case covered(owner: UInt32)
    /// Only `gaps` are uncovered.
    case partly(gaps: [Interval], owner: UInt32)
  }

  private(set) var intervals: [Interval] = []

  /// Subtracts the coverage from `[start, end)`; a zero-length interval is covered when its
  /// instant lies inside a covered interval.
  func subtract(start: Int64, end: Int64) -> Remainder {
    var i = firstEndingAfter(start)
    if start == end {
      if i < intervals.count && intervals[i].start <= start {
        return .covered(owner: intervals[i].owner)
      }
      return .uncovered
    }
    var gaps: [Interval] = []
    var cursor = start
    var owner: UInt32 = .max
    while i < intervals.count && intervals[i].start < end {
      let c = intervals[i]
      if owner == .max { owner = c.owner }
      if c.start > cursor { gaps.append(Interval(start: cursor, end: c.start, owner: .max)) }
      cursor = max(cursor, c.end)
      i += 1
    }
    if owner == .max { return .uncovered }
    if cursor < end { gaps.append(Interval(start: cursor, end: end, owner: .max)) }
    return gaps.isEmpty ? .covered(owner: owner) : .partly(gaps: gaps, owner: owner)
  }

  /// Adds intervals (sorted by start, positive length), merging overlapping and touching
  /// ones; a merged interval keeps the owner of its earliest part.
  mutating func merge(_ added: [Interval]) {
    guard !added.isEmpty else { return }
    var merged: [Interval] = []
    merged.reserveCapacity(intervals.count + added.count)
    var a = 0
    var b = 0
    while a < intervals.count || b < added.count {
      let next: Interval
      if b >= added.count || (a < intervals.count && intervals[a].start <= added[b].start) {
        next = intervals[a]
        a += 1
      } else {
        next = added[b]
        b += 1
      }
      if let last = merged.last, next.start <= last.end {
        if next.end > last.end { merged[merged.count - 1].end = next.end }
      } else {
        merged.append(next)
      }
    }
    intervals = merged
  }

  /// Index of the first interval whose end is after `t` (ends are sorted too).
  private func firstEndingAfter(_ t: Int64) -> Int {
    var lo = 0
    var hi = intervals.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if intervals[mid].end > t { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}
