/// Source priority for workouts (docs/clean.md, "Workouts"): two apps often write the same
/// session (the watch's own workout and a copy synced from Strava, Garmin Connect or Nike
/// Run Club), and counting both doubles the day's workout minutes, distance and energy.
///
/// - A *session* is the rows of the workout metrics (`workout`, `workoutEnergy`,
///   `workoutDistance`) with the same source, start and end: a workout and the energy and
///   distance totals ingest wrote for it, so derived rows always follow their workout. Its
///   interval is `[start, end)`; its representative (the row a reject names) is its first
///   `workout` row in table order, else its first derived row.
/// - Two sessions of different sources are the same session when their intervals overlap
///   by at least half of the shorter one (`2 × overlap ≥ shorter length`, exact in whole
///   seconds). A zero-length session matches when its instant lies in the other's
///   half-open interval, or two instants are equal.
/// - Sessions are settled in order of rank, then source name (UTF-8), then start: a session
///   is displaced by the first already kept session of another source it matches, so only
///   a kept session displaces (A ⊃ B ⊃ C with A > B > C: B goes, C stays unless it matches
///   A itself). **Equal ranks:** the source name first in UTF-8 order wins, as for sleep;
///   one session must not count twice just because both apps are unlisted.
/// - Every row of a displaced session becomes `overlapped`, related to the winner's
///   representative, so its reject row names the winning source and record.
enum WorkoutArbitration {
  /// One session: its rows (indices into the store) and what the arbitration compares.
  private struct Session {
    var source: UInt32
    var rank: UInt16
    var start: Int64
    var end: Int64
    var representative: UInt32
    var rows: [UInt32]

    var length: Int64 { end - start }
  }

  /// Marks the rows of displaced sessions as `overlapped`. `rows` lists the kept rows of
  /// the workout metrics (after exact duplicates), in table order; `isWorkout` tells the
  /// `workout` metric's rows from the derived ones.
  static func resolve(
    _ kept: [UInt32], rows: inout [StoredSample], order: SampleOrder,
    isWorkout: (StoredSample) -> Bool
  ) {
    let sessions = self.sessions(kept, rows: rows, isWorkout: isWorkout)
    guard Set(sessions.map(\.source)).count > 1 else { return }
    let settleOrder = sessions.indices.sorted { a, b in
      let x = sessions[a]
      let y = sessions[b]
      if x.rank != y.rank { return x.rank < y.rank }
      if x.source != y.source {
        return order.sourceRank[Int(x.source)] < order.sourceRank[Int(y.source)]
      }
      if x.start != y.start { return x.start < y.start }
      return a < b
    }
    var settlePosition = [Int](repeating: 0, count: sessions.count)
    for (position, session) in settleOrder.enumerated() { settlePosition[session] = position }
    // Kept sessions by start, and the longest kept one: a match must start after
    // `candidate.start - longest`, so the scan stays short.
    var keptByStart: [Int] = []
    var longest: Int64 = 0
    for candidate in settleOrder {
      let me = sessions[candidate]
      var winner: Int?
      var lo = lowerBound(keptByStart, start: me.start - longest, sessions: sessions)
      while lo < keptByStart.count, sessions[keptByStart[lo]].start <= me.end {
        let other = keptByStart[lo]
        lo += 1
        guard sessions[other].source != me.source,
          sameSession(sessions[other], me)
        else { continue }
        // The first kept session in settle order: best rank, then name, then start.
        if winner.map({ settlePosition[other] < settlePosition[$0] }) ?? true { winner = other }
      }
      if let winner {
        for index in me.rows {
          rows[Int(index)].status = .overlapped
          rows[Int(index)].related = sessions[winner].representative
        }
      } else {
        let at = lowerBound(keptByStart, start: me.start, sessions: sessions)
        keptByStart.insert(candidate, at: at)
        longest = max(longest, me.length)
      }
    }
  }

  /// Whether two sessions are one: overlap ≥ half of the shorter (instants: inside or equal).
  private static func sameSession(_ a: Session, _ b: Session) -> Bool {
    if a.length == 0 || b.length == 0 {
      if a.length == 0 && b.length == 0 { return a.start == b.start }
      let (instant, span) = a.length == 0 ? (a, b) : (b, a)
      return span.start <= instant.start && instant.start < span.end
    }
    let overlap = min(a.end, b.end) - max(a.start, b.start)
    guard overlap > 0 else { return false }
    return 2 * overlap >= min(a.length, b.length)
  }

  /// The rows grouped by (source, start, end), in order of their first row.
  private static func sessions(
    _ kept: [UInt32], rows: [StoredSample], isWorkout: (StoredSample) -> Bool
  ) -> [Session] {
    struct Key: Hashable {
      var source: UInt32
      var start: Int64
      var end: Int64
    }
    var index: [Key: Int] = [:]
    var sessions: [Session] = []
    for row in kept {
      let r = rows[Int(row)]
      let key = Key(source: r.source, start: r.start, end: r.end)
      if let i = index[key] {
        sessions[i].rows.append(row)
        sessions[i].rank = min(sessions[i].rank, r.rank)
        if isWorkout(r) && !isWorkout(rows[Int(sessions[i].representative)]) {
          sessions[i].representative = row
        }
      } else {
        index[key] = sessions.count
        sessions.append(
          Session(
            source: r.source, rank: r.rank, start: r.start, end: r.end, representative: row,
            rows: [row]))
      }
    }
    return sessions
  }

  private static func lowerBound(_ list: [Int], start: Int64, sessions: [Session]) -> Int {
    var lo = 0
    var hi = list.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sessions[list[mid]].start < start { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// `same session as the workout of higher-priority 'Jane’s Apple Watch' (Apple Watch)
  /// from input 0 record 12 ...`.
  static func reason(
    derived: Bool, keptSource: String, label: String, sameRank: Bool, at origin: String,
    ownLabel: String
  ) -> String {
    let what = derived ? "belongs to a workout that is the same session" : "same session"
    let who = sameRank ? "same-priority" : "higher-priority"
    let tie = sameRank ? ", whose name sorts first" : ""
    return "\(what) as the workout of \(who) '\(keptSource)' (\(label)\(tie)) from \(origin), "
      + "which was kept (they overlap by at least half of the shorter one); this workout "
      + "ranks as \(ownLabel)"
  }
}
