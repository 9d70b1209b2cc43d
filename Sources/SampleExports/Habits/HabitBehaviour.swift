import HealthModel

/// What the simulated person does about their habits each day, decided by the seed: the
/// same for the journal and the Loop exports, so each format tells one story. Habit logs
/// cover the last `SyntheticOptions.habitDays` days of the Apple period (docs/habits.md).
struct HabitBehaviour {
  /// One day's doings.
  struct Day {
    /// The local day number.
    var day: LocalDayNumber
    /// Meditated.
    var meditated: Bool
    /// Marked meditation as skipped (travel, illness).
    var meditationSkipped: Bool
    /// Said explicitly that they did not meditate (Loop's NO, the journal's `no`).
    var meditationNo: Bool
    /// Reading sessions, minutes.
    var reading: [Double]
    /// Glasses of water, as logged through the day.
    var water: [Int]
    /// Stretched.
    var stretched: Bool
    /// Drinks (nil: nothing logged that day).
    var drinks: Int?
    /// A run the watch did not record (treadmill), minutes.
    var manualRun: Double?
    /// Walked (every other day is the plan).
    var walked: Bool
    /// A note written in the journal, if any.
    var note: String?
  }

  /// The days, oldest first.
  let days: [Day]

  /// The last day (the export's).
  var lastDay: LocalDayNumber { days.last?.day ?? 0 }

  /// The person's habit days for the options' calendar.
  init(options: SyntheticOptions, calendar: SyntheticCalendar) {
    days = (calendar.habitFirst...calendar.appleLast).map { day in
      var rng = SeededRandom(seed: options.seed, UInt64(bitPattern: Int64(day)), 60)
      let weekday = LocalDay(dayNumber: Int32(day)).isoWeekday
      let weekend = weekday >= 6
      let skipped = rng.chance(0.03)
      let meditated = !skipped && rng.chance(weekend ? 0.7 : 0.85)
      let sessions = rng.chance(0.74) ? (rng.chance(0.25) ? 2 : 1) : 0
      let reading = (0..<sessions).map { _ in
        (rng.normal(32, 12, within: 5, 90) / Double(sessions)).rounded()
      }
      let glasses = Int(rng.normal(8, 2.2, within: 2, 14).rounded())
      let pieces = rng.int(2...3)
      var water: [Int] = []
      var left = glasses
      for i in 0..<pieces {
        let n = i == pieces - 1 ? left : min(left, rng.int(1...max(1, glasses / 2)))
        water.append(n)
        left -= n
      }
      let drinking = rng.chance(weekday >= 5 ? 0.45 : 0.12)
      let drinks: Int? = drinking ? rng.int(1...3) : (rng.chance(0.8) ? 0 : nil)
      let notes = ["slept badly", "great session, felt calm", "busy day, read on the train"]
      return Day(
        day: day, meditated: meditated, meditationSkipped: skipped,
        meditationNo: !meditated && !skipped && rng.chance(0.4), reading: reading,
        water: water.filter { $0 > 0 }, stretched: rng.chance(weekend ? 0.6 : 0.4),
        drinks: drinks,
        manualRun: rng.chance(0.08) ? rng.normal(28, 6, within: 15, 45).rounded() : nil,
        walked: rng.chance(0.55), note: rng.chance(0.06) ? notes[rng.int(0...2)] : nil)
    }
  }
}

extension SyntheticCalendar {
  /// The first day of the habit logs.
  var habitFirst: LocalDayNumber { max(appleFirst, appleLast - max(1, habitDays) + 1) }
}
