import HealthModel
import Testing

/// The shared pieces of the sleep rule (docs/clean.md, "Sleep"): sessions, main sessions,
/// windows and their header text.
@Suite("Sleep sessions and night windows")
struct SleepSessionsTests {
  static func piece(
    _ start: Int64, _ end: Int64, _ stage: SleepStage = .asleepCore, source: UInt32 = 0,
    index: UInt32 = 0
  ) -> SleepPiece {
    SleepPiece(
      start: start, end: end, utcOffset: 0, stage: stage, minutes: Double(end - start) / 60,
      source: source, index: index)
  }

  @Test("a gap of exactly 60 minutes stays in the session; 60 minutes and 1 second starts one")
  func gapRule() {
    // 00:00-01:00, then 02:00-03:00 (gap 3,600 s: same session), then 04:00:01-05:00
    // (gap 3,601 s: new session). Another source's row never joins.
    let sessions = SleepSessions([
      Self.piece(0, 3_600, index: 0), Self.piece(7_200, 10_800, index: 1),
      Self.piece(14_401, 18_000, index: 2), Self.piece(3_600, 7_200, source: 1, index: 3),
    ]).sessions
    #expect(sessions.map(\.start) == [0, 14_401, 3_600])
    #expect(sessions.map(\.end) == [10_800, 18_000, 7_200])
    #expect(sessions.map(\.asleepMinutes) == [120, 59 + 59.0 / 60, 60])
  }

  @Test("per-night summaries of consecutive nights stay nights of their own")
  func summaryNights() {
    // Health Auto Export's daily totals: each night's stages over noon before to noon of
    // the date, so night 2 starts exactly where night 1 ends. Minutes are totals (not the
    // interval), so the rows are summaries; they must not chain into one two-day session.
    let noon: Int64 = 12 * 3_600
    let d: Int64 = 86_400
    func total(_ start: Int64, _ stage: SleepStage, _ minutes: Double, index: UInt32)
      -> SleepPiece
    {
      SleepPiece(
        start: start, end: start + d, utcOffset: 0, stage: stage, minutes: minutes, source: 0,
        index: index)
    }
    let sessions = SleepSessions([
      total(noon, .asleepCore, 240, index: 0), total(noon, .inBed, 450, index: 1),
      total(noon + d, .asleepCore, 300, index: 2), total(noon + d, .inBed, 480, index: 3),
    ]).sessions
    // Two sessions, one per night, each with its own totals (summaries are added).
    #expect(sessions.map(\.start) == [noon, noon + d])
    #expect(sessions.map(\.asleepMinutes) == [240, 300])
    #expect(sessions.map(\.inBedMinutes) == [450, 480])
    // A real segment an hour after a summary's end is still a session apart from it: only
    // segments reach across a gap.
    let mixed = SleepSessions([
      total(noon, .asleepCore, 240, index: 0), Self.piece(noon + d + 1_800, noon + d + 3_600),
    ]).sessions
    #expect(mixed.count == 2)
  }

  @Test("the main session weighs asleep minutes, or in-bed minutes without asleep rows")
  func mainSession() {
    // Day 1970-01-02 (ends + 6 h): source 0 asleep 23:00-06:00 (420 min); source 1 in bed
    // 22:00-07:30 only (570 min, the heavier); source 2 a nap 13:00-14:00 (60 min).
    let d: Int64 = 86_400
    let sessions = SleepSessions([
      Self.piece(d - 3_600, d + 6 * 3_600, source: 0),
      Self.piece(d - 7_200, d + 7 * 3_600 + 1_800, .inBed, source: 1),
      Self.piece(d + 13 * 3_600, d + 14 * 3_600, source: 2),
    ])
    let windows = SleepNightRule.windows(sessions)
    #expect(
      windows[1] == NightWindow(day: LocalDay(dayNumber: 1), start: d - 7_200, end: d + 27_000))
    #expect(
      sessions.sessions.map { SleepNightRule.isNight($0, windows: windows) } == [true, true, false])
  }
}
