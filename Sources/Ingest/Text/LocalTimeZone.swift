import Foundation
import HealthModel

/// The time zone for local times written without a UTC offset (Health Auto Export CSV dates,
/// plain dates in the long CSV): the one in `ReaderOptions`, else the machine's zone.
///
/// The first time a reader actually needs it, it records the zone and where it came from in
/// the sink (`assumedTimeZone` = `Europe/Berlin (pipeline setting)` or
/// `Etc/UTC (machine zone)`) and adds a manifest note, so no offset is ever assumed silently.
public struct LocalTimeZone {
  /// The IANA name.
  public let name: String
  /// Where it came from (`pipeline setting`, `--timezone`, `machine zone`).
  public let origin: String
  private var resolver = ZoneOffsetResolver()
  private var recorded = false
  private let zone: TimeZone?
  /// Epoch seconds `[from, until)` over which the offset is constant and at least a day away
  /// from any change (so no local time in it falls in a DST gap or overlap).
  private var span: (from: Int64, until: Int64, offset: Int32)?

  /// The zone named in `options`, or the machine's zone. A name the system does not know is a
  /// usage error (exit 64), or a pipeline error (exit 78) when it came from a pipeline file.
  public init(options: ReaderOptions) throws {
    if let zone = options.timeZone {
      name = zone
      origin = options.timeZoneOrigin
      guard resolver.isKnown(zone) else {
        let fromPipeline = options.timeZoneOrigin.lowercased().contains("pipeline")
        throw TimeZoneName.unknown(
          zone, code: fromPipeline ? .configError : .usage, origin: options.timeZoneOrigin)
      }
    } else {
      name = TimeZone.current.identifier
      origin = "machine zone"
    }
    zone = TimeZone(identifier: name)
  }

  /// `Europe/Berlin (pipeline setting)`.
  public var description: String { "\(name) (\(origin))" }

  /// The UTC offset in force at a local wall-clock time (`Timestamp.localSeconds`); records
  /// the assumption in `sink` the first time. `what` says which times were read this way.
  public mutating func offset(atLocal localSeconds: Int64, sink: IngestSink, what: String)
    -> Int32
  {
    if !recorded {
      recorded = true
      sink.assumedTimeZone = description
      sink.notes.append("\(what) have no UTC offset: read as local time in \(description)")
    }
    if let s = span {
      let epoch = localSeconds - Int64(s.offset)
      if epoch >= s.from && epoch < s.until { return s.offset }
    }
    let offset = resolver.offset(zone: name, atLocal: localSeconds) ?? 0
    let epoch = localSeconds - Int64(offset)
    if let zone {
      let date = Date(timeIntervalSince1970: Double(epoch))
      if Int32(zone.secondsFromGMT(for: date)) == offset {
        let next =
          zone.nextDaylightSavingTimeTransition(after: date).map {
            Int64($0.timeIntervalSince1970)
          } ?? Int64.max / 2
        span = (epoch, next - 86_400, offset)
      }
    }
    return offset
  }
}
