import HealthModel

/// `resting_heart_rate-*.json` and `weight-*.json` (docs/ingest-fitbit.md):
///
/// - Resting heart rate: a year per file, one element per day from the file's date on,
///   `{dateTime, value: {date, value, error}}`; `value.value` (bpm, full precision) is a
///   daily row of `value.date` (`MM/DD/YY`). Days without a measurement, including the days
///   after the export, are placeholders `{date: null, value: 0.0, error: 0.0}`: no data, not
///   0 bpm, so they are counted (`fitbit.restingHeartRate.placeholders`), never kept.
/// - Weight: `{logId, weight, bmi, [fat], date, time, [source]}`; `weight` carries no unit
///   and the account's unit setting does not decide it (a metric account's file is in
///   pounds). The unit is the one under which every weigh-in's `bmi` gives a plausible
///   height (1.2-2.2 m), pounds when both or neither do (`FitbitWeightUnit`); `date` `time`
///   is the local wall clock. `fat` is body fat in percent; `bmi` is kept too.
enum FitbitDailyRecords {
  static func restingHeartRate(
    _ flat: JSONFlatObject, _ ctx: FitbitJSONContext, index: Int, counter: TypeCounter
  ) throws {
    let date = flat.index(of: "value.date")
    if date == nil || flat.fields[date!].kind == .null {
      ctx.sink.extra["fitbit.restingHeartRate.placeholders", default: 0] += 1
      return
    }
    guard let di = date, flat.fields[di].kind == .string,
      let t = flat.withText(di, { FitbitTime.parse($0) })
    else {
      return try ctx.reject(
        type: "resting_heart_rate", .badDate, "value.date is not an MM/DD/YY date",
        metric: .restingHeartRate, index: index, value: flat.valueText(date!))
    }
    guard let vi = flat.index(of: "value.value"), flat.fields[vi].kind == .number else {
      return try ctx.reject(
        type: "resting_heart_rate", .missingField, "no value.value number",
        metric: .restingHeartRate, index: index)
    }
    let bpm = flat.fields[vi].number
    guard bpm != 0 else {
      ctx.sink.extra["fitbit.restingHeartRate.placeholders", default: 0] += 1
      return
    }
    let day = LocalDay(dayNumber: Int32(CivilDate.floorDiv(t.localSeconds, 86_400)))
    try ctx.keep(
      ctx.daily(
        .restingHeartRate, day: day, value: bpm, unit: "count/min", index: index,
        what: "Fitbit dates"), counter: counter)
  }

  /// Reads every weigh-in of a weight file (the unit needs all of them first).
  static func weights(_ entries: [FitbitWeighIn], _ ctx: FitbitJSONContext) throws {
    let unit = FitbitWeightUnit.decide(entries)
    if !entries.isEmpty {
      ctx.sink.notes.append(
        (ctx.entryName.map { "\($0): " } ?? "")
          + "Fitbit weights read in \(unit.name) (\(unit.why))")
    }
    for e in entries {
      guard let t = e.time else {
        try ctx.reject(
          type: "weight", .badDate, "no date (MM/DD/YY) and time (HH:MM:SS)", metric: .bodyMass,
          index: e.index, value: e.dateText)
        continue
      }
      let r = ctx.resolveLocal(t, what: "Fitbit weigh-in times")
      func sample(_ m: MetricID, _ v: Double, _ u: String) -> Sample {
        Sample(
          metric: m, start: r.epoch, end: r.epoch, utcOffset: r.offset, value: v, unit: u,
          source: FitbitJSONContext.source, device: e.source.map { "name:\($0)" } ?? "",
          sourceKind: .app, origin: ctx.sink.origin(ctx.record(e.index)))
      }
      if let w = e.weight {
        try ctx.keep(sample(.bodyMass, w, unit.unit), counter: ctx.sink.counter(for: "weight"))
      } else {
        try ctx.reject(
          type: "weight", .missingField, "no weight number", metric: .bodyMass, index: e.index)
      }
      if let bmi = e.bmi {
        try ctx.keep(sample(.bmi, bmi, "count"), counter: ctx.sink.counter(for: "weight.bmi"))
      }
      if let fat = e.fat {
        try ctx.keep(sample(.bodyFat, fat, "%"), counter: ctx.sink.counter(for: "weight.fat"))
      }
    }
  }
}

/// One element of a weight file.
struct FitbitWeighIn {
  var index: Int
  var weight: Double?
  var bmi: Double?
  var fat: Double?
  var time: Timestamp?
  var dateText: String
  var source: String?

  init(_ flat: JSONFlatObject, index: Int) {
    self.index = index
    func number(_ key: StaticString) -> Double? {
      guard let i = flat.index(of: key), flat.fields[i].kind == .number else { return nil }
      return flat.fields[i].number
    }
    func text(_ key: StaticString) -> String? {
      guard let i = flat.index(of: key), flat.fields[i].kind == .string else { return nil }
      return flat.string(i)
    }
    weight = number("weight")
    bmi = number("bmi")
    fat = number("fat")
    source = text("source")
    dateText = "\(text("date") ?? "") \(text("time") ?? "")"
    if let d = text("date").flatMap({ FitbitTime.parse($0) }), !d.hasTime {
      let seconds = text("time").flatMap { TimeOfDay.seconds($0) } ?? 0
      time = Timestamp(localSeconds: d.localSeconds + Int64(seconds), utcOffset: nil)
    }
  }
}

/// `HH:MM:SS` → seconds since midnight.
enum TimeOfDay {
  static func seconds(_ text: String) -> Int? {
    let parts = text.split(separator: ":")
    guard parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), let s = Int(parts[2]),
      (0..<24).contains(h), (0..<60).contains(m), (0...60).contains(s)
    else { return nil }
    return h * 3600 + m * 60 + s
  }
}

/// The unit of a Fitbit weight file: the one under which `bmi` = kg / height² gives every
/// weigh-in with a BMI a height of 1.2-2.2 m. Worked example (the real 2014 file): 119.0
/// with BMI 20.32 → in pounds 53.98 kg, height √(53.98 / 20.32) = 1.63 m; in kilograms
/// √(119 / 20.32) = 2.42 m. Only pounds fit, so the file is in pounds.
struct FitbitWeightUnit {
  var unit: String
  var name: String
  var why: String

  static let kilogramsPerPound = 0.45359237

  static func decide(_ entries: [FitbitWeighIn]) -> FitbitWeightUnit {
    let pairs = entries.compactMap { e in e.weight.flatMap { w in e.bmi.map { (w, $0) } } }
      .filter { $0.1 > 0 }
    func plausible(_ factor: Double) -> Bool {
      pairs.allSatisfy { (w, bmi) in
        let h = (w * factor / bmi).squareRoot()
        return h >= 1.2 && h <= 2.2
      }
    }
    guard !pairs.isEmpty else {
      return FitbitWeightUnit(unit: "lb", name: "pounds", why: "no BMI to tell; Fitbit's default")
    }
    switch (plausible(kilogramsPerPound), plausible(1)) {
    case (true, false):
      return FitbitWeightUnit(
        unit: "lb", name: "pounds", why: "their BMI gives a plausible height only in pounds")
    case (false, true):
      return FitbitWeightUnit(
        unit: "kg", name: "kilograms",
        why: "their BMI gives a plausible height only in kilograms")
    default:
      return FitbitWeightUnit(
        unit: "lb", name: "pounds", why: "their BMI does not tell; Fitbit's default")
    }
  }
}
