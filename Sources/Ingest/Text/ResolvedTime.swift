import HealthModel

/// A timestamp read from text with its UTC offset settled: the offset the text gave, or the
/// one of the assumed local zone (`LocalTimeZone`) for text without one.
public struct ResolvedTime: Hashable, Sendable {
  /// Epoch seconds.
  public var epoch: Int64
  /// UTC offset in seconds.
  public var offset: Int32
  /// Whether the text had a time of day (false for a bare `yyyy-MM-dd`).
  public var hasTime: Bool
  /// Whether the text carried its own offset.
  public var hadOffset: Bool

  /// Creates a resolved time.
  public init(epoch: Int64, offset: Int32, hasTime: Bool, hadOffset: Bool) {
    self.epoch = epoch
    self.offset = offset
    self.hasTime = hasTime
    self.hadOffset = hadOffset
  }

  /// Seconds since 1970-01-01 on the local wall clock.
  public var localSeconds: Int64 { epoch + Int64(offset) }

  /// The local calendar day.
  public var localDay: LocalDay { LocalDay(epochSeconds: epoch, utcOffset: offset) }

  /// Whether the time is exactly local midnight (or the text was a date only).
  public var isLocalMidnight: Bool {
    !hasTime || CivilDate.floorDiv(localSeconds, 86_400) * 86_400 == localSeconds
  }

  /// Settles `timestamp`'s offset, asking `zone` when the text had none.
  public static func resolve(
    _ timestamp: Timestamp, zone: inout LocalTimeZone, sink: IngestSink, what: String
  ) -> ResolvedTime {
    if let offset = timestamp.utcOffset {
      return ResolvedTime(
        epoch: timestamp.localSeconds - Int64(offset), offset: offset,
        hasTime: timestamp.hasTime, hadOffset: true)
    }
    let offset = zone.offset(atLocal: timestamp.localSeconds, sink: sink, what: what)
    return ResolvedTime(
      epoch: timestamp.localSeconds - Int64(offset), offset: offset, hasTime: timestamp.hasTime,
      hadOffset: false)
  }
}

/// The intervals given to values that carry a date but no times of their own.
public enum DayInterval {
  /// Seconds in the interval of a daily value: the whole local day as seen in the UTC offset
  /// at its start, `[local midnight, next local midnight)`. The day rule of docs/aggregate.md
  /// (`floor((epoch + offset) / 86400)` with the sample's own offset) puts all of it on its
  /// day, DST days included; the end is exclusive, like every sample's end.
  public static let daySeconds: Int64 = 86_400

  /// The sleep window of a night attributed to local day `day` (Health Auto Export's daily
  /// sleep rows and aggregated nights without times): noon of the day before to noon of
  /// `day`, so that the sleep-day rule (local date of end + 6 h, docs/aggregate.md) gives back
  /// `day`.
  /// Returns the local start (wall-clock seconds); the caller settles its offset.
  public static func sleepWindowLocalStart(day: LocalDay) -> Int64 {
    Int64(day.dayNumber) * 86_400 - 43_200
  }
}
