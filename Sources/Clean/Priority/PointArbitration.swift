/// Source priority for point and body metrics (heart rate, HRV, SpO2, weight, ...): samples
/// from different sources whose starts and ends both lie within 1 s of each other are the
/// same measurement seen twice; the higher-priority one is kept and the other rejected as
/// `overlapped` (docs/clean.md, "Source priority").
///
/// - Sources are told apart by their name. Equal ranks never displace each other.
/// - Ranks are settled best first, and a sample is displaced only by one that is itself
///   kept: with A (watch) at 0 s, B (phone) at 1 s and C (app) at 2 s, B goes (A is within
///   1 s of it) but C stays (its only match, B, is gone, and A is 2 s away).
enum PointArbitration {
  /// The tolerance on start and end, seconds.
  static let tolerance: Int64 = 1

  /// Marks the displaced rows of one metric (sorted by start) as `overlapped`.
  static func resolve(_ sorted: [UInt32], rows: inout [StoredSample]) {
    let levels = Set(sorted.map { rows[Int($0)].rank }).sorted()
    guard levels.count > 1 else { return }
    for level in levels.dropFirst() {
      for position in sorted.indices where rows[Int(sorted[position])].rank == level {
        let index = sorted[position]
        if let winner = displacer(of: position, in: sorted, rows: rows) {
          rows[Int(index)].status = .overlapped
          rows[Int(index)].related = winner
        }
      }
    }
  }

  /// A kept, better-ranked sample from another source within the tolerance, if any.
  private static func displacer(of position: Int, in sorted: [UInt32], rows: [StoredSample])
    -> UInt32?
  {
    let me = rows[Int(sorted[position])]
    func matches(_ other: StoredSample) -> Bool {
      other.rank < me.rank && other.status == .kept && other.source != me.source
        && abs(other.end - me.end) <= tolerance
    }
    var best: UInt32?
    var bestRank = UInt16.max
    var q = position - 1
    while q >= 0 && rows[Int(sorted[q])].start >= me.start - tolerance {
      let other = rows[Int(sorted[q])]
      if matches(other) && other.rank < bestRank {
        best = sorted[q]
        bestRank = other.rank
      }
      q -= 1
    }
    q = position + 1
    while q < sorted.count && rows[Int(sorted[q])].start <= me.start + tolerance {
      let other = rows[Int(sorted[q])]
      if matches(other) && other.rank < bestRank {
        best = sorted[q]
        bestRank = other.rank
      }
      q += 1
    }
    return best
  }

  /// `same time (within 1 s) as higher-priority 'Jane’s Apple Watch' (Apple Watch) from
  /// input 0 record 7; this sample ranks as iPhone`.
  static func reason(keptSource: String, label: String, at origin: String, ownLabel: String)
    -> String
  {
    "same start and end (within 1 s) as higher-priority '\(keptSource)' (\(label)) from "
      + "\(origin), which was kept; this sample ranks as \(ownLabel)"
  }
}
