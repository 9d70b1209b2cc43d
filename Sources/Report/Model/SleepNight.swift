import HealthCore

/// One sleep day's stage minutes (from the daily table's sleep series).
public struct SleepNight: Sendable, Hashable {
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

  /// Whether the night has anything to show.
  public var hasData: Bool {
    asleep != nil || inBed != nil || core != nil || deep != nil || rem != nil || awake != nil
  }
}
