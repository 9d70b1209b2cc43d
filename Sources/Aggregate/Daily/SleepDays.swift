import HealthCore
import HealthModel

/// The cleaned sleep rows split into nights and naps (docs/aggregate.md, "Sleep day").
///
/// Per source, rows form sessions (a gap of more than an hour starts a new one); a session
/// belongs to the sleep day of its end + 6 h. The sessions that overlap their sleep day's
/// window (the span of its main session; clean's own window where clean carried one) are
/// that day's night; the others are naps, on the local date of their start. A night still
/// open at its input's export (`PartialNight`) is kept apart from the whole nights.
struct SleepDays {
  /// Nights by sleep day (up to the as-of date).
  var nights: [LocalDay: SleepNight] = [:]
  /// Nights cut by the export, by sleep day (up to the as-of date).
  var partialNights: [LocalDay: PartialNight] = [:]
  /// Naps by the local date of their start (up to the as-of date).
  var naps: [LocalDay: SleepNaps] = [:]
  /// Rows in a night or nap on or before the as-of date.
  var used: Int64 = 0
  /// Rows in a night or nap after it.
  var afterAsOf: Int64 = 0

  /// Splits `rows` with the windows clean carried (none for a table clean did not write);
  /// `exportDates` (by input index) find the nights cut by an export.
  init(
    _ rows: [SleepSegment], carried: [NightWindow], asOf: LocalDay, exportDates: [Int64?] = []
  ) {
    var names: [UTF8Key: UInt32] = [:]
    for row in rows { names[UTF8Key(row.source)] = 0 }
    let ordered = names.keys.sorted { $0.text.utf8.lexicographicallyPrecedes($1.text.utf8) }
    for (i, key) in ordered.enumerated() { names[key] = UInt32(i) }
    let pieces = rows.enumerated().map { i, row in
      SleepPiece(
        start: row.start, end: row.end, utcOffset: row.utcOffset, stage: row.stage,
        minutes: row.minutes, source: names[UTF8Key(row.source)]!, index: UInt32(i))
    }
    let sessions = SleepSessions(pieces)
    let windows = SleepNightRule.windows(sessions, carried: carried)
    var nightRows: [LocalDay: [SleepSegment]] = [:]
    var napSessions: [LocalDay: [SleepSession]] = [:]
    for session in sessions.sessions {
      let night = SleepNightRule.isNight(session, windows: windows)
      let day = night ? session.sleepDay : session.startDay
      let count = Int64(session.members.count)
      guard day <= asOf else {
        afterAsOf += count
        continue
      }
      used += count
      if night {
        nightRows[day, default: []] += sessions.members(session).map { rows[Int($0.index)] }
      } else {
        napSessions[day, default: []].append(session)
      }
    }
    for (day, segments) in nightRows {
      let night = SleepNight(day: day, segments: segments)
      if let cut = PartialNight.cut(segments, exportDates: exportDates) {
        partialNights[day] = PartialNight(
          night: night, exportedAt: cut.epoch, utcOffset: cut.offset)
      } else {
        nights[day] = night
      }
    }
    for (day, list) in napSessions {
      naps[day] = SleepNaps(day: day, sessions: list, of: sessions, rows: rows)
    }
  }
}

/// A night cut by the export (docs/aggregate.md, "Partial nights"): for an input with an
/// export date E, the night's rows from that input end less than an hour (the session gap,
/// `SleepSessions.maxGap`) before E, so by the session rule the night could have gone on
/// after the export. Its values are kept under the `partial` category and read by no
/// baseline, score, goal or average.
public struct PartialNight: Sendable, Hashable {
  /// The night as far as the export saw it.
  public var night: SleepNight
  /// The export date that cut it, epoch seconds.
  public var exportedAt: Int64
  /// The UTC offset of the night's last row (for the export's local time).
  public var utcOffset: Int32

  /// The export date that cuts `rows` and the offset of their last row, if an export does.
  static func cut(_ rows: [SleepSegment], exportDates: [Int64?]) -> (epoch: Int64, offset: Int32)? {
    guard !exportDates.isEmpty else { return nil }
    var last: [Int32: SleepSegment] = [:]
    for r in rows where last[r.file].map({ r.end > $0.end }) ?? true { last[r.file] = r }
    for file in last.keys.sorted() {
      let row = last[file]!
      guard file >= 0, Int(file) < exportDates.count, let e = exportDates[Int(file)] else {
        continue
      }
      if e - row.end < SleepSessions.maxGap { return (e, row.utcOffset) }
    }
    return nil
  }

  /// The export's local time on the night's clock, `HH:mm`.
  public var exportClock: String {
    let local = exportedAt + Int64(utcOffset)
    let minutes = ((local % 86_400) + 86_400) % 86_400 / 60
    let h = minutes / 60
    let m = minutes % 60
    return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
  }
}

/// The naps that started on one local day: `napMinutes` and `napCount` (docs/aggregate.md,
/// "Sleep day"). Never part of the night's asleep time, bedtime, wake time or score.
struct SleepNaps: Sendable, Hashable {
  /// The local date the naps started.
  var day: LocalDay
  /// Minutes napped: per nap, its asleep minutes (in-bed minutes for a nap recorded only as
  /// in bed), segments unioned.
  var minutes: Double
  /// Naps with time in them. Sessions of different sources that overlap count as one nap
  /// (clean has kept only one of them; a table clean did not write may hold both).
  var count: Int
  /// Rows behind the naps.
  var rows: Int64
  /// Their sorted distinct sources, joined by `, `.
  var sources: String

  init(day: LocalDay, sessions list: [SleepSession], of all: SleepSessions, rows: [SleepSegment]) {
    self.day = day
    let sorted = list.sorted { ($0.start, $0.end, $0.source) < ($1.start, $1.end, $1.source) }
    var clusters: [[SleepSession]] = []
    var clusterEnd = Int64.min
    for s in sorted {
      if let last = clusters.indices.last, s.start < clusterEnd {
        clusters[last].append(s)
        clusterEnd = max(clusterEnd, s.end)
      } else {
        clusters.append([s])
        clusterEnd = s.end
      }
    }
    var minutes = 0.0
    var count = 0
    for cluster in clusters {
      let pieces = cluster.flatMap { all.members($0) }
      let asleep = cluster.contains(where: \.hasAsleep)
      let napped = SleepMeasure.minutes(pieces) { asleep ? $0.stage.isAsleep : $0.stage == .inBed }
      minutes += napped
      if napped > 0 { count += 1 }
    }
    self.minutes = minutes
    self.count = count
    self.rows = Int64(list.reduce(0) { $0 + $1.members.count })
    sources = Set(list.flatMap { all.members($0).map { rows[Int($0.index)].source } }).sorted()
      .joined(separator: ", ")
  }

  /// The day's `napMinutes` and `napCount` rows (none when no nap had time in it).
  var dailyValues: [DailyValue] {
    guard count > 0 else { return [] }
    return [
      DailyValue(
        day: day, metric: .napMinutes, value: minutes, count: rows, unit: "min", source: sources),
      DailyValue(
        day: day, metric: .napCount, value: Double(count), count: rows, unit: "count",
        source: sources),
    ]
  }
}
