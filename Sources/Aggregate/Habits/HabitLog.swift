import HealthModel

/// The entries of each tracked habit by day, as docs/habits.md reads them: several entries
/// of one day add up (a check is done when any says so); a Loop Habit Tracker export holds
/// one value per habit and day, so where two exports give the same day, the later input's
/// entries stand (inputs are listed oldest first) and the earlier ones are left out.
struct HabitLog {
  /// What was logged for one habit on one day.
  struct Day: Sendable, Hashable {
    /// The amounts (1/0 for a check), skips left out.
    var amounts: [Double] = []
    /// Skip entries.
    var skips = 0
    /// All entries of the day.
    var entries: Int { amounts.count + skips }
  }

  /// Days by habit key.
  private(set) var days: [String: [Int32: Day]] = [:]
  /// Entries naming no tracked habit, by key.
  private(set) var undefined: [String: Int] = [:]
  /// Loop entries left out because a later export gives the same habit and day.
  private(set) var superseded = 0

  /// The log of `entries` for the habits whose keys are `tracked`.
  init(_ entries: [HabitEntry], tracked: Set<String>) {
    var latestLoopFile: [String: [Int32: Int32]] = [:]
    for e in entries where e.isLoop && tracked.contains(e.habit) {
      let n = e.day.dayNumber
      latestLoopFile[e.habit, default: [:]][n] = max(
        latestLoopFile[e.habit]?[n] ?? e.origin.file, e.origin.file)
    }
    for e in entries {
      guard tracked.contains(e.habit) else {
        undefined[e.habit, default: 0] += 1
        continue
      }
      let n = e.day.dayNumber
      if e.isLoop, latestLoopFile[e.habit]?[n] != e.origin.file {
        superseded += 1
        continue
      }
      if let amount = e.amount {
        days[e.habit, default: [:]][n, default: Day()].amounts.append(amount)
      } else {
        days[e.habit, default: [:]][n, default: Day()].skips += 1
      }
    }
  }

  /// The days of habit `key`.
  func days(of key: String) -> [Int32: Day] { days[key] ?? [:] }
}
