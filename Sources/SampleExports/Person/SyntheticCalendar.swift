import Foundation
import HealthModel

/// Which file a run of days is written to. The formats describe different stretches of the
/// same person's life, so that reading them all together never counts a day twice:
///
/// `[ hae-csv: days ][ hae-json: days ][ apple: days, ending at end ]`
///
/// The story: the person used Health Auto Export on their previous phone (CSV exports
/// first, JSON later), then set up a new phone and watch on the Apple period's first day,
/// whose Apple export holds only the new devices' data. A sleep ring (the long CSV) is worn
/// during the last 90 days of the Apple period: the same nights seen by another device.
enum SyntheticPeriod: Int, Sendable {
  case autoExportCSV
  case autoExportJSON
  case apple
}

/// The days, periods, trips and zones of a run. Built once from the options.
struct SyntheticCalendar: Sendable {
  /// First and last local day of the Apple export.
  let appleFirst: LocalDayNumber
  /// Last local day (the export is made at 23:58 that day).
  let appleLast: LocalDayNumber
  /// First day of the Health Auto Export JSON period.
  let jsonFirst: LocalDayNumber
  /// First day of the Health Auto Export CSV period.
  let csvFirst: LocalDayNumber
  /// First day the ring is worn (long CSV), through `appleLast`.
  let ringFirst: LocalDayNumber
  /// The day the watch and phone get the iOS 16 generation of software: workouts switch
  /// from total attributes to `WorkoutStatistics`, sleep from `Asleep` to stages.
  let cutover: LocalDayNumber
  /// Trips (first day, last day) in local days, and their zone.
  let trips: [(first: LocalDayNumber, last: LocalDayNumber, zone: String)]
  /// The clock.
  let zones: ZoneSchedule
  /// The instant of the export (`ExportDate`).
  let exportEpoch: Int64
  /// Days of habit logs, ending with `appleLast` (`SyntheticOptions.habitDays`).
  let habitDays: Int

  /// Lays out the periods for the options.
  init(_ options: SyntheticOptions) throws {
    guard (1...SyntheticOptions.maximumDays).contains(options.days) else {
      throw SyntheticErrors.badDays(options.days)
    }
    guard let home = TimeZone(identifier: options.timeZone) else {
      throw TimeZoneName.unknown(options.timeZone)
    }
    let days = options.days
    appleLast = Int(options.end.dayNumber)
    appleFirst = appleLast - days + 1
    jsonFirst = appleFirst - days
    csvFirst = jsonFirst - days
    ringFirst = max(appleFirst, appleLast - max(1, options.ringDays) + 1)
    habitDays = options.habitDays
    cutover = appleFirst + days / 4

    // One trip per full year of the Apple period (at least one when there is room), 60 %
    // of the way into its year, moved off any DST change so the +3 h stands out.
    var plannedTrips: [(first: LocalDayNumber, last: LocalDayNumber, zone: String)] = []
    if days >= 24 {
      let count = max(1, days / 365)
      for k in 0..<count {
        var first = appleFirst + Int(Double(days) * (Double(k) + 0.6) / Double(count))
        first = min(first, appleLast - 10)
        var tries = 0
        while tries < 40, SyntheticCalendar.hasTransition(home, from: first - 2, to: first + 9) {
          first -= 1
          tries += 1
        }
        guard first >= appleFirst + 3 else { continue }
        let noon = Int64(first) * 86_400 + 12 * 3600
        let homeOffset = home.secondsFromGMT(for: Date(timeIntervalSince1970: Double(noon)))
        let zone = TravelZones.zone(offset: homeOffset + 3 * 3600)
        plannedTrips.append((first, first + 6, zone))
      }
    }
    trips = plannedTrips

    // The clock: home zone, and during a trip the travel zone. The switch east happens at
    // 02:00 home time on the trip's first day (asleep on the overnight flight); the switch
    // back at 13:00 travel time on the day after the trip (the flight home).
    let spanStart = Int64(csvFirst - 3) * 86_400
    let spanEnd = Int64(appleLast + 5 * 366 + 10) * 86_400  // future-dated records too
    let homeOnly = try ZoneSchedule(home: options.timeZone, trips: [], from: spanStart, to: spanEnd)
    var zoneTrips: [ZoneSchedule.Trip] = []
    for trip in plannedTrips {
      let start = homeOnly.epoch(local: Int64(trip.first) * 86_400 + 2 * 3600)
      let travelOffset = Int64(
        TimeZone(identifier: trip.zone)!.secondsFromGMT(
          for: Date(timeIntervalSince1970: Double(start))))
      let end = Int64(trip.last + 1) * 86_400 + 13 * 3600 - travelOffset
      zoneTrips.append(ZoneSchedule.Trip(start: start, end: end, zone: trip.zone))
    }
    zones = try ZoneSchedule(
      home: options.timeZone, trips: zoneTrips, from: spanStart, to: spanEnd)
    exportEpoch = zones.epoch(local: Int64(appleLast) * 86_400 + 23 * 3600 + 58 * 60 + 7)
  }

  /// The period a local day belongs to, if any.
  func period(of day: LocalDayNumber) -> SyntheticPeriod? {
    if day >= appleFirst && day <= appleLast { return .apple }
    if day >= jsonFirst && day < appleFirst { return .autoExportJSON }
    if day >= csvFirst && day < jsonFirst { return .autoExportCSV }
    return nil
  }

  /// The first and last day of a period.
  func range(of period: SyntheticPeriod) -> ClosedRange<LocalDayNumber> {
    switch period {
    case .apple: appleFirst...appleLast
    case .autoExportJSON: jsonFirst...(appleFirst - 1)
    case .autoExportCSV: csvFirst...(jsonFirst - 1)
    }
  }

  /// Whether a day lies in a trip (travel zone all day or part of it).
  func isTravel(_ day: LocalDayNumber) -> Bool {
    trips.contains { day >= $0.first && day <= $0.last + 1 }
  }

  /// Whether the zone's offset changes between two local days (inclusive).
  static func hasTransition(_ zone: TimeZone, from: LocalDayNumber, to: LocalDayNumber) -> Bool {
    let a = Date(timeIntervalSince1970: Double(Int64(from) * 86_400))
    let b = Date(timeIntervalSince1970: Double(Int64(to + 1) * 86_400))
    guard let next = zone.nextDaylightSavingTimeTransition(after: a) else { return false }
    return next < b
  }
}

/// Zones without daylight saving time, one per offset, for the trip three hours east.
enum TravelZones {
  static let byOffset: [(Int, String)] = [
    (-11 * 3600, "Pacific/Pago_Pago"), (-10 * 3600, "Pacific/Honolulu"),
    (-9 * 3600, "Pacific/Gambier"), (-8 * 3600, "Pacific/Pitcairn"),
    (-7 * 3600, "America/Phoenix"), (-6 * 3600, "America/Regina"),
    (-5 * 3600, "America/Panama"), (-4 * 3600, "America/Puerto_Rico"),
    (-3 * 3600, "America/Montevideo"), (-2 * 3600, "America/Noronha"),
    (-1 * 3600, "Atlantic/Cape_Verde"), (0, "Atlantic/Reykjavik"), (3600, "Africa/Lagos"),
    (2 * 3600, "Africa/Johannesburg"), (3 * 3600, "Africa/Nairobi"),
    (4 * 3600, "Asia/Dubai"), (5 * 3600, "Asia/Tashkent"), (19_800, "Asia/Kolkata"),
    (20_700, "Asia/Kathmandu"), (6 * 3600, "Asia/Dhaka"), (23_400, "Asia/Yangon"),
    (7 * 3600, "Asia/Bangkok"), (8 * 3600, "Asia/Singapore"), (9 * 3600, "Asia/Tokyo"),
    (34_200, "Australia/Darwin"), (10 * 3600, "Australia/Brisbane"),
    (11 * 3600, "Pacific/Noumea"), (12 * 3600, "Pacific/Tarawa"),
    (13 * 3600, "Pacific/Fakaofo"), (14 * 3600, "Pacific/Kiritimati"),
  ]

  /// The zone whose offset is closest to `offset` (exact for whole hours).
  static func zone(offset: Int) -> String {
    var best = byOffset[0]
    for candidate in byOffset where abs(candidate.0 - offset) < abs(best.0 - offset) {
      best = candidate
    }
    return best.1
  }
}
