import Foundation
import HealthModel

/// Where the synthetic person's clock is: the home zone, with its DST changes, and travel
/// trips in another zone. Every instant maps to exactly one zone and UTC offset.
///
/// Built once from the time zone database (Foundation's `TimeZone`), then answered by a
/// binary search over a few dozen segments, so a record's offset costs almost nothing.
struct ZoneSchedule: Sendable {
  /// One stretch of time with a constant zone and offset.
  struct Segment: Sendable {
    /// First instant (epoch seconds) of the stretch.
    var start: Int64
    /// UTC offset in force, seconds east.
    var offset: Int32
    /// Index into `zoneNames`.
    var zone: Int
  }

  /// A trip: from `start` (inclusive) to `end` (exclusive) the person lives in `zone`.
  struct Trip: Sendable {
    var start: Int64
    var end: Int64
    var zone: String
  }

  /// IANA names: index 0 is home, then the travel zones.
  let zoneNames: [String]
  /// Sorted stretches; the first starts before the span asked for.
  let segments: [Segment]

  /// Builds the schedule for instants in [from, to] (epoch seconds).
  init(home: String, trips: [Trip], from: Int64, to: Int64) throws {
    guard TimeZone(identifier: home) != nil else {
      throw TimeZoneName.unknown(home)
    }
    var names = [home]
    for trip in trips where !names.contains(trip.zone) {
      guard TimeZone(identifier: trip.zone) != nil else {
        throw TimeZoneName.unknown(trip.zone)
      }
      names.append(trip.zone)
    }
    let zones = names.map { TimeZone(identifier: $0)! }
    // Every instant where something may change: DST transitions of each zone in the span,
    // and trip boundaries.
    var boundaries: Set<Int64> = [from - 2 * 86_400]
    for tz in zones {
      var date = Date(timeIntervalSince1970: Double(from - 2 * 86_400))
      let limit = Date(timeIntervalSince1970: Double(to + 2 * 86_400))
      while let next = tz.nextDaylightSavingTimeTransition(after: date), next < limit {
        boundaries.insert(Int64(next.timeIntervalSince1970.rounded()))
        date = next
      }
    }
    for trip in trips {
      boundaries.insert(trip.start)
      boundaries.insert(trip.end)
    }
    var built: [Segment] = []
    for b in boundaries.sorted() {
      var zoneIndex = 0
      for trip in trips where trip.start <= b && b < trip.end {
        zoneIndex = names.firstIndex(of: trip.zone)!
      }
      let offset = Int32(
        zones[zoneIndex].secondsFromGMT(for: Date(timeIntervalSince1970: Double(b))))
      if let last = built.last, last.offset == offset, last.zone == zoneIndex { continue }
      built.append(Segment(start: b, offset: offset, zone: zoneIndex))
    }
    zoneNames = names
    segments = built
  }

  /// Index of the segment in force at `epoch`.
  @inline(__always)
  func segmentIndex(at epoch: Int64) -> Int {
    var lo = 0
    var hi = segments.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if segments[mid].start <= epoch { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// The UTC offset in force at an instant.
  @inline(__always)
  func offset(at epoch: Int64) -> Int32 { segments[segmentIndex(at: epoch)].offset }

  /// The IANA zone name in force at an instant.
  func zoneName(at epoch: Int64) -> String { zoneNames[segments[segmentIndex(at: epoch)].zone] }

  /// The zone index in force at an instant (0 = home).
  func zoneIndex(at epoch: Int64) -> Int { segments[segmentIndex(at: epoch)].zone }

  /// The local wall-clock seconds (since 1970-01-01 on the wall clock) of an instant.
  @inline(__always)
  func local(_ epoch: Int64) -> Int64 { epoch + Int64(offset(at: epoch)) }

  /// The local day of an instant.
  func day(of epoch: Int64) -> LocalDayNumber {
    LocalDayNumber(CivilFloor.div(local(epoch), 86_400))
  }

  /// The first instant whose wall clock reads `localSeconds`. A wall-clock time skipped by a
  /// forward jump maps to the instant of the jump.
  func epoch(local localSeconds: Int64) -> Int64 {
    let first = segmentIndex(at: localSeconds - 16 * 3600)
    let last = segmentIndex(at: localSeconds + 16 * 3600)
    var best: Int64?
    var gapEnd: Int64?
    for i in first...last {
      let seg = segments[i]
      let e = localSeconds - Int64(seg.offset)
      let segEnd = i + 1 < segments.count ? segments[i + 1].start : Int64.max
      if e >= seg.start && e < segEnd {
        if best == nil || e < best! { best = e }
      } else if e >= segEnd, i + 1 <= last {
        // The wall clock jumped over this time at segEnd.
        let next = segments[i + 1]
        if localSeconds - Int64(next.offset) < next.start, gapEnd == nil { gapEnd = next.start }
      }
    }
    return best ?? gapEnd ?? (localSeconds - Int64(segments[first].offset))
  }

  /// Local midnight (first instant) of a local day.
  func midnight(_ day: LocalDayNumber) -> Int64 { epoch(local: Int64(day) * 86_400) }
}

/// A local day as days since 1970-01-01 (a plain integer for speed inside the generator).
typealias LocalDayNumber = Int

/// Floor division for negative epochs.
enum CivilFloor {
  @inline(__always)
  static func div(_ a: Int64, _ b: Int64) -> Int {
    let q = a / b
    return Int((a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q)
  }
}
