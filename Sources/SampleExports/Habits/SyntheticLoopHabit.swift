/// A habit of the simulated person's Loop Habit Tracker, and the entries Loop keeps and
/// exports for it (its `originalEntries` and, for a yes/no habit, the `computedEntries`
/// it derives from the frequency: docs/habits.md, "Loop Habit Tracker").
struct SyntheticLoopHabit {
  var number: Int
  var name: String
  var question: String
  var numerical: Bool
  var unit: String
  var targetType: String
  var targetValue: Double
  var numerator: Int
  var denominator: Int
  var archived: Bool
  var color: String
  /// The person's own entries: day number → Loop's value (2 done, 0 no, 3 skip; amounts ×
  /// 1000), and notes.
  var original: [LocalDayNumber: (value: Int, note: String)]

  /// Loop's codes.
  static let yesManual = 2
  static let yesAuto = 1
  static let no = 0
  static let skip = 3
  static let unknown = -1

  /// The six habits, from the person's behaviour; `dialect` decides which entries that
  /// version of Loop could hold (no explicit NO or SKIP before 2.0).
  static func habits(_ behaviour: HabitBehaviour, modern: Bool) -> [SyntheticLoopHabit] {
    func habit(
      _ number: Int, _ name: String, _ question: String, numerical: Bool = false,
      unit: String = "", target: (String, Double) = ("AT_LEAST", 0), per: (Int, Int) = (1, 1),
      archived: Bool = false, _ value: (HabitBehaviour.Day) -> Int?
    ) -> SyntheticLoopHabit {
      var original: [LocalDayNumber: (Int, String)] = [:]
      for d in behaviour.days {
        if let v = value(d) { original[d.day] = (v, number == 1 ? d.note ?? "" : "") }
      }
      let colors = ["#D32F2F", "#303F9F", "#0288D1", "#388E3C", "#F57C00", "#5D4037"]
      return SyntheticLoopHabit(
        number: number, name: name, question: question, numerical: numerical, unit: unit,
        targetType: target.0, targetValue: target.1, numerator: per.0, denominator: per.1,
        archived: archived, color: colors[(number - 1) % colors.count], original: original)
    }
    return [
      habit(1, "Meditate", "Did you meditate today?") { d in
        d.meditated
          ? yesManual : modern && d.meditationSkipped ? skip : modern && d.meditationNo ? no : nil
      },
      habit(2, "Read, write / draw", "Did you read, write or draw?", per: (3, 7)) { d in
        d.reading.isEmpty ? nil : yesManual
      },
      habit(
        3, "Drink water", "How many glasses of water?", numerical: true, unit: "glasses",
        target: ("AT_LEAST", 8)
      ) { d in d.water.isEmpty ? nil : d.water.reduce(0, +) * 1000 },
      habit(4, "Stretch", "Did you stretch?", per: (5, 30)) { d in d.stretched ? yesManual : nil },
      habit(
        5, "Alcohol", "How many drinks?", numerical: true, unit: "drinks", target: ("AT_MOST", 0)
      ) { d in d.drinks.map { $0 * 1000 } },
      habit(6, "Walk", "Did you go for a walk?", per: (1, 2), archived: true) { d in
        d.walked ? yesManual : nil
      },
    ]
  }

  /// The entries Loop exports (`getKnown()` of the computed entries), newest first: a
  /// measurable habit's own entries; for a yes/no habit, its entries with `YES_AUTO` on
  /// the days its frequency implies (Loop's `EntryList.recomputeFrom`).
  func known() -> [(day: LocalDayNumber, value: Int, note: String)] {
    let own = original.keys.sorted(by: >).map { ($0, original[$0]!.value, original[$0]!.note) }
    guard !numerical, !own.isEmpty else { return own }
    let intervals = Self.snapped(Self.intervals(own.map { ($0.0, $0.1) }, numerator, denominator))
    var from = own.last!.0
    var to = own.first!.0
    for i in intervals {
      from = min(from, i.begin)
      to = max(to, i.end)
    }
    var values = [Int](repeating: Self.unknown, count: to - from + 1)
    var notes = [String](repeating: "", count: values.count)
    for i in intervals { for day in i.begin...i.end { values[to - day] = Self.yesAuto } }
    for (day, value, note) in own {
      let kept = values[to - day] == Self.unknown || value == Self.skip || value == Self.yesManual
      values[to - day] = kept ? value : Self.yesAuto
      notes[to - day] = note
    }
    return values.indices.compactMap { i in
      values[i] == Self.unknown && notes[i].isEmpty ? nil : (to - i, values[i], notes[i])
    }
  }

  private typealias Interval = (begin: LocalDayNumber, center: LocalDayNumber, end: LocalDayNumber)

  /// Loop's `buildIntervals`: each run of `n` done days within `d` days makes an interval
  /// of `d` days from the oldest of them. `entries` newest first.
  private static func intervals(_ entries: [(LocalDayNumber, Int)], _ n: Int, _ d: Int)
    -> [Interval]
  {
    let done = entries.filter { $0.1 == yesManual }.map(\.0)
    guard done.count >= n else { return [] }
    var out: [Interval] = []
    for i in (n - 1)..<done.count {
      let begin = done[i]
      let center = done[i - n + 1]
      if center - begin < d { out.append((begin, center, begin + d - 1)) }
    }
    return out
  }

  /// Loop's `snapIntervalsTogether`: slides older intervals back to close gaps.
  private static func snapped(_ intervals: [Interval]) -> [Interval] {
    var intervals = intervals
    for i in intervals.indices.dropFirst() {
      let curr = intervals[i]
      let next = intervals[i - 1]
      let gapNextToCurrent = curr.end - next.begin
      let gapCenterToEnd = curr.end - curr.center
      if gapNextToCurrent >= 0 {
        let shift = min(gapCenterToEnd, gapNextToCurrent + 1)
        intervals[i] = (curr.begin - shift, curr.center, curr.end - shift)
      }
    }
    return intervals
  }
}
