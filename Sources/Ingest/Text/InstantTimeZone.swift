import Foundation
import HealthModel

/// The local UTC offset of *instants*: times an input writes in UTC without saying where the
/// wearer was (Fitbit's intraday `dateTime`s, Garmin's `…GMT` fields, FIT timestamps of a
/// file without a local time). The instant is known; only the offset that decides its local
/// day is assumed: that of `ReaderOptions.timeZone`, else the machine's zone, recorded in the
/// sink the first time (`sink.assumedTimeZone` and a manifest note), as `LocalTimeZone` does
/// for wall-clock times (docs/ingest-garmin.md and docs/ingest-fitbit.md, "Time zones").
public struct InstantTimeZone {
  /// The IANA name.
  public let name: String
  /// Where it came from (`pipeline setting`, `--timezone`, `machine zone`).
  public let origin: String
  private let zone: TimeZone?
  private var resolver = ZoneOffsetResolver()
  private var recorded = false
  /// Epoch seconds `[from, until)` over which the offset is constant.
  private var span: (from: Int64, until: Int64, offset: Int32)?

  /// The zone of `options` (an unknown name is the same error as for `LocalTimeZone`).
  public init(options: ReaderOptions) throws {
    let local = try LocalTimeZone(options: options)
    name = local.name
    origin = local.origin
    zone = TimeZone(identifier: local.name)
  }

  /// `Europe/Berlin (pipeline setting)`.
  public var description: String { "\(name) (\(origin))" }

  /// The offset in force at `epoch`; records the assumption in `sink` the first time. `what`
  /// says which times were read this way.
  public mutating func offset(atEpoch epoch: Int64, sink: IngestSink, what: String) -> Int32 {
    if !recorded {
      recorded = true
      sink.assumedTimeZone = description
      sink.notes.append(
        "\(what) are instants without the wearer's zone: their local day is taken in "
          + description)
    }
    return offset(atEpoch: epoch)
  }

  /// The offset in force at `epoch`, without recording an assumption (for a caller that
  /// only compares it with an offset the input gave).
  public mutating func offset(atEpoch epoch: Int64) -> Int32 {
    if let s = span, epoch >= s.from, epoch < s.until { return s.offset }
    let offset = resolver.offset(zone: name, atEpoch: epoch) ?? 0
    if let zone {
      let date = Date(timeIntervalSince1970: Double(epoch))
      let next =
        zone.nextDaylightSavingTimeTransition(after: date).map {
          Int64($0.timeIntervalSince1970.rounded(.down))
        } ?? Int64.max / 2
      // From this instant forward (readings mostly come in time order) to the next change.
      span = (epoch, next, offset)
    }
    return offset
  }
}
