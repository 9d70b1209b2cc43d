/// One thing a person logged for a habit on one day: a journal row or a Loop Habit Tracker
/// entry. It travels from ingest to aggregate as a row of the samples table
/// (docs/habits.md, "In the tables"), so it is counted, cleaned and rejected like every
/// other record, and never enters a health metric's daily value:
///
/// | sample field | holds |
/// |---|---|
/// | `metric` | `habit` |
/// | `category` | the habit's key |
/// | `start`, `utcOffset` | local midnight of the entry's day (so its local day is the date written, whatever the zone) |
/// | `end` | `start` + 86,400 s |
/// | `value` | minutes, the amount, or 1/0 for a check (done or not); 0 for a skip |
/// | `unit` | the kind's unit word (`check`, `min`, the count's unit), or `skip` |
/// | `source` | `habit journal` or `Loop Habit Tracker` (kind `manual`, user-entered) |
public struct HabitEntry: Sendable, Hashable {
  /// The habit's key.
  public var habit: String
  /// The person's local day.
  public var day: LocalDay
  /// The amount (1/0 for a check), or nil for a skip.
  public var amount: Double?
  /// `habit journal`, `Loop Habit Tracker`, or what another input wrote.
  public var source: String
  /// Where it came from.
  public var origin: Origin

  /// An entry.
  public init(
    habit: String, day: LocalDay, amount: Double?, source: String = journalSource,
    origin: Origin
  ) {
    self.habit = habit
    self.day = day
    self.amount = amount
    self.source = source
    self.origin = origin
  }

  /// Whether it came from a Loop Habit Tracker export (one value per habit and day, which
  /// a later export repeats).
  public var isLoop: Bool { source == Self.loopSource }

  /// Whether the entry is a skip.
  public var isSkip: Bool { amount == nil }

  /// The samples table's `unit` of a skip.
  public static let skipUnit = "skip"
  /// The source of journal rows.
  public static let journalSource = "habit journal"
  /// The source of Loop Habit Tracker entries.
  public static let loopSource = "Loop Habit Tracker"

  /// The entry as a samples row, dated at local midnight `midnight` (epoch seconds) with
  /// offset `utcOffset`.
  public static func sample(
    habit: String, value: HabitValueText.Value, unitWord: String, midnight: Int64,
    utcOffset: Int32, source: String, origin: Origin
  ) -> Sample {
    var amount = 0.0
    var unit = skipUnit
    if case .amount(let a) = value {
      amount = a
      unit = unitWord
    }
    return Sample(
      metric: .habit, start: midnight, end: midnight + 86_400, utcOffset: utcOffset,
      value: amount, unit: unit, category: habit, source: source, sourceKind: .manual,
      userEntered: true, origin: origin)
  }

  /// The entry a `habit` samples row holds (nil for a row of another metric).
  public init?(sample: Sample) {
    guard sample.metric == .habit else { return nil }
    self.init(
      habit: sample.category, day: sample.startDay,
      amount: sample.unit == Self.skipUnit ? nil : sample.value, source: sample.source,
      origin: sample.origin)
  }
}

extension MetricID {
  /// A habit entry in the samples table (`HabitEntry`): never a health metric, so it has
  /// no daily value, no score and no column of `daily.csv`.
  public static let habit: MetricID = "habit"
}

extension RejectCode {
  /// A journal row naming a habit no pipeline file or export defines.
  public static let unknownHabit: RejectCode = "unknown-habit"
  /// A Loop export folder whose number is missing from `Habits.csv`, or given twice.
  public static let unknownFolder: RejectCode = "unknown-folder"
}
