import Foundation

/// A resolved as-of date (docs/architecture.md, "Settings"): what the stages take, made by
/// `AsOfDate.Word.resolve(zone:clock:)` once per command or pipeline run.
public enum AsOf: Sendable, Hashable, CustomStringConvertible {
  /// A fixed day (a date given, or `today`/`yesterday` resolved on a zone's calendar).
  case day(LocalDay)
  /// The last day with data in the inputs, found by the stage that reads them (aggregate;
  /// report for an aggregate folder). `fallback` (today) is the as-of of inputs that hold
  /// no day at all.
  case latest(fallback: LocalDay)

  /// The fixed day; nil for `latest`.
  public var day: LocalDay? {
    if case .day(let d) = self { return d }
    return nil
  }

  /// Whether this is `latest`.
  public var isLatest: Bool { day == nil }

  /// `yyyy-MM-dd` or `latest` (stage settings, cache keys, plans, summaries): the fallback
  /// is not part of it, so a `latest` run caches across days.
  public var description: String { day?.description ?? "latest" }

  /// The last day whose samples are read: the day, or for `latest` every day a sample can
  /// have (the UTC day of `SampleTimeRange.latest`, 9999-12-31).
  public var readThrough: LocalDay { day ?? Self.lastSampleDay }

  /// The as-of date once the data is read: the day, or for `latest` the last day with
  /// data (`lastDayWithData`), else the fallback.
  public func resolved(lastDayWithData: LocalDay?) -> LocalDay {
    switch self {
    case .day(let day): day
    case .latest(let fallback): lastDayWithData ?? fallback
    }
  }

  /// The last day a sample's UTC instant can fall on (`SampleTimeRange.latest`).
  static let lastSampleDay = LocalDay(epochSeconds: SampleTimeRange.latest, utcOffset: 0)
}

/// The clock an as-of is resolved with: one instant, read once per command or run
/// (`current()`), or fixed (tests).
public struct AsOfClock: Sendable, Hashable {
  /// The instant in epoch seconds.
  public var now: Int64

  /// A clock fixed at `now` (epoch seconds).
  public init(now: Int64) { self.now = now }

  /// The current instant: `HEALTHPIPE_NOW` when set (tests), else the system clock
  /// (`AsOfDate.currentTime`).
  public static func current(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> AsOfClock {
    AsOfClock(now: try AsOfDate.currentTime(environment: environment))
  }
}
