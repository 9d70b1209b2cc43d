import HealthModel

/// One element of `UDSFile_*.json`, Garmin Connect's daily summary: the day's steps,
/// resting, minimum and maximum heart rate, average stress and Body Battery
/// (docs/ingest-garmin.md, "Daily summaries").
///
/// Each becomes a daily row of its calendar date, `[local midnight, next midnight)`, in
/// the offset the element gives (`wellnessStartTimeLocal − wellnessStartTimeGmt`), else the
/// assumed zone: summary rows like Health Auto Export's, never readings to add to a
/// device's minute data. Steps of a day whose steps the same export's monitoring files
/// already counted are not kept (`notKept.UDSFile.totalSteps.coveredByMonitoring`).
struct GarminDailySummary {
  var day: LocalDay?
  var dayText: String?
  var offset: Int32?
  var steps: Double?
  var restingHeartRate: Double?
  var minHeartRate: Double?
  var maxHeartRate: Double?
  var stress: Double?
  var bodyBatteryHigh: Double?
  var bodyBatteryLow: Double?
  var startGMT: Int64?
  var startLocal: Int64?

  /// The members read, by their id in `GarminJSONContext.members`.
  enum Member: Int, CaseIterable {
    case calendarDate, wellnessStartTimeGmt, wellnessStartTimeLocal, allDayStress, bodyBattery
    case totalSteps, restingHeartRate, minHeartRate, maxHeartRate

    var name: String { "\(self)" }
  }

  /// Reads the element whose `{` was just read.
  static func read(_ ctx: GarminJSONContext) throws -> GarminDailySummary {
    let t = ctx.tokenizer
    var s = GarminDailySummary()
    while true {
      let token = try t.next()
      if token == .endObject { break }
      let id = ctx.members.id(of: t.text)
      let value = try t.next()
      switch (Member(rawValue: id), value) {
      case (.calendarDate, .string):
        s.dayText = t.textString
        s.day = GarminTime.day(s.dayText!)
      case (.wellnessStartTimeGmt, .string): s.startGMT = GarminTime.instant(text: t.textString)
      case (.wellnessStartTimeLocal, .string):
        s.startLocal = GarminTime.wallClock(text: t.textString)
      case (.allDayStress, .beginObject): s.stress = try readStress(t, ctx.flat)
      case (.bodyBattery, .beginObject): try readBodyBattery(t, ctx.flat, into: &s)
      case (.totalSteps, .number): s.steps = t.number
      case (.restingHeartRate, .number): s.restingHeartRate = t.number
      case (.minHeartRate, .number): s.minHeartRate = t.number
      case (.maxHeartRate, .number): s.maxHeartRate = t.number
      default:
        if value == .beginObject || value == .beginArray { _ = try t.skipRestOfContainer() }
        if value != .null { ctx.members.count(id) }
      }
    }
    if let g = s.startGMT, let l = s.startLocal, abs(l - g) <= 18 * 3600 {
      s.offset = Int32(l - g)
    }
    return s
  }

  /// `allDayStress.aggregatorList[type = TOTAL].averageStressLevel` (AWAKE and ASLEEP
  /// answer other questions; negative values mean no reading).
  private static func readStress(_ t: JSONTokenizer, _ flat: JSONFlatObject) throws -> Double? {
    var total: Double?
    try eachListElement(t, flat, list: "aggregatorList") { flat in
      guard let ti = flat.index(of: "type"), flat.fields[ti].kind == .string,
        flat.string(ti) == "TOTAL", let vi = flat.index(of: "averageStressLevel"),
        flat.fields[vi].kind == .number, flat.fields[vi].number >= 0
      else { return }
      total = flat.fields[vi].number
    }
    return total
  }

  /// `bodyBattery.bodyBatteryStatList[]`: the `HIGHEST` and `LOWEST` `statsValue`s.
  private static func readBodyBattery(
    _ t: JSONTokenizer, _ flat: JSONFlatObject, into s: inout GarminDailySummary
  ) throws {
    var high: Double?
    var low: Double?
    try eachListElement(t, flat, list: "bodyBatteryStatList") { flat in
      guard let ti = flat.index(of: "bodyBatteryStatType"), flat.fields[ti].kind == .string,
        let vi = flat.index(of: "statsValue"), flat.fields[vi].kind == .number
      else { return }
      switch flat.string(ti) {
      case "HIGHEST": high = flat.fields[vi].number
      case "LOWEST": low = flat.fields[vi].number
      default: break
      }
    }
    s.bodyBatteryHigh = high
    s.bodyBatteryLow = low
  }

  /// Reads the object whose `{` was just read; each object of its array member `list` is
  /// read flat and handed to `body`; other members are skipped.
  private static func eachListElement(
    _ t: JSONTokenizer, _ flat: JSONFlatObject, list: StaticString,
    _ body: (JSONFlatObject) throws -> Void
  ) throws {
    while true {
      let token = try t.next()
      if token == .endObject { return }
      let isList = t.textEquals(list)
      let value = try t.next()
      guard isList, value == .beginArray else {
        if value == .beginObject || value == .beginArray { _ = try t.skipRestOfContainer() }
        continue
      }
      while true {
        let element = try t.next()
        if element == .endArray { break }
        if element == .beginObject {
          try flat.read(from: t)
          try body(flat)
        } else if element == .beginArray {
          _ = try t.skipRestOfContainer()
        }
      }
    }
  }

  /// The element's rows.
  func emit(_ ctx: GarminJSONContext, index: Int) throws {
    guard let day else {
      return try ctx.reject(
        field: "day", dayText == nil ? .missingField : .badDate,
        dayText.map { "calendarDate '\($0)' is not a date" } ?? "the day has no calendarDate",
        metric: .steps, index: index, value: dayText ?? "")
    }
    if let steps {
      if ctx.stepsCovered.contains(day) {
        ctx.sink.extra["notKept.UDSFile.totalSteps.coveredByMonitoring", default: 0] += 1
      } else {
        try ctx.keep(
          ctx.daily(.steps, day: day, offset: offset, value: steps, unit: "count", index: index),
          field: "totalSteps")
      }
    }
    let heart: [(String, MetricID, Double?)] = [
      ("restingHeartRate", .restingHeartRate, restingHeartRate),
      ("minHeartRate", .garminMinHeartRate, minHeartRate),
      ("maxHeartRate", .garminMaxHeartRate, maxHeartRate),
    ]
    for (key, metric, value) in heart {
      guard let v = value else { continue }
      try ctx.keep(
        ctx.daily(metric, day: day, offset: offset, value: v, unit: "count/min", index: index),
        field: key)
    }
    if let stress {
      try ctx.keep(
        ctx.daily(
          .garminDailyStress, day: day, offset: offset, value: stress, unit: "count",
          index: index), field: "allDayStress")
    }
    if let high = bodyBatteryHigh ?? bodyBatteryLow {
      try ctx.keep(
        ctx.daily(
          .garminBodyBattery, day: day, offset: offset, value: high, unit: "count",
          minimum: bodyBatteryLow, maximum: bodyBatteryHigh, index: index),
        field: "bodyBattery")
    }
  }
}
