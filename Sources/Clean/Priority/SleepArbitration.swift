import HealthModel

/// Source priority for sleep (docs/clean.md, "Sleep"): the night's main sleep and the naps
/// apart, so a nap can never win the night.
///
/// 1. Per source, sleep rows of any stage sorted by start form sessions; a gap of more than
///    60 minutes starts a new one (`SleepSessions`).
/// 2. A session belongs to the sleep day of its end + 6 h.
/// 3. Each sleep day's main session is the one with the most asleep minutes (in-bed minutes
///    for a session without asleep rows); its span is the night's window
///    (`SleepNightRule`).
/// 4. The night comes from the highest-priority source whose sessions overlapping the window
///    hold at least half the main session's asleep minutes (ties: the name that sorts
///    first). Those sessions are kept whole: asleep, stages, awake and in-bed. In-bed comes
///    from another source only when the night's source has none: the highest-priority one
///    with in-bed in the window. Every other row in the window's sessions is `overlapped`.
/// 5. Sessions that do not overlap their sleep day's window are naps: where naps of several
///    sources overlap, the highest-priority one stays and the others are `overlapped`.
///
/// Within a kept session rows stay as they are: the union of asleep intervals is the
/// aggregate stage's job, never a sum of overlaps.
enum SleepArbitration {
  /// Marks the displaced sleep rows of `sorted` (one metric's survivors) as `overlapped`,
  /// records why in `notes`, and returns the windows the kept rows alone do not show (for
  /// the cleaned table's header: the aggregate stage needs them to tell nights from naps).
  static func resolve(
    _ sorted: [UInt32], rows: inout [StoredSample], stages: [SleepStage?], order: SampleOrder,
    notes: inout [UInt32: SleepOverlapNote]
  ) -> [NightWindow] {
    var pieces: [SleepPiece] = []
    pieces.reserveCapacity(sorted.count)
    for index in sorted {
      let row = rows[Int(index)]
      guard let stage = stages[Int(row.category)] else { continue }
      pieces.append(
        SleepPiece(
          start: row.start, end: row.end, utcOffset: row.utcOffset, stage: stage,
          minutes: row.value, source: order.sourceRank[Int(row.source)], index: index))
    }
    let all = SleepSessions(pieces)
    var arbiter = Arbiter(all: all, rows: rows)
    let mains = SleepNightRule.mainSessions(all)
    var byDay: [Int32: [Int]] = [:]
    for (i, s) in all.sessions.enumerated() { byDay[s.sleepDay.dayNumber, default: []].append(i) }
    var windows: [Int32: NightWindow] = [:]
    var naps: [Int] = []
    for day in byDay.keys.sorted() {
      let main = all.sessions[mains[day]!]
      let window = NightWindow(day: main.sleepDay, start: main.start, end: main.end)
      windows[day] = window
      var night: [Int] = []
      for i in byDay[day]! {
        if all.sessions[i].overlaps(start: window.start, end: window.end) {
          night.append(i)
        } else {
          naps.append(i)
        }
      }
      arbiter.resolveNight(night, main: main, window: window)
    }
    arbiter.resolveNaps(naps)
    for (index, note) in arbiter.notes {
      rows[Int(index)].status = .overlapped
      rows[Int(index)].related = note.related
      notes[index] = note.note
    }
    return carriedWindows(pieces, overlapped: arbiter.notes, windows: windows)
  }

  /// The windows that the kept rows alone would not give: where the main session's source
  /// lost the night (its rows are gone) or another kept session outweighs it now.
  private static func carriedWindows(
    _ pieces: [SleepPiece], overlapped: [UInt32: Arbiter.Displacement],
    windows: [Int32: NightWindow]
  ) -> [NightWindow] {
    let kept = SleepSessions(pieces.filter { overlapped[$0.index] == nil })
    let shown = SleepNightRule.windows(kept)
    return windows.keys.sorted().compactMap { day in
      shown[day] == windows[day] ? nil : windows[day]
    }
  }

  /// The decisions of one resolution, row by row.
  private struct Arbiter {
    /// A displaced row: the row kept instead (for the reject's "kept" fields) and why.
    struct Displacement {
      var related: UInt32
      var note: SleepOverlapNote
    }

    let all: SleepSessions
    /// Best (lowest) rank of each session's rows.
    let ranks: [UInt16]
    private(set) var notes: [UInt32: Displacement] = [:]

    init(all: SleepSessions, rows: [StoredSample]) {
      self.all = all
      ranks = all.sessions.map { s in
        all.members(s).reduce(UInt16.max) { min($0, rows[Int($1.index)].rank) }
      }
    }

    /// Priority order of sessions: rank, then the source name.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
      (ranks[a], all.sessions[a].source) < (ranks[b], all.sessions[b].source)
    }

    /// One sleep day's night: `night` are the day's sessions overlapping `window`.
    mutating func resolveNight(_ night: [Int], main: SleepSession, window: NightWindow) {
      // Per source: its sessions, best rank, asleep minutes held, whether it has in-bed.
      var bySource: [UInt32: [Int]] = [:]
      for i in night { bySource[all.sessions[i].source, default: []].append(i) }
      func held(_ source: UInt32) -> Double {
        bySource[source]!.reduce(0) { $0 + all.sessions[$1].asleepMinutes }
      }
      func rankOf(_ source: UInt32) -> UInt16 { bySource[source]!.map { ranks[$0] }.min()! }
      func best(_ sources: some Sequence<UInt32>) -> UInt32? {
        sources.min { (rankOf($0), $0) < (rankOf($1), $1) }
      }
      func hasInBed(_ source: UInt32) -> Bool {
        bySource[source]!.contains { all.sessions[$0].hasInBed }
      }
      // The main session's asleep minutes; for an in-bed-only main session, the most any
      // source holds (its in-bed minutes would be a measure no asleep source could meet).
      let sources = bySource.keys
      let mostHeld = sources.map(held).max() ?? 0
      let reference = main.hasAsleep ? main.asleepMinutes : mostHeld
      let eligible = sources.filter { reference > 0 && held($0) >= 0.5 * reference }
      guard let chosen = best(reference > 0 ? eligible : Array(sources)) else { return }
      let inBedSource = hasInBed(chosen) ? chosen : best(sources.filter(hasInBed))

      // The in-bed rows kept from another source: its in-bed rows regrouped into sessions
      // (as the aggregate stage will see them), those of this sleep day in the window.
      var keptInBed: Set<UInt32> = []
      var firstKeptInBed: UInt32?
      if let other = inBedSource, other != chosen {
        let inBed = bySource[other]!.flatMap { all.members(all.sessions[$0]) }.filter {
          $0.stage == .inBed
        }
        let regrouped = SleepSessions(inBed)
        for s in regrouped.sessions
        where s.sleepDay == window.day && s.overlaps(start: window.start, end: window.end) {
          for piece in regrouped.members(s) { keptInBed.insert(piece.index) }
          firstKeptInBed = firstKeptInBed ?? regrouped.members(s).first?.index
        }
      }
      let chosenRows = bySource[chosen]!.flatMap { all.members(all.sessions[$0]) }
      let nightRow = chosenRows.first { $0.stage != .inBed } ?? chosenRows[0]
      let inBedRow =
        inBedSource == chosen ? chosenRows.first { $0.stage == .inBed }?.index : firstKeptInBed
      for source in sources where source != chosen {
        let rank = rankOf(source)
        let sameRank = rank == rankOf(chosen)
        for i in bySource[source]! {
          for piece in all.members(all.sessions[i]) where !keptInBed.contains(piece.index) {
            var note = SleepOverlapNote(day: window.day, kind: .night, why: .higherPriority)
            var related = nightRow.index
            if piece.stage == .inBed, let inBedSource {
              related = inBedRow ?? nightRow.index
              if source == inBedSource {
                note.kind = .inBedOutsideWindow
              } else {
                note.kind = .inBed
                note.why =
                  inBedSource == chosen
                  ? .nightSource : rank == rankOf(inBedSource) ? .sameRank : .higherPriority
              }
            } else if reference > 0 && held(source) < 0.5 * reference {
              note.why = .underHalf
              note.held = Float(held(source))
              note.reference = Float(reference)
            } else if sameRank {
              note.why = .sameRank
            }
            notes[piece.index] = Displacement(related: related, note: note)
          }
        }
      }
    }

    /// The naps: in priority order (rank, then name), a nap that overlaps a nap of another
    /// source kept before it goes.
    mutating func resolveNaps(_ naps: [Int]) {
      let sessions = all.sessions
      // Kept naps never overlap (a source's sessions are disjoint, and an overlapping one
      // is not kept), so by start they are also by end.
      var kept: [Int] = []
      func firstIndex(_ predicate: (SleepSession) -> Bool) -> Int {
        var low = 0
        var high = kept.count
        while low < high {
          let mid = (low + high) / 2
          if predicate(sessions[kept[mid]]) { high = mid } else { low = mid + 1 }
        }
        return low
      }
      for i in naps.sorted(by: {
        (ranks[$0], sessions[$0].source, $0) < (ranks[$1], sessions[$1].source, $1)
      }) {
        let s = sessions[i]
        let next = firstIndex { $0.end > s.start || ($0.end == s.start && $0.start == $0.end) }
        let overlapping = kept[next...].prefix { sessions[$0].start <= s.end }.first {
          sessions[$0].overlaps(start: s.start, end: s.end)
        }
        guard let winner = overlapping else {
          kept.insert(i, at: firstIndex { $0.start > s.start })
          continue
        }
        let note = SleepOverlapNote(
          day: s.startDay, kind: .nap,
          why: ranks[winner] == ranks[i] ? .sameRank : .higherPriority)
        let related = all.members(sessions[winner]).first!.index
        for piece in all.members(s) {
          notes[piece.index] = Displacement(related: related, note: note)
        }
      }
    }
  }

  /// The reject reason of a displaced sleep row: what it lost, to which source and why,
  /// e.g. `sleep day 2026-11-08 takes its night from 'Oura Ring' (*): this sample's source
  /// holds 120 of the main sleep's 393 asleep minutes, under half; it ranks as Apple Watch`.
  static func reason(
    _ note: SleepOverlapNote?, chosenSource: String, chosenLabel: String, ownLabel: String
  ) -> String {
    let chosen = "'\(chosenSource)' (\(chosenLabel)"
    guard let note else {
      return "displaced by \(chosen)); this sample ranks as \(ownLabel)"
    }
    let why =
      switch note.why {
      case .higherPriority, .underHalf: "higher priority"
      case .sameRank: "same priority, its name sorts first"
      case .nightSource: "the night's source"
      }
    let own = "this sample ranks as \(ownLabel)"
    switch note.kind {
    case .night where note.why == .underHalf:
      func minutes(_ value: Float) -> String {
        NumberFormatting.shortest((Double(value) * 10).rounded() / 10)
      }
      return "sleep day \(note.day) takes its night from \(chosen)): this sample's source holds "
        + "\(minutes(note.held)) of the main sleep's \(minutes(note.reference)) asleep minutes, "
        + "under half; it ranks as \(ownLabel)"
    case .night:
      return "sleep day \(note.day) takes its night from \(chosen), \(why)); \(own)"
    case .inBed:
      return "sleep day \(note.day) takes its in-bed time from \(chosen), \(why)); \(own)"
    case .inBedOutsideWindow:
      return "sleep day \(note.day) takes its in-bed time from \(chosen)) only inside the "
        + "night's window; this in-bed time lies outside it"
    case .nap:
      return "the nap of \(note.day) overlaps one from \(chosen), \(why)), which is kept; \(own)"
    }
  }
}
