import HealthModel

/// One Fitbit sleep log (an element of `sleep-*.json`; docs/ingest-fitbit.md, "Sleep").
///
/// - Times (`startTime`, `endTime`, each level's `dateTime`) are the local wall clock.
/// - `levels.data` is the log's stage timeline: `{dateTime, level, seconds}` segments, each
///   one sleep row (value = minutes). `stages` logs: `deep` → asleepDeep, `light` →
///   asleepCore, `rem` → asleepREM, `wake` → awake. `classic` logs: `asleep` →
///   asleepUnspecified, `restless` and `awake` → awake (Fitbit counts restless minutes as
///   awake: `minutesAsleep` is the `asleep` minutes alone).
/// - `levels.shortData` (stages logs) holds short wakes that *overlap* `data`: each is cut
///   out of the asleep segment it falls in and kept as awake, so asleep minutes are
///   `data` minus the short wakes, never `data` plus them. Worked example (the real
///   2022-10-08 log): light segments sum to 6,570 s and lose 450 s of short wakes →
///   6,120 s = 102 min, `levels.summary.light.minutes`.
/// - The log's `startTime` … `endTime` is an `inBed` row (value `timeInBed` minutes).
/// - `dateOfSleep` is the wake date and `mainSleep` Fitbit's choice of the night; neither is
///   kept: healthpipe's own rule places nights and naps (docs/aggregate.md), the same for
///   every source. A log whose end falls on a local date other than `dateOfSleep` is
///   counted (`fitbit.sleep.wakeDateDiffers`), the sign of a wrong zone.
struct FitbitSleepLog {
  struct Segment {
    var start: Int64
    var end: Int64
    var level: String
  }

  var startText: String?
  var endText: String?
  var dateOfSleep: String?
  var type: String?
  var timeInBed: Double?
  var data: [(text: String, level: String, seconds: Double)] = []
  var short: [(text: String, level: String, seconds: Double)] = []

  /// Reads the log whose `{` was just read.
  static func read(_ t: JSONTokenizer, ctx: FitbitJSONContext) throws -> FitbitSleepLog {
    var log = FitbitSleepLog()
    let flat = JSONFlatObject()
    while true {
      let token = try t.next()
      if token == .endObject { break }
      let key = t.textString
      let value = try t.next()
      switch (key, value) {
      case ("startTime", .string): log.startText = t.textString
      case ("endTime", .string): log.endText = t.textString
      case ("dateOfSleep", .string): log.dateOfSleep = t.textString
      case ("type", .string): log.type = t.textString
      case ("timeInBed", .number): log.timeInBed = t.number
      case ("levels", .beginObject): try readLevels(t, flat: flat, into: &log)
      default:
        if value == .beginObject || value == .beginArray { _ = try t.skipRestOfContainer() }
      }
    }
    return log
  }

  private static func readLevels(
    _ t: JSONTokenizer, flat: JSONFlatObject, into log: inout FitbitSleepLog
  )
    throws
  {
    while true {
      let token = try t.next()
      if token == .endObject { return }
      let isData = t.textEquals("data")
      let isShort = t.textEquals("shortData")
      let value = try t.next()
      guard value == .beginArray, isData || isShort else {
        if value == .beginObject || value == .beginArray { _ = try t.skipRestOfContainer() }
        continue
      }
      while true {
        let e = try t.next()
        if e == .endArray { break }
        guard e == .beginObject else {
          if e == .beginArray { _ = try t.skipRestOfContainer() }
          continue
        }
        try flat.read(from: t)
        guard let di = flat.index(of: "dateTime"), let li = flat.index(of: "level"),
          let si = flat.index(of: "seconds"), flat.fields[si].kind == .number
        else { continue }
        let entry = (flat.valueText(di), flat.valueText(li), flat.fields[si].number)
        if isData { log.data.append(entry) } else { log.short.append(entry) }
      }
    }
  }

  /// The stage of a level word.
  static func stage(_ level: String) -> SleepStage? {
    switch level {
    case "deep": .asleepDeep
    case "light": .asleepCore
    case "rem": .asleepREM
    case "wake", "awake", "restless": .awake
    case "asleep": .asleepUnspecified
    default: nil
    }
  }

  /// The log's segments with the short wakes cut out of the segments they overlap.
  static func carve(_ data: [Segment], wakes: [Segment]) -> [Segment] {
    var out: [Segment] = []
    for seg in data {
      guard stage(seg.level)?.isAsleep == true else {
        out.append(seg)
        continue
      }
      var pieces = [seg]
      for w in wakes where w.start < seg.end && seg.start < w.end {
        var next: [Segment] = []
        for p in pieces {
          guard w.start < p.end && p.start < w.end else {
            next.append(p)
            continue
          }
          if p.start < w.start {
            next.append(Segment(start: p.start, end: w.start, level: p.level))
          }
          next.append(Segment(start: max(p.start, w.start), end: min(p.end, w.end), level: "wake"))
          if w.end < p.end { next.append(Segment(start: w.end, end: p.end, level: p.level)) }
        }
        pieces = next
      }
      out += pieces
    }
    return out.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
  }
}
