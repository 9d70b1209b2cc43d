import Foundation
import HealthCore

/// Workout route files (GPX 1.1, as the Health app writes them): a loop around a park near
/// home or near the trip's hotel, a point every 15 seconds of activity (60 in the sample
/// density), with speed, course and accuracies as extensions.
struct GPXWriter {
  let timeline: SyntheticTimeline

  /// Where loops start, per zone.
  func center(zone: String) -> (lat: Double, lon: Double) {
    switch zone {
    case "Atlantic/Cape_Verde": (14.9177, -23.5092)
    case "America/Noronha": (-3.8547, -32.4247)
    case "Atlantic/Reykjavik": (64.1466, -21.9426)
    case "Africa/Lagos": (6.4541, 3.3947)
    default:
      zone == timeline.calendar.zones.zoneNames[0]
        ? (PersonProfile.homeLatitude, PersonProfile.homeLongitude)
        : (PersonProfile.homeLatitude - 5, PersonProfile.homeLongitude + 40)
    }
  }

  /// The GPX bytes of a route.
  func bytes(_ route: WorkoutRouteFile) throws -> [UInt8] {
    var result: [UInt8] = []
    let out = ByteWriter(capacity: 1 << 16) { result.append(contentsOf: $0) }
    let w = route.workout
    let zones = timeline.calendar.zones
    var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: w.span.start), 78)
    try out.append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
        <metadata>
          <time>
      """)
    try utc(out, timeline.calendar.exportEpoch)
    try out.append("</time>\n  </metadata>\n  <trk>\n    <name>Route ")
    let local = zones.local(w.span.start)
    let day = CivilFloor.div(local, 86_400)
    let secs = Int(local - Int64(day) * 86_400)
    let hour = secs / 3600
    try out.append(day: day)
    try out.append(byte: 0x20)
    try out.append(int: Int64(hour % 12 == 0 ? 12 : hour % 12))
    try out.append(byte: 0x3A)
    try out.append(twoDigits: secs / 60 % 60)
    try out.append(hour < 12 ? "am" : "pm")
    try out.append("</name>\n    <trkseg>\n")
    let center = center(zone: zones.zoneNames[route.zone])
    let distance = max(200, w.distanceMetres)
    let radius = distance / (2 * Double.pi)
    let dLat = radius / 111_320
    let dLon = radius / (111_320 * cos(center.lat * Double.pi / 180))
    let step: Int64 = timeline.options.density == .full ? 15 : 60
    var travelled = 0.0
    for active in w.activeSpans {
      var t = active.start
      while t < active.end {
        let theta = 2 * Double.pi * travelled / distance
        let speed = max(0.1, w.speed * rng.normal(1, 0.06))
        try out.append("      <trkpt lon=\"")
        try out.append(
          fixed: RecordFactory.round(center.lon + dLon * (cos(theta) - 1), 6), decimals: 6)
        try out.append("\" lat=\"")
        try out.append(fixed: RecordFactory.round(center.lat + dLat * sin(theta), 6), decimals: 6)
        try out.append("\"><ele>")
        try out.append(
          fixed: RecordFactory.round(12 + 6 * sin(theta * 3) + rng.normal(0, 0.3), 6), decimals: 6)
        try out.append("</ele><time>")
        try utc(out, t)
        try out.append("</time><extensions><speed>")
        try out.append(fixed: RecordFactory.round(speed, 6), decimals: 6)
        try out.append("</speed><course>")
        let course = (theta * 180 / Double.pi + 90).truncatingRemainder(dividingBy: 360)
        try out.append(fixed: RecordFactory.round(course, 6), decimals: 6)
        try out.append("</course><hAcc>")
        try out.append(fixed: RecordFactory.round(rng.uniform(2, 9), 6), decimals: 6)
        try out.append("</hAcc><vAcc>")
        try out.append(fixed: RecordFactory.round(rng.uniform(1.5, 7), 6), decimals: 6)
        try out.append("</vAcc></extensions></trkpt>\n")
        travelled += speed * Double(step)
        t += step
      }
    }
    try out.append("    </trkseg>\n  </trk>\n</gpx>")
    try out.flush()
    return result
  }

  private func utc(_ out: ByteWriter, _ epoch: Int64) throws {
    try out.append(utcDate: epoch)
  }
}
