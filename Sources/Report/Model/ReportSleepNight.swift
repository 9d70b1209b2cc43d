import HealthModel

/// One sleep day's stage minutes as the report shows them, read back from the daily table's
/// sleep series (Aggregate's `SleepNight` is the night computed from the cleaned rows; both
/// hold a `SleepStageMinutes`, whose stages read as the night's own: `night.asleep`).
@dynamicMemberLookup
public struct ReportSleepNight: Sendable, Hashable {
  /// The sleep day (the night ending that morning).
  public var day: LocalDay
  /// The night's minutes by stage.
  public var minutes = SleepStageMinutes()
  /// Minutes of the naps that started on this day (never part of the night's values).
  public var napMinutes: Double?
  /// Naps that started on this day.
  public var napCount: Int?
  /// The night was cut by the export (its session still open when the export was made):
  /// shown, marked partial, and never part of an average, score or goal.
  public var partial = false

  /// The words beside a partial night.
  public static let partialNote = "partial: cut off by the export"

  /// Creates an empty night.
  public init(day: LocalDay) { self.day = day }

  /// A stage's minutes, or what `SleepStageMinutes` says of them (`unstaged`, `hasData`).
  public subscript<Value>(dynamicMember key: KeyPath<SleepStageMinutes, Value>) -> Value {
    minutes[keyPath: key]
  }

  /// A stage's minutes, to set.
  public subscript<Value>(dynamicMember key: WritableKeyPath<SleepStageMinutes, Value>) -> Value {
    get { minutes[keyPath: key] }
    set { minutes[keyPath: key] = newValue }
  }

  /// The note for the night's row: `nap 37 min`, `2 naps 1 h 05`, or nil without naps.
  public var napNote: String? {
    guard let minutes = napMinutes, minutes > 0 else { return nil }
    let count = napCount ?? 1
    let length = minutes < 60 ? "\(Int(minutes.rounded())) min" : Numbers.duration(minutes: minutes)
    return (count > 1 ? "\(count) naps " : "nap ") + length
  }
}
