import HealthModel

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
  /// The input the row came from (`Origin.file`), −1 when unknown.
  public var file: Int32

  /// Creates a segment.
  public init(
    start: Int64, end: Int64, utcOffset: Int32, stage: SleepStage, minutes: Double,
    source: String, file: Int32 = -1
  ) {
    self.start = start
    self.end = end
    self.utcOffset = utcOffset
    self.stage = stage
    self.minutes = minutes
    self.source = source
    self.file = file
  }

  /// Whether the row is a real segment rather than a per-night summary row (Health Auto
  /// Export's aggregated sleep): see `SleepMeasure.isSegment`.
  public var isSegment: Bool { SleepMeasure.isSegment(start: start, end: end, minutes: minutes) }
}
