import HealthCore

/// One cleaned sleep row, kept until the sleep days are built.
public struct SleepSegment: Sendable, Hashable {
  /// Start, epoch seconds.
  public var start: Int64
  /// End, epoch seconds.
  public var end: Int64
  /// UTC offset of the row.
  public var utcOffset: Int32
  /// The stage.
  public var stage: SleepStage
  /// Minutes as the row gave them.
  public var minutes: Double
  /// Source name.
  public var source: String

  /// Creates a segment.
  public init(
    start: Int64, end: Int64, utcOffset: Int32, stage: SleepStage, minutes: Double,
    source: String
  ) {
    self.start = start
    self.end = end
    self.utcOffset = utcOffset
    self.stage = stage
    self.minutes = minutes
    self.source = source
  }

  /// The sleep day (design section 7): the local date of (end + 6 h), so a night ending on
  /// Tuesday morning is Tuesday's and an afternoon nap is that day's.
  public var sleepDay: LocalDay { LocalDay(epochSeconds: end + 6 * 3600, utcOffset: utcOffset) }

  /// Whether the row is a real segment (its minutes equal its interval, within 1 minute or
  /// 1 %), as opposed to a per-night summary row whose minutes are a total of the stage
  /// spread over a longer interval (Health Auto Export's aggregated sleep: one row per stage
  /// over sleepStart…sleepEnd). Segments are unioned; summaries are added.
  public var isSegment: Bool {
    let intervalMinutes = Double(end - start) / 60
    return end > start && abs(minutes - intervalMinutes) <= max(1, 0.01 * intervalMinutes)
  }
}
