import HealthModel

/// Splits a cumulative sample's interval at local midnights, pro rata by time
/// (docs/aggregate.md, "Daily values").
///
/// Midnights are computed from the day number and the sample's own UTC offset
/// (`LocalDay.startEpoch(utcOffset:)`), never by stepping 86,400 s through local time.
/// One exception, for whole-day values: a sample that starts exactly at a local midnight and
/// lasts 23 to 25 hours (a Health Auto Export daily row on a DST day, whose end lies in the
/// other offset) belongs wholly to its start day.
public enum MidnightSplitter {
  /// One piece of a split: the local day and the share of the value that falls in it.
  public struct Part: Sendable, Hashable {
    /// The local day.
    public var day: LocalDay
    /// The share of the sample's value in that day.
    public var value: Double
  }

  /// The parts of `value` over [start, end) with `utcOffset`. The parts add up to exactly
  /// `value` (the last part takes the remainder). An instantaneous sample is one part.
  public static func split(start: Int64, end: Int64, utcOffset: Int32, value: Double) -> [Part] {
    let first = LocalDay(epochSeconds: start, utcOffset: utcOffset)
    let duration = end - start
    guard duration > 0 else { return [Part(day: first, value: value)] }
    if isWholeLocalDay(start: start, duration: duration, utcOffset: utcOffset) {
      return [Part(day: first, value: value)]
    }
    // The last second inside the interval decides the last day (end is exclusive).
    let last = LocalDay(epochSeconds: end - 1, utcOffset: utcOffset)
    if last == first { return [Part(day: first, value: value)] }
    var parts: [Part] = []
    parts.reserveCapacity(Int(last.dayNumber - first.dayNumber) + 1)
    var assigned = 0.0
    var day = first
    var pieceStart = start
    while day < last {
      let midnight = day.adding(days: 1).startEpoch(utcOffset: utcOffset)
      let share = value * (Double(midnight - pieceStart) / Double(duration))
      parts.append(Part(day: day, value: share))
      assigned += share
      pieceStart = midnight
      day = day.adding(days: 1)
    }
    parts.append(Part(day: last, value: value - assigned))
    return parts
  }

  /// Whether [start, start + duration) is one whole local day given as a single value.
  static func isWholeLocalDay(start: Int64, duration: Int64, utcOffset: Int32) -> Bool {
    let local = start + Int64(utcOffset)
    return CivilDate.floorDiv(local, 86_400) * 86_400 == local
      && (23 * 3600...25 * 3600).contains(duration)
  }
}
