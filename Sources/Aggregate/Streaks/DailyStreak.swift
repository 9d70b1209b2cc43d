import HealthModel

/// A daily streak replayed over the backfill window (docs/streaks.md, "Daily
/// streak").
public struct DailyStreak: Sendable, Hashable {
  /// Goal days in the current streak (frozen days do not add).
  public var current: Int
  /// Longest streak inside the window.
  public var longest: Int
  /// The last goal day of the longest streak (the most recent one on a tie).
  public var longestEnd: LocalDay?
  /// Missed days a freeze bridged, oldest first.
  public var freezesUsed: [LocalDay]
  /// Whether a freeze is held at the as-of date.
  public var freezeAvailable: Bool
  /// The last goal day in the window.
  public var lastGoalDay: LocalDay?
  /// One character per day: `1` goal day, `0` missed, `F` frozen, `.` no data.
  public var history: String
  /// The first day in the window each milestone length was reached.
  public var milestones: [Int: LocalDay]
  /// Per day, the streak as it stood with that day as the as-of date (the day not over)
  /// and whether a freeze was held: the habits table's streak of every day in one replay
  /// (docs/streaks.md, "Habits").
  public var standings: [Standing] = []

  /// The streak on one day, that day not over.
  public struct Standing: Sendable, Hashable {
    /// What `current` would be with that day as the as-of date.
    public var streak: Int
    /// Whether a freeze is held after that day.
    public var freezeHeld: Bool
  }

  /// A used freeze comes back this many days after the last refill.
  public static let refillDays = 30

  /// Replays `states` (one per day, the first is `windowStart`, the last is the as-of date R).
  ///
  /// - A freeze is held at the window start, which is also the first refill; refills happen
  ///   every 30 days after it (window day 30, 60, ...) and fill the freeze if it is empty.
  /// - A missed day right after a goal day, with a freeze held, is bridged when the next day
  ///   is a goal day: the freeze is used (dated the missed day), the streak goes on, the
  ///   frozen day does not add. If the next day is missed too, the streak ends and the
  ///   freeze is not used.
  /// - R is not over: when R is not (yet) a goal day the state is that after R − 1, so a
  ///   miss on R − 1 with a freeze held still leaves the streak alive.
  /// - A day whose index is in `settled` is a miss that cannot turn into a goal day before
  ///   the day ends (an `at most` habit already over its limit): it counts as over at once,
  ///   on R too, and in `standings` on its own day.
  public static func replay(
    states: [GoalDayState], windowStart: LocalDay, settled: Set<Int> = []
  ) -> DailyStreak {
    var held = true
    var current = 0
    var longest = 0
    var longestEnd: LocalDay?
    var pending: Int?
    var frozen: [Int] = []
    var lastGoal: LocalDay?
    var reached: [Int: LocalDay] = [:]
    let lastIndex = states.count - 1
    var standings: [Standing] = []
    standings.reserveCapacity(states.count)
    for (i, state) in states.enumerated() {
      let day = windowStart.adding(days: i)
      // Whether this is R and can still become a goal day: it is not counted as a miss.
      let open = i == lastIndex && !settled.contains(i)
      // A day not met leaves the streak as it stood before it while the day is not over.
      let before = current
      let over = state.isMet || i == lastIndex || settled.contains(i)
      defer { standings.append(Standing(streak: over ? current : before, freezeHeld: held)) }
      if state == .skipped {
        // Neither breaks nor extends: a pending bridge waits for the next counted day; the
        // refill clock runs on.
        if i > 0, i % refillDays == 0 { held = true }
        continue
      }
      if let p = pending {
        if state.isMet {
          held = false
          frozen.append(p)
          pending = nil
        } else if !open {
          current = 0
          pending = nil
        }
      }
      if i > 0, i % refillDays == 0 { held = true }
      if state.isMet {
        current += 1
        if current >= longest {
          longest = current
          longestEnd = day
        }
        lastGoal = day
        if Milestones.lengths.contains(current), reached[current] == nil { reached[current] = day }
      } else if open {
        // The as-of day is not over: leave the streak as it stood after yesterday.
      } else if pending == nil, current > 0, held {
        pending = i
      } else {
        current = 0
      }
    }
    var chars = states.map(\.rawValue)
    for f in frozen { chars[f] = "F" }
    return DailyStreak(
      current: current, longest: longest, longestEnd: longestEnd,
      freezesUsed: frozen.map { windowStart.adding(days: $0) }, freezeAvailable: held,
      lastGoalDay: lastGoal, history: String(chars), milestones: reached, standings: standings)
  }
}
