import HealthCore

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
  /// Reads the element in `flat` of a heart-rate file.
  static func heartRate(
    _ flat: JSONFlatObject, _ ctx: FitbitJSONContext, index: Int, counter: TypeCounter
  ) throws {
    guard let ti = flat.index(of: "dateTime"), flat.fields[ti].kind == .string,
      let t = flat.withText(ti, FitbitTime.parse), t.hasTime
    else {
      return try ctx.reject(
        type: "heart_rate", .badDate, "no dateTime in MM/DD/YY HH:MM:SS form",
        metric: .heartRate, index: index,
        value: flat.index(of: "dateTime").map(flat.valueText) ?? "")
    }
    guard let bi = flat.index(of: "value.bpm"), flat.fields[bi].kind == .number else {
      return try ctx.reject(
        type: "heart_rate", .missingField, "no value.bpm number", metric: .heartRate,
        index: index)
    }
    let epoch = t.localSeconds - Int64(t.utcOffset ?? 0)
    let offset = ctx.instants.offset(
      atEpoch: epoch, sink: ctx.sink, what: "Fitbit intraday dateTimes (UTC)")
    try ctx.keep(
      Sample(
        metric: .heartRate, start: epoch, end: epoch, utcOffset: offset,
        value: flat.fields[bi].number, unit: "count/min", source: FitbitJSONContext.source,
        sourceKind: .app, origin: ctx.sink.origin(ctx.record(index))), counter: counter)
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
    try ctx.keep(
      Sample(
        metric: .steps, start: epoch, end: epoch + 60, utcOffset: offset, value: steps,
        unit: "count", source: FitbitJSONContext.source, sourceKind: .app,
        origin: ctx.sink.origin(ctx.record(index))), counter: counter)
  }

  /// The series a file name names: `steps-2022-09-17.json` → `steps`.
  static func seriesName(_ fileName: String) -> String {
    let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
    guard let dash = base.firstIndex(of: "-") else { return base }
    return String(base[..<dash])
  }
}
