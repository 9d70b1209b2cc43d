/// The parts of the sleep rule that clean and aggregate share (docs/clean.md, "Sleep";
/// docs/aggregate.md, "Sleep day"): each sleep day's main session and window, and whether a
/// session is part of the night or a nap.
///
/// Clean also decides which source the night comes from and which nap wins where naps of
/// several sources overlap; aggregate, reading clean's rows, only needs the windows to tell
/// nights from naps.
public enum SleepNightRule {
  /// Each sleep day's main session (an index into `sessions.sessions`): the one with the
  /// most asleep minutes, or in-bed minutes for a session without asleep rows. Ties: the
  /// earlier start, then the source name that sorts first, then the earlier end.
  public static func mainSessions(_ sessions: SleepSessions) -> [Int32: Int] {
    var main: [Int32: Int] = [:]
    for (i, s) in sessions.sessions.enumerated() {
      let day = s.sleepDay.dayNumber
      guard let current = main[day] else {
        main[day] = i
        continue
      }
      let c = sessions.sessions[current]
      if s.weight != c.weight {
        if s.weight > c.weight { main[day] = i }
      } else if (s.start, s.source, s.end) < (c.start, c.source, c.end) {
        main[day] = i
      }
    }
    return main
  }

  /// Each sleep day's window: the span of its main session.
  public static func windows(_ sessions: SleepSessions) -> [Int32: NightWindow] {
    mainSessions(sessions).mapValues { i in
      let s = sessions.sessions[i]
      return NightWindow(day: s.sleepDay, start: s.start, end: s.end)
    }
  }

  /// The windows of the rows in `sessions`, with `carried` ones (from clean's header) in
  /// place of those computed for the same sleep day. Clean carries exactly the windows its
  /// cleaned rows do not show (when the main session's source lost the night, its rows are
  /// gone), so both stages use the same windows.
  public static func windows(_ sessions: SleepSessions, carried: [NightWindow])
    -> [Int32: NightWindow]
  {
    var windows = self.windows(sessions)
    for w in carried { windows[w.day.dayNumber] = w }
    return windows
  }

  /// Whether `session` is part of its sleep day's night (it overlaps the window) rather
  /// than a nap.
  public static func isNight(_ session: SleepSession, windows: [Int32: NightWindow]) -> Bool {
    guard let w = windows[session.sleepDay.dayNumber] else { return false }
    return session.overlaps(start: w.start, end: w.end)
  }
}
