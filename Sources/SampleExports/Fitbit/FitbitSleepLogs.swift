import HealthModel

/// The sleep logs of a Fitbit `sleep-*.json` file, written as Fitbit does: logs newest
/// first, 2-space indentation with `" : "`, stage timelines in 30-second steps. Nights from
/// the software cutover on are `stages` logs (`deep`/`light`/`rem`/`wake`) whose short wakes
/// (under 3 minutes) are listed in `shortData` and *not* cut out of `data` (they overlap
/// it, as in Fitbit's files); earlier nights are `classic` logs (`asleep`/`restless`/
/// `awake`, restless for the short wakes). An afternoon nap is a `classic` log with
/// `mainSleep` false.
struct FitbitSleepLogs {
  let zones: ZoneSchedule
  let cutover: LocalDayNumber

  /// One log's JSON object (the caller joins them).
  func log(_ segments: [SleepSegment], day: LocalDayNumber, main: Bool) -> String? {
    let aligned = segments.map { s -> SleepSegment in
      var s = s
      s.span.start = s.span.start / 30 * 30
      s.span.end = s.span.end / 30 * 30
      return s
    }.filter { $0.span.length > 0 }
    guard let first = aligned.first, let last = aligned.last else { return nil }
    let stages = day >= cutover && main
    var data: [(Int64, Int64, String)] = []
    var short: [(Int64, Int64, String)] = []
    for s in aligned {
      let isShortWake = s.stage == .awake && s.span.length < 180
      if stages && isShortWake, let prev = data.last {
        // The long-form timeline runs on over a short wake; the wake is listed apart.
        data[data.count - 1] = (prev.0, s.span.end, prev.2)
        short.append((s.span.start, s.span.end, "wake"))
        continue
      }
      let level: String =
        stages
        ? (s.stage == .deep
          ? "deep" : s.stage == .rem ? "rem" : s.stage == .awake ? "wake" : "light")
        : (s.stage == .awake ? (isShortWake ? "restless" : "awake") : "asleep")
      if let prev = data.last, prev.2 == level, prev.1 == s.span.start {
        data[data.count - 1] = (prev.0, s.span.end, level)
      } else {
        data.append((s.span.start, s.span.end, level))
      }
    }
    let offset = zones.offset(at: first.span.start)
    func entry(_ e: (Int64, Int64, String)) -> String {
      "{\n      \"dateTime\" : \"\(JSONText.isoSeconds(e.0, offset: offset)).000\",\n"
        + "      \"level\" : \"\(e.2)\",\n      \"seconds\" : \(e.1 - e.0)\n    }"
    }
    let inBed = (last.span.end - first.span.start) / 60
    var asleep = 0
    for s in aligned where s.stage.isAsleep { asleep += Int(s.span.length) }
    asleep /= 60
    let wake = LocalDay(dayNumber: Int32(zones.day(of: last.span.end)))
    var text = "{\n  \"logId\" : \(first.span.start / 30),\n"
    text += "  \"dateOfSleep\" : \"\(wake)\",\n"
    text += "  \"startTime\" : \"\(JSONText.isoSeconds(first.span.start, offset: offset)).000\",\n"
    text +=
      "  \"endTime\" : \"\(JSONText.isoSeconds(last.span.end, offset: zones.offset(at: last.span.end))).000\",\n"
    text += "  \"duration\" : \(inBed * 60_000),\n  \"minutesToFallAsleep\" : 0,\n"
    text += "  \"minutesAsleep\" : \(asleep),\n  \"minutesAwake\" : \(Int(inBed) - asleep),\n"
    text += "  \"minutesAfterWakeup\" : 0,\n  \"timeInBed\" : \(inBed),\n"
    text += "  \"efficiency\" : \(inBed > 0 ? 100 * asleep / Int(inBed) : 0),\n"
    text += "  \"type\" : \"\(stages ? "stages" : "classic")\",\n"
    text += "  \"infoCode\" : \(stages ? 0 : 2),\n  \"logType\" : \"auto_detected\",\n"
    text += "  \"levels\" : {\n    \"summary\" : {},\n    \"data\" : ["
    text += data.map(entry).joined(separator: ",") + "]"
    if stages { text += ",\n    \"shortData\" : [" + short.map(entry).joined(separator: ",") + "]" }
    text += "\n  },\n  \"mainSleep\" : \(main)\n}"
    return text
  }
}
