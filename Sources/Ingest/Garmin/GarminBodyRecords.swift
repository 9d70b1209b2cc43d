import HealthModel

/// The body and baseline files of a Garmin Connect export (docs/ingest-garmin.md):
///
/// - `*_userBioMetrics.json`: `weight.weight` in grams at `weight.timestampGMT` (UTC), a
///   `bodyMass` reading (hand-entered when `weight.sourceType` is `MANUAL`); `height` and
///   the other members are counted as not read.
/// - `*_healthStatusData.json`: `metrics[]` of `{type, value, ...}` per `calendarDate`; the
///   `HRV` value (Garmin's overnight average RMSSD) is an `hrvRMSSD` daily row of that date,
///   never SDNN; the other types (HR, SPO2, SKIN_TEMP_C, RESPIRATION) are counted.
enum GarminBodyRecords {
  /// One element of `userBioMetrics`, read flat.
  static func weighIn(_ flat: JSONFlatObject, _ ctx: GarminJSONContext, index: Int) throws {
    for i in flat.fields.indices where flat.fields[i].kind != .null {
      let key = flat.key(i)
      if !key.hasPrefix("weight.") { ctx.notRead(key) }
    }
    guard let grams = GarminSleepNight.number(flat, "weight.weight") else {
      ctx.sink.extra["notKept.userBioMetrics.withoutWeight", default: 0] += 1
      return
    }
    let time =
      GarminSleepNight.instant(flat, "weight.timestampGMT")
      ?? GarminSleepNight.text(flat, "metaData.calendarDate").flatMap(GarminTime.day).map {
        Int64($0.dayNumber) * 86_400 + 43_200
      }
    guard let time else {
      return try ctx.reject(
        field: "weight", .missingField, "the weigh-in has no weight.timestampGMT or date",
        metric: .bodyMass, index: index, value: NumberFormatting.shortest(grams))
    }
    let manual = GarminSleepNight.text(flat, "weight.sourceType") == "MANUAL"
    let offset = ctx.instants.offset(atEpoch: time, sink: ctx.sink, what: "Garmin …GMT times")
    try ctx.keep(
      Sample(
        metric: .bodyMass, start: time, end: time, utcOffset: offset, value: grams, unit: "g",
        source: GarminJSONContext.source, sourceKind: manual ? .manual : .app,
        userEntered: manual, origin: ctx.sink.origin(ctx.record(index))), field: "weight")
  }

  /// One element of `healthStatusData`, whose `{` was just read.
  static func healthStatus(_ ctx: GarminJSONContext, index: Int) throws {
    let t = ctx.tokenizer
    var day: LocalDay?
    var hrv: Double?
    let flat = ctx.flat
    while true {
      let token = try t.next()
      if token == .endObject { break }
      let id = ctx.members.id(of: t.text)
      let value = try t.next()
      if id == 0, value == .string {  // calendarDate
        day = GarminTime.day(t.textString)
      } else if id == 1, value == .beginArray {  // metrics
        while true {
          let element = try t.next()
          if element == .endArray { break }
          guard element == .beginObject else {
            if element == .beginArray { _ = try t.skipRestOfContainer() }
            continue
          }
          try flat.read(from: t)
          // The type's id among the metric types met (`metrics.HRV` first), by its bytes.
          let type =
            flat.index(of: "type").flatMap { i in
              flat.fields[i].kind == .string ? flat.withText(i) { ctx.metricTypes.id(of: $0) } : nil
            } ?? ctx.metricTypes.id(of: UnsafeRawBufferPointer(start: nil, count: 0))
          guard let v = GarminSleepNight.number(flat, "value") else { continue }
          if type == 0 { hrv = v } else { ctx.metricTypes.count(type) }
        }
      } else {
        if value == .beginObject || value == .beginArray { _ = try t.skipRestOfContainer() }
        if value != .null { ctx.members.count(id) }
      }
    }
    guard let hrv else { return }
    guard let day else {
      return try ctx.reject(
        field: "HRV", .missingField, "an HRV value without a calendarDate", metric: .hrvRMSSD,
        index: index, value: NumberFormatting.shortest(hrv))
    }
    try ctx.keep(
      ctx.daily(
        .hrvRMSSD, day: day, offset: nil, value: hrv, unit: "ms", hrv: .rmssd,
        index: index), field: "HRV")
  }
}
