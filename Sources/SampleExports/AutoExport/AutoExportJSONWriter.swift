import HealthModel

/// Writes a Health Auto Export JSON file for the JSON period: `{"data":{"metrics":[...],
/// "workouts":[...]}}` in Apple's pretty-printed style, metrics and keys in shuffled order,
/// sleep in the aggregated per-night shape, workouts in version 2 (objects with `qty` and
/// `units`, `duration` in seconds, `heartRateData`). Two app bugs are reproduced: a step
/// count data point written twice, and now and then an absurd in-bed time.
struct AutoExportJSONWriter {
  let timeline: SyntheticTimeline
  let data: AutoExportData

  /// Writes the document; returns data points + workouts.
  func write(_ out: ByteWriter) throws -> Int {
    var rng = SeededRandom(seed: timeline.options.seed, 31)
    let zones = timeline.calendar.zones
    var items = 0
    try out.append("{\n  \"data\" : {\n    \"metrics\" : [\n")
    var metrics = AutoExportMetric.all.map { Optional($0) } + [nil]  // nil = sleep_analysis
    for i in stride(from: metrics.count - 1, to: 0, by: -1) { metrics.swapAt(i, rng.int(0...i)) }
    for (m, metric) in metrics.enumerated() {
      var points: [AppleJSON] = []
      if let metric {
        for b in data.buckets {
          guard var fields = metric.fields(b) else { continue }
          fields.append(("date", .string(AutoExportData.date(b.start, zones))))
          points.append(.object(fields))
          if metric.name == "step_count", data.duplicatedSteps.contains(b.day),
            b.start == zones.midnight(b.day)
          {
            points.append(.object(fields))
          }
        }
      } else {
        for night in data.nights {
          var pairs: [(String, AppleJSON)] = [
            ("date", .string(AutoExportData.date(night.inBedEnd ?? night.sleepEnd, zones))),
            ("sleepStart", .string(AutoExportData.date(night.sleepStart, zones))),
            ("sleepEnd", .string(AutoExportData.date(night.sleepEnd, zones))),
            ("asleep", .number(night.asleep)), ("core", .number(night.core)),
            ("deep", .number(night.deep)), ("rem", .number(night.rem)),
            ("awake", .number(night.awake)),
            (
              "source",
              .string(
                night.withPhone
                  ? PersonProfile.watchName + "|" + PersonProfile.phoneName
                  : PersonProfile.watchName)
            ),
          ]
          let absurd = data.absurdInBed.contains(night.sleepDay) && night.inBed > 0
          pairs.append(("inBed", .number(absurd ? 808_742_334_249_947 : night.inBed)))
          if let s = night.inBedStart, let e = night.inBedEnd {
            pairs.append(("inBedStart", .string(AutoExportData.date(s, zones))))
            pairs.append(("inBedEnd", .string(AutoExportData.date(e, zones))))
          }
          points.append(.object(pairs))
        }
      }
      items += points.count
      let name = metric?.name ?? "sleep_analysis"
      let units = metric?.units ?? "hr"
      let object = AppleJSON.object([
        ("name", .string(name)), ("units", .string(units)), ("data", .array(points)),
      ])
      try AppleJSON.indent(out, 3)
      try object.write(out, depth: 3, rng: &rng)
      try out.append(m == metrics.count - 1 ? "\n" : ",\n")
    }
    try out.append("    ],\n    \"workouts\" : [\n")
    let workouts = data.workouts
    for (n, w) in workouts.enumerated() {
      try AppleJSON.indent(out, 3)
      try workoutObject(w).write(out, depth: 3, rng: &rng)
      try out.append(n == workouts.count - 1 ? "\n" : ",\n")
    }
    items += workouts.count
    try out.append("    ]\n  }\n}")
    try out.flush()
    return items
  }

  /// A version 2 workout.
  private func workoutObject(_ item: (plan: DayPlan, workout: WorkoutPlan)) -> AppleJSON {
    let (plan, w) = item
    let zones = timeline.calendar.zones
    var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: w.span.start), 79)
    func quantity(_ v: Double, _ units: String) -> AppleJSON {
      .object([("qty", .number(v)), ("units", .string(units))])
    }
    let kcal = w.activeKcal
    let basal = 1.08 * Double(w.activeSeconds) / 60
    var pairs: [(String, AppleJSON)] = [
      ("id", .string(SyntheticUUID.make(&rng))), ("name", .string(w.kind.autoExportName)),
      ("start", .string(AutoExportData.date(w.span.start, zones))),
      ("end", .string(AutoExportData.date(w.span.end, zones))),
      ("duration", .number(Double(w.activeSeconds))),
      ("location", .string(w.indoor ? "Indoor" : "Outdoor")), ("isIndoor", .bool(w.indoor)),
      ("activeEnergyBurned", quantity(kcal, "kcal")),
      ("totalEnergy", quantity(kcal + basal, "kcal")),
      ("intensity", quantity(w.kcalPerMinute * 60 / plan.body.weightKg, "kcal/hr\u{00B7}kg")),
    ]
    if w.distanceMetres > 0 {
      let miles = w.distanceMetres / 1609.344
      pairs.append(("distance", quantity(miles, "mi")))
      pairs.append(("avgSpeed", quantity(miles / (Double(w.activeSeconds) / 3600), "mi/hr")))
    }
    if !w.indoor {
      pairs.append(("temperature", quantity(w.temperatureF, "degF")))
      pairs.append(("humidity", quantity(w.humidityPercent, "%")))
    }
    let samples = data.heartRate(during: w, plan: plan)
    if !samples.isEmpty {
      let all = samples.flatMap { $0.values }
      pairs.append(
        (
          "heartRate",
          .object([
            ("min", quantity(all.min()!, "bpm")),
            ("avg", quantity(all.reduce(0, +) / Double(all.count), "bpm")),
            ("max", quantity(all.max()!, "bpm")),
          ])
        ))
      pairs.append(
        (
          "heartRateData",
          .array(
            samples.map { s in
              .object([
                ("date", .string(AutoExportData.date(s.start, zones))),
                ("Min", .number(s.values.min()!)),
                ("Avg", .number(s.values.reduce(0, +) / Double(s.values.count))),
                ("Max", .number(s.values.max()!)), ("units", .string("bpm")),
                ("source", .string(PersonProfile.watchName)),
              ])
            })
        ))
    }
    return .object(pairs)
  }
}
