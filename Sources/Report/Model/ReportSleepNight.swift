import HealthModel

/// One sleep day's stage minutes as the report shows them, read back from the daily table's
/// sleep series (Aggregate's `SleepNight` is the night computed from the cleaned rows).
public struct ReportSleepNight: Sendable, Hashable {
  /// The sleep day (the night ending that morning).
  public var day: LocalDay
  /// Asleep minutes (union of asleep stages).
  public var asleep: Double?
  /// In-bed minutes.
  public var inBed: Double?
  /// Core minutes.
  public var core: Double?
  /// Deep minutes.
  public var deep: Double?
  /// REM minutes.
  public var rem: Double?
  /// Awake minutes.
  public var awake: Double?
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

  /// Asleep time without a stage (older watches, other apps): asleep minus the staged
  /// minutes, when that is at least one minute; nil otherwise.
  public var unstaged: Double? {
    guard let asleep else { return nil }
    let staged = (core ?? 0) + (deep ?? 0) + (rem ?? 0)
    let rest = asleep - staged
    return rest >= 1 ? rest : nil
  }

  /// The note for the night's row: `nap 37 min`, `2 naps 1 h 05`, or nil without naps.
  public var napNote: String? {
    guard let minutes = napMinutes, minutes > 0 else { return nil }
    let count = napCount ?? 1
    let length = minutes < 60 ? "\(Int(minutes.rounded())) min" : Numbers.duration(minutes: minutes)
    return (count > 1 ? "\(count) naps " : "nap ") + length
  }

  /// Whether the night has anything to show.
  public var hasData: Bool {
    asleep != nil || inBed != nil || core != nil || deep != nil || rem != nil || awake != nil
  }
}
