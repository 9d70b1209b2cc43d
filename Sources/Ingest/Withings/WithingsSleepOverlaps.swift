import HealthModel

/// Withings writes some nights twice: two sessions of `sleep.csv` that overlap (in the real
/// export, `2026-06-26T01:28` and `2026-06-26T00:56:56`, both to `09:31`). Counting both
/// would add a night's stages twice. A first pass over the file finds them
/// (docs/ingest-withings.md, "Overlapping sessions").
enum WithingsSleepOverlaps {
  /// A session that another one overlaps and outweighs.
  struct Loser: Sendable {
    /// The line of the session read instead.
    var winnerLine: Int64
    /// Its span, as written.
    var winnerSpan: String
  }

  private struct Session {
    var line: Int64
    var from: Int64
    var to: Int64
    var asleep: Double
    var span: String
  }

  /// Reads the rest of `csv` (after its header) and returns, by line, the sessions that are
  /// not read: in each group of sessions that overlap one another, every session but the
  /// one with the most asleep seconds (light + deep + REM; ties: the longer span, then the
  /// later line).
  static func find(csv: CSVRecordReader, header: [String]) throws -> [Int64: Loser] {
    let layout = WithingsLayouts.sleep
    let map = try VendorColumnMap(layout: layout, headerCells: header, path: csv.path)
    typealias C = WithingsLayouts.SleepColumn
    var sessions: [Session] = []
    while try csv.next() {
      guard csv.fieldCount == map.fieldCount, !csv.recordUnterminated else { continue }
      func text(_ c: C) -> String? {
        map.has(c.rawValue) ? csv.trimmedString(map.index[c.rawValue]) : nil
      }
      guard let fromText = text(.from), let toText = text(.to),
        let from = TimestampParser.parse(fromText)?.epochSeconds,
        let to = TimestampParser.parse(toText)?.epochSeconds, to > from
      else { continue }
      let asleep = [C.light, .deep, .rem].reduce(0.0) {
        $0 + (text($1).flatMap { DecimalParser.parse($0) } ?? 0)
      }
      sessions.append(
        Session(
          line: Int64(csv.recordLine), from: from, to: to, asleep: asleep,
          span: "\(fromText) → \(toText)"))
    }
    return losers(sessions)
  }

  private static func losers(_ sessions: [Session]) -> [Int64: Loser] {
    let sorted = sessions.sorted { ($0.from, $0.line) < ($1.from, $1.line) }
    var result: [Int64: Loser] = [:]
    var group: [Session] = []
    var groupEnd = Int64.min
    func close() {
      guard group.count > 1 else { return }
      let winner = group.max {
        ($0.asleep, $0.to - $0.from, $0.line) < ($1.asleep, $1.to - $1.from, $1.line)
      }!
      for s in group where s.line != winner.line {
        result[s.line] = Loser(winnerLine: winner.line, winnerSpan: winner.span)
      }
    }
    for s in sorted {
      if s.from >= groupEnd {
        close()
        group = []
      }
      group.append(s)
      groupEnd = max(groupEnd, s.to)
    }
    close()
    return result
  }
}
