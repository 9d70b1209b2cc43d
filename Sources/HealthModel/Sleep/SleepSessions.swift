/// One source's stretch of sleep rows without a gap of more than an hour (docs/clean.md,
/// "Sleep"): the unit the night rule compares, keeps and drops.
public struct SleepSession: Sendable, Hashable {
  /// The source (`SleepPiece.source`).
  public var source: UInt32
  /// The earliest start of its rows.
  public var start: Int64
  /// The latest end of its rows.
  public var end: Int64
  /// Its rows: a range of `SleepSessions.pieces`.
  public var members: Range<Int>
  /// The sleep day: the local date of (end + 6 h), with the offset of the row that ends last.
  public var sleepDay: LocalDay
  /// The local date of its start, with the offset of its first row (a nap's day).
  public var startDay: LocalDay
  /// Asleep minutes (every asleep stage; segments unioned, summaries added).
  public var asleepMinutes: Double
  /// In-bed minutes.
  public var inBedMinutes: Double
  /// Whether it has an asleep row.
  public var hasAsleep: Bool
  /// Whether it has an in-bed row.
  public var hasInBed: Bool

  /// What it weighs when the main sleep is chosen: its asleep minutes, or its in-bed
  /// minutes when it has no asleep row (a source that records only in bed).
  public var weight: Double { hasAsleep ? asleepMinutes : inBedMinutes }

  /// Whether it overlaps [start, end): half-open intervals that share some time, or an
  /// instant inside the other.
  public func overlaps(start otherStart: Int64, end otherEnd: Int64) -> Bool {
    switch (start == end, otherStart == otherEnd) {
    case (true, true): start == otherStart
    case (true, false): otherStart <= start && start < otherEnd
    case (false, true): start <= otherStart && otherStart < end
    case (false, false): max(start, otherStart) < min(end, otherEnd)
    }
  }
}

/// Sleep rows grouped into sessions: per source, rows sorted by start, a gap of more than
/// `maxGap` seconds between a row's start and the latest end of the session's segments
/// starts a new session. A per-night summary row (`SleepMeasure.isSegment` false) joins a
/// session only where it overlaps one of its summaries or lies within the gap of its
/// segments: the noon-to-noon totals of consecutive nights never chain into one session.
public struct SleepSessions: Sendable {
  /// The longest gap inside one session: 60 minutes.
  public static let maxGap: Int64 = 3_600

  /// The pieces, by source, start, end and index; each session's members are contiguous.
  public let pieces: [SleepPiece]
  /// The sessions, by source and start.
  public let sessions: [SleepSession]

  /// Groups `pieces` into sessions.
  public init(_ pieces: [SleepPiece]) {
    let sorted = pieces.sorted {
      ($0.source, $0.start, $0.end, $0.index) < ($1.source, $1.start, $1.end, $1.index)
    }
    var sessions: [SleepSession] = []
    var first = 0
    while first < sorted.count {
      var last = first
      // Real segments reach an hour past their end; a per-night summary row (a stage's
      // total over the night's window) only joins what overlaps it: summaries of
      // consecutive nights abut (noon to noon), and must stay nights of their own.
      var segmentEnd = Int64.min
      var summaryEnd = Int64.min
      func extend(_ piece: SleepPiece) {
        if piece.isSegment {
          segmentEnd = max(segmentEnd, piece.end)
        } else {
          summaryEnd = max(summaryEnd, piece.end)
        }
      }
      extend(sorted[first])
      while last + 1 < sorted.count, sorted[last + 1].source == sorted[first].source,
        sorted[last + 1].start < summaryEnd
          || (segmentEnd != .min && sorted[last + 1].start - segmentEnd <= Self.maxGap)
      {
        last += 1
        extend(sorted[last])
      }
      sessions.append(Self.session(sorted, first...last))
      first = last + 1
    }
    self.pieces = sorted
    self.sessions = sessions
  }

  /// The rows of a session.
  public func members(_ session: SleepSession) -> ArraySlice<SleepPiece> {
    pieces[session.members]
  }

  private static func session(_ sorted: [SleepPiece], _ range: ClosedRange<Int>) -> SleepSession {
    let rows = sorted[range]
    let head = rows[rows.startIndex]
    // The row that ends last gives the sleep day's offset (the latest in order on a tie).
    var tail = head
    for row in rows where row.end >= tail.end { tail = row }
    let asleep = SleepMeasure.minutes(rows) { $0.stage.isAsleep }
    let inBed = SleepMeasure.minutes(rows) { $0.stage == .inBed }
    return SleepSession(
      source: head.source, start: head.start, end: tail.end,
      members: range.lowerBound..<(range.upperBound + 1),
      sleepDay: LocalDay(epochSeconds: tail.end + 6 * 3_600, utcOffset: tail.utcOffset),
      startDay: LocalDay(epochSeconds: head.start, utcOffset: head.utcOffset),
      asleepMinutes: asleep, inBedMinutes: inBed,
      hasAsleep: rows.contains { $0.stage.isAsleep }, hasInBed: rows.contains { $0.stage == .inBed }
    )
  }
}
