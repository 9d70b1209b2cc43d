/// One sleep row as the night rule sees it (docs/clean.md, "Sleep"; docs/aggregate.md,
/// "Sleep day"): its interval, offset, stage, minutes, source and the caller's index.
///
/// Clean and aggregate both build their sessions, nights and naps from pieces, so the two
/// stages draw the same lines through the same rows.
public struct SleepPiece: Sendable, Hashable {
  /// Start, epoch seconds.
  public var start: Int64
  /// End, epoch seconds.
  public var end: Int64
  /// UTC offset of the row, seconds.
  public var utcOffset: Int32
  /// The stage.
  public var stage: SleepStage
  /// Minutes as the row gave them.
  public var minutes: Double
  /// The source's position among the source names in UTF-8 byte order: equal for one
  /// source, and a name that sorts first has a smaller number.
  public var source: UInt32
  /// The caller's index of the row.
  public var index: UInt32

  /// Creates a piece.
  public init(
    start: Int64, end: Int64, utcOffset: Int32, stage: SleepStage, minutes: Double,
    source: UInt32, index: UInt32
  ) {
    self.start = start
    self.end = end
    self.utcOffset = utcOffset
    self.stage = stage
    self.minutes = minutes
    self.source = source
    self.index = index
  }

  /// Whether the row is a real segment rather than a per-night summary row (see
  /// `SleepMeasure.isSegment`).
  public var isSegment: Bool { SleepMeasure.isSegment(start: start, end: end, minutes: minutes) }
}

/// How many minutes a set of sleep rows covers.
public enum SleepMeasure {
  /// Whether a row is a real segment (its minutes equal its interval, within 1 minute or
  /// 1 %), as opposed to a per-night summary row whose minutes are a stage's total spread
  /// over a longer interval (Health Auto Export's aggregated sleep: one row per stage over
  /// sleepStart…sleepEnd). Segments are unioned; summaries are added.
  public static func isSegment(start: Int64, end: Int64, minutes: Double) -> Bool {
    let intervalMinutes = Double(end - start) / 60
    return end > start && abs(minutes - intervalMinutes) <= max(1, 0.01 * intervalMinutes)
  }

  /// The minutes of some rows: the union of the real segments' intervals plus the minutes
  /// of the summary rows (never a sum of overlapping segments). Inlinable so that callers
  /// in other modules get it specialized for their sequence: unspecialized, each row went
  /// through the generic witnesses (about 15,000 instructions a night in aggregate).
  @inlinable
  public static func minutes(_ rows: some Sequence<(start: Int64, end: Int64, minutes: Double)>)
    -> Double
  {
    var intervals: [(start: Int64, end: Int64)] = []
    var summaries = 0.0
    for row in rows {
      if isSegment(start: row.start, end: row.end, minutes: row.minutes) {
        intervals.append((row.start, row.end))
      } else {
        summaries += row.minutes
      }
    }
    return Double(IntervalUnion.seconds(intervals)) / 60 + summaries
  }

  /// The minutes of the pieces that pass `filter`.
  @inlinable
  public static func minutes(
    _ pieces: some Sequence<SleepPiece>, where filter: (SleepPiece) -> Bool
  ) -> Double {
    minutes(pieces.lazy.filter(filter).map { (start: $0.start, end: $0.end, minutes: $0.minutes) })
  }
}
