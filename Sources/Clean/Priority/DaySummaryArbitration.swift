import HealthModel

/// Daily totals beside another device's minute data, for cumulative metrics (docs/clean.md,
/// "Daily totals"): a vendor's or Health Auto Export's total for a whole day (Oura's, Withings'
/// or Garmin's daily steps) is a *summary row*, not a sample to add to the parts of the day
/// another device's samples leave uncovered.
///
/// A day summary is a row that starts at local midnight (in its own offset) and lasts 23
/// to 25 hours (a DST day). For each one, the sources with rows overlapping its day are
/// compared: the best rank wins the day (ties: the source name that sorts first, as for
/// sleep and workouts).
/// - A day summary whose source does not win is `overlapped` as a whole: never trimmed to the
///   gaps of the winner's samples, which would add most of the day's total again.
/// - A day summary that wins displaces the equal-ranked rows of other sources that lie
///   inside its day (unlisted vendors share a rank; their daily totals must not add up).
///   Worse-ranked rows are left to `CumulativeArbitration`, where the summary covers its
///   whole day.
enum DaySummaryArbitration {
  /// Whether a row is a whole-day summary: it starts at its local midnight and lasts 23 to
  /// 25 hours.
  static func isDaySummary(_ row: StoredSample) -> Bool {
    let length = row.end - row.start
    guard length >= 23 * 3_600, length <= 25 * 3_600 else { return false }
    let local = row.start + Int64(row.utcOffset)
    return local - CivilDate.floorDiv(local, 86_400) * 86_400 == 0
  }

  /// Marks the day summaries that lose their day, and the equal-ranked rows inside the days
  /// won by one, as `overlapped`; returns the rows of `sorted` (by start) still kept.
  static func resolve(_ sorted: [UInt32], rows: inout [StoredSample], order: SampleOrder)
    -> [UInt32]
  {
    let summaries = sorted.filter { isDaySummary(rows[Int($0)]) }
    guard !summaries.isEmpty else { return sorted }
    let longest = sorted.reduce(Int64(0)) { max($0, rows[Int($1)].end - rows[Int($1)].start) }
    for s in summaries where rows[Int(s)].status == .kept {
      let summary = rows[Int(s)]
      // Rows of other sources overlapping the summary's day, found from the first that can
      // start early enough to reach into it.
      var first = lowerBound(sorted, rows, summary.start - longest)
      var others: [UInt32] = []
      while first < sorted.count, rows[Int(sorted[first])].start < summary.end {
        let o = rows[Int(sorted[first])]
        if o.source != summary.source, o.status == .kept, overlaps(o, summary) {
          others.append(sorted[first])
        }
        first += 1
      }
      func precedes(_ a: StoredSample, _ b: StoredSample) -> Bool {
        (a.rank, order.sourceRank[Int(a.source)]) < (b.rank, order.sourceRank[Int(b.source)])
      }
      if let better = others.min(by: { precedes(rows[Int($0)], rows[Int($1)]) }),
        precedes(rows[Int(better)], summary)
      {
        rows[Int(s)].status = .overlapped
        rows[Int(s)].related = better
        continue
      }
      for o in others
      where rows[Int(o)].rank == summary.rank && rows[Int(o)].start >= summary.start
        && rows[Int(o)].end <= summary.end
      {
        rows[Int(o)].status = .overlapped
        rows[Int(o)].related = s
      }
    }
    return sorted.filter { rows[Int($0)].status == .kept }
  }

  private static func overlaps(_ a: StoredSample, _ b: StoredSample) -> Bool {
    a.start == a.end ? b.start <= a.start && a.start < b.end : a.start < b.end && b.start < a.end
  }

  /// The first position in `sorted` whose row starts at or after `t`.
  private static func lowerBound(_ sorted: [UInt32], _ rows: [StoredSample], _ t: Int64) -> Int {
    var lo = 0
    var hi = sorted.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if rows[Int(sorted[mid])].start < t { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The reject reason of a row this rule displaced: a day summary that lost its day, or a
  /// row inside the day of an equal-ranked summary that won it.
  static func reason(
    summaryLost: Bool, day: LocalDay, keptSource: String, label: String, sameRank: Bool,
    at origin: String, ownLabel: String
  ) -> String {
    let why = sameRank ? "same priority, its name sorts first" : "higher priority"
    if summaryLost {
      return "a whole-day total for \(day); '\(keptSource)' (\(label), \(why)) has data that "
        + "day from \(origin), and a day's total is never added to the gaps in another "
        + "device's samples; this sample ranks as \(ownLabel)"
    }
    return "inside \(day), whose whole-day total from '\(keptSource)' (\(label), \(why)) at "
      + "\(origin) counts for the day; this sample ranks as \(ownLabel)"
  }
}
