import HealthModel

/// The intraday files: `heart_rate-*.json` (`{dateTime, value: {bpm, confidence}}`, one
/// reading every few seconds) and `steps-*.json` (`{dateTime, value: "13"}`, steps in the
/// minute starting at `dateTime`, the number written as a string). Their `dateTime`s are
/// UTC (docs/ingest-fitbit.md, "Time zones"); the local day comes from the assumed zone.
///
/// A minute with 0 steps is no sample (counted as `fitbit.zeroStepMinutes`): Fitbit writes
/// one per minute, and a day's sum is the same without them. A `{dateTime, value}` series
/// of another metric (calories, distance, altitude, ...) is counted, not read: its file
/// name alone says what it is, and its units are not documented.
enum FitbitIntraday {
  /// Reads the element of a heart-rate file whose `{` was just read, straight from the
  /// tokenizer (a file holds a reading every few seconds): `dateTime` and `value.bpm`.
  /// `value.confidence`, Fitbit's own 0-3 grade of the reading, is counted as not read
  /// (`notRead.fitbit.heart_rate.value.confidence`), as is any other member
  /// (`notRead.fitbit.heart_rate.other`).
  static func heartRate(
    _ t: JSONTokenizer, _ ctx: FitbitJSONContext, index: Int, counter: TypeCounter
  ) throws {
    var time: Timestamp?
    var dateText: String?
    var bpm: Double?
    var members = 0
    while true {
      let token = try t.next()
      if token == .endObject { break }
      members += 1
      if t.textEquals("dateTime") {
        if try t.next() == .string {
          time = FitbitTime.parse(t.text)
          if time == nil || !time!.hasTime { dateText = t.textString }
        } else {
          try skipValue(t)
        }
      } else if t.textEquals("value") {
        let value = try t.next()
        guard value == .beginObject else {
          try skipValueAfter(value, t)
          continue
        }
        while true {
          let inner = try t.next()
          if inner == .endObject { break }
          if t.textEquals("bpm") {
            let v = try t.next()
            if v == .number { bpm = t.number } else { try skipValueAfter(v, t) }
          } else {
            if t.textEquals("confidence") { ctx.confidence += 1 } else { ctx.otherMembers += 1 }
            try skipValue(t)
          }
        }
      } else {
        ctx.otherMembers += 1
        try skipValue(t)
      }
    }
    guard let time, time.hasTime else {
      return try ctx.reject(
        type: "heart_rate", .badDate, "no dateTime in MM/DD/YY HH:MM:SS form",
        metric: .heartRate, index: index, value: dateText ?? "")
    }
    guard let bpm else {
      return try ctx.reject(
        type: "heart_rate", .missingField, "no value.bpm number", metric: .heartRate,
        index: index)
    }
    let epoch = time.localSeconds - Int64(time.utcOffset ?? 0)
    let offset = ctx.instants.offset(
      atEpoch: epoch, sink: ctx.sink, what: "Fitbit intraday dateTimes (UTC)")
    try ctx.keepIntraday(
      .heartRate, start: epoch, end: epoch, utcOffset: offset, value: bpm, index: index,
      counter: counter)
  }

  private static func skipValue(_ t: JSONTokenizer) throws {
    try skipValueAfter(try t.next(), t)
  }

  private static func skipValueAfter(_ token: JSONToken, _ t: JSONTokenizer) throws {
    if token == .beginObject || token == .beginArray { _ = try t.skipRestOfContainer() }
  }

  /// Reads the element in `flat` of a `steps-…` series.
  static func steps(
    _ flat: JSONFlatObject, _ ctx: FitbitJSONContext, index: Int, counter: TypeCounter
  ) throws {
    guard let ti = flat.index(of: "dateTime"), flat.fields[ti].kind == .string,
      let t = flat.withText(ti, FitbitTime.parse), t.hasTime
    else {
      return try ctx.reject(
        type: "steps", .badDate, "no dateTime in MM/DD/YY HH:MM:SS form", metric: .steps,
        index: index, value: flat.index(of: "dateTime").map(flat.valueText) ?? "")
    }
    guard let vi = flat.index(of: "value") else {
      return try ctx.reject(
        type: "steps", .missingField, "no value", metric: .steps, index: index)
    }
    var steps: Double?
    switch flat.fields[vi].kind {
    case .string: steps = flat.withText(vi) { DecimalParser.parse($0) }
    case .number: steps = flat.fields[vi].number
    default: steps = nil
    }
    guard let steps else {
      return try ctx.reject(
        type: "steps", .badNumber, "value '\(flat.valueText(vi))' is not a number",
        metric: .steps, index: index, value: flat.valueText(vi))
    }
    guard steps != 0 else {
      ctx.sink.extra["fitbit.zeroStepMinutes", default: 0] += 1
      return
    }
    let epoch = t.localSeconds - Int64(t.utcOffset ?? 0)
    let offset = ctx.instants.offset(
      atEpoch: epoch, sink: ctx.sink, what: "Fitbit intraday dateTimes (UTC)")
    try ctx.keepIntraday(
      .steps, start: epoch, end: epoch + 60, utcOffset: offset, value: steps, index: index,
      counter: counter)
  }

  /// The series a file name names: `steps-2022-09-17.json` → `steps`.
  static func seriesName(_ fileName: String) -> String {
    let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
    guard let dash = base.firstIndex(of: "-") else { return base }
    return String(base[..<dash])
  }
}
