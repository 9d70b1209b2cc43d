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
    /// Where the `from` and `to` cells' bytes are in the pass's text store.
    var texts: (from: Range<Int>, to: Range<Int>)
  }

  /// Reads the rest of `csv` (after its header) and returns, by line, the sessions that are
  /// not read: in each group of sessions that overlap one another, every session but the
  /// one with the most asleep seconds (light + deep + REM; ties: the longer span, then the
  /// later line). The cells are read where they lie; only the winners' spans become text.
  static func find(csv: CSVRecordReader, header: [String]) throws -> [Int64: Loser] {
    let layout = WithingsLayouts.sleep
    let map = try VendorColumnMap(layout: layout, headerCells: header, path: csv.path)
    typealias C = WithingsLayouts.SleepColumn
    let asleepColumns: [C] = [.light, .deep, .rem]
    var sessions: [Session] = []
    var store: [UInt8] = []
    func cell(_ c: C) -> UnsafeRawBufferPointer? {
      map.has(c.rawValue) ? csv.trimmedField(map.index[c.rawValue]) : nil
    }
    while try csv.next() {
      guard csv.fieldCount == map.fieldCount, !csv.recordUnterminated else { continue }
      guard let fromCell = cell(.from), let toCell = cell(.to),
        let from = TimestampParser.parse(fromCell)?.epochSeconds,
        let to = TimestampParser.parse(toCell)?.epochSeconds, to > from
      else { continue }
      var asleep = 0.0
      for c in asleepColumns { asleep += cell(c).flatMap { DecimalParser.parse($0) } ?? 0 }
      let fromRange = store.count..<(store.count + fromCell.count)
      store.append(contentsOf: fromCell)
      let toRange = store.count..<(store.count + toCell.count)
      store.append(contentsOf: toCell)
      sessions.append(
        Session(
          line: Int64(csv.recordLine), from: from, to: to, asleep: asleep,
          texts: (fromRange, toRange)))
    }
    return losers(sessions) { s in
      let text = { (r: Range<Int>) in String(decoding: store[r], as: UTF8.self) }
      return "\(text(s.texts.from)) → \(text(s.texts.to))"
    }
  }

  private static func losers(_ sessions: [Session], span: (Session) -> String) -> [Int64: Loser] {
    let sorted = sessions.sorted { ($0.from, $0.line) < ($1.from, $1.line) }
    var result: [Int64: Loser] = [:]
    var group: [Session] = []
    var groupEnd = Int64.min
    func close() {
      guard group.count > 1 else { return }
      let winner = group.max {
        ($0.asleep, $0.to - $0.from, $0.line) < ($1.asleep, $1.to - $1.from, $1.line)
      }!
      let winnerSpan = span(winner)
      for s in group where s.line != winner.line {
        result[s.line] = Loser(winnerLine: winner.line, winnerSpan: winnerSpan)
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
