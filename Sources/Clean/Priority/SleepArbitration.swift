import HealthCore

/// Source priority for sleep (design section 6). Per sleep day — the local date of a
/// segment's end + 6 h, so a night ending Tuesday morning is Tuesday's — one source
/// supplies the asleep stages and one the in-bed time:
///
/// - asleep stages (core, deep, REM, unspecified) and the awake segments that go with them
///   come from the highest-priority source that recorded an asleep stage that day (a day
///   with awake segments only takes them from the highest-priority source that has some);
/// - in-bed comes from the highest-priority source that recorded in-bed that day;
/// - ties go to the source name that sorts first (UTF-8 order);
/// - every other sleep row of that day is rejected as `overlapped`.
///
/// Within the chosen source, segments are kept as they are: the union of its asleep
/// intervals is the aggregate stage's job (never a sum of overlaps).
enum SleepArbitration {
  /// The sleep day of a segment.
  static func sleepDay(end: Int64, utcOffset: Int32) -> LocalDay {
    LocalDay(epochSeconds: end + 6 * 3_600, utcOffset: utcOffset)
  }

  /// Marks the displaced sleep rows as `overlapped`.
  static func resolve(
    _ sorted: [UInt32], rows: inout [StoredSample], stages: [SleepStage?], order: SampleOrder
  ) {
    struct Entry {
      var day: Int32
      var position: Int
      var index: UInt32
    }
    var byDay = sorted.enumerated().map { position, index in
      let row = rows[Int(index)]
      return Entry(
        day: sleepDay(end: row.end, utcOffset: row.utcOffset).dayNumber, position: position,
        index: index)
    }
    byDay.sort { ($0.day, $0.position) < ($1.day, $1.position) }
    var groupStart = 0
    while groupStart < byDay.count {
      var groupEnd = groupStart
      while groupEnd < byDay.count && byDay[groupEnd].day == byDay[groupStart].day { groupEnd += 1 }
      let group = byDay[groupStart..<groupEnd].map(\.index)
      resolveDay(group, rows: &rows, stages: stages, order: order)
      groupStart = groupEnd
    }
  }

  private static func resolveDay(
    _ group: [UInt32], rows: inout [StoredSample], stages: [SleepStage?], order: SampleOrder
  ) {
    func stage(_ index: UInt32) -> SleepStage? { stages[Int(rows[Int(index)].category)] }
    func best(_ candidates: [UInt32]) -> UInt32? {
      candidates.min { a, b in
        let ra = rows[Int(a)]
        let rb = rows[Int(b)]
        if ra.rank != rb.rank { return ra.rank < rb.rank }
        return order.sourceRank[Int(ra.source)] < order.sourceRank[Int(rb.source)]
      }
    }
    let asleep = group.filter { stage($0)?.isAsleep == true }
    let awake = group.filter { stage($0) == .awake }
    let inBed = group.filter { stage($0) == .inBed }
    let stageChoice = best(asleep.isEmpty ? awake : asleep)
    let inBedChoice = best(inBed)
    for index in group {
      let choice = stage(index) == .inBed ? inBedChoice : stageChoice
      guard let choice, rows[Int(index)].source != rows[Int(choice)].source else { continue }
      rows[Int(index)].status = .overlapped
      rows[Int(index)].related = choice
    }
  }

  /// `sleep day 2024-03-05 takes its asleep stages from 'Jane’s Apple Watch' (Apple Watch)`.
  static func reason(
    day: LocalDay, inBed: Bool, chosenSource: String, chosenLabel: String, sameRank: Bool,
    ownLabel: String
  ) -> String {
    let what = inBed ? "in-bed time" : "asleep and awake stages"
    let why = sameRank ? "same priority, its name sorts first" : "higher priority"
    return "sleep day \(day) takes its \(what) from '\(chosenSource)' (\(chosenLabel), \(why)); "
      + "this sample ranks as \(ownLabel)"
  }
}
