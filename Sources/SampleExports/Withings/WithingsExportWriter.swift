import HealthModel

/// Withings' "Download my data" files (docs/ingest-withings.md) for the vendor days, with
/// the export's quirks: `sleep.csv` ascending with now and then the same night written
/// twice (a second, overlapping session with less asleep time, after it), heart rate 0 when
/// not measured, REM 0 on most nights; `weight.csv` newest first in pounds with quoted local
/// times; `aggregates_steps.csv` newest first; `raw_tracker_steps.csv` with JSON-array cells.
struct WithingsExportWriter {
  let timeline: SyntheticTimeline

  /// The salt of the watch's view of a night.
  static let salt: UInt64 = 81

  /// `sleep.csv`; returns the rows written.
  func writeSleep(_ out: ByteWriter) throws -> Int {
    try out.append(
      string:
        "from,to,\"light (s)\",\"deep (s)\",\"rem (s)\",\"awake (s)\",\"wake up\","
        + "\"Duration to sleep (s)\",\"Duration to wake up (s)\",\"Snoring (s)\","
        + "\"Snoring episodes\",\"Average heart rate\",\"Heart rate (min)\","
        + "\"Heart rate (max)\",\"Night events\",Notes\n")
    var rows = 0
    for day in WearableNight.days(timeline) {
      guard let plan = timeline.plan(day),
        var night = WearableNight.of(plan, timeline: timeline, salt: Self.salt)
      else { continue }
      var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(day)), 82)
      if rng.chance(0.8) { night.rem = 0 }
      try writeNight(night, plan, &rng, out)
      rows += 1
      if rng.chance(1.0 / 20) {
        // The night again: starting half an hour later, less asleep.
        var again = night
        again.span.start += 1_800
        again.light = max(0, night.light - 1_800)
        again.awake = again.span.length - again.light - again.deep - again.rem
        try writeNight(again, plan, &rng, out)
        rows += 1
      }
    }
    try out.flush()
    return rows
  }

  private func writeNight(
    _ n: WearableNight, _ plan: DayPlan, _ rng: inout SeededRandom, _ out: ByteWriter
  ) throws {
    try out.append(isoDate: n.span.start, offset: n.startOffset)
    try out.append(byte: 0x2C)
    try out.append(isoDate: n.span.end, offset: n.endOffset)
    let cells = [
      n.light, n.deep, n.rem, n.awake, Int64(rng.uniform(0, 4)), 120, Int64(rng.uniform(0, 300)),
      0, 0,
    ]
    try out.append(string: "," + cells.map(String.init).joined(separator: ","))
    if rng.chance(0.03) {
      try out.append(",0,0,0")
    } else {
      let rhr = Int64(plan.body.restingHeartRate)
      try out.append(string: ",\(rhr + 8),\(rhr),\(rhr + 25)")
    }
    try out.append(",,\n")
  }

  /// `weight.csv`: the scale's weigh-ins in pounds, newest first; body composition on most.
  func writeWeight(_ out: ByteWriter) throws -> Int {
    try out.append(
      string:
        "Date,\"Weight (lb)\",\"Fat mass (lb)\",\"Bone mass (lb)\",\"Muscle mass (lb)\","
        + "\"Hydration (lb)\",Comments\n")
    var rows = 0
    let zones = timeline.calendar.zones
    for day in WearableNight.days(timeline).reversed() {
      guard let plan = timeline.plan(day), let t = plan.weighIn else { continue }
      var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(day)), 83)
      let lb = plan.body.weightKg / 0.453_592_37
      try out.append(byte: 0x22)
      try out.append(localDate: t, offset: zones.offset(at: t))
      try out.append("\",")
      try out.append(number: RecordFactory.round(lb, 1), decimals: 1)
      if rng.chance(0.96) {
        let parts = [lb * plan.body.bodyFat, lb * 0.035, lb * 0.62, lb * 0.43]
        for p in parts {
          try out.append(byte: 0x2C)
          try out.append(number: RecordFactory.round(p, 1), decimals: 1)
        }
        try out.append(",\n")
      } else {
        try out.append(",,,,,\n")
      }
      rows += 1
    }
    try out.flush()
    return rows
  }

  /// `aggregates_steps.csv`: each day's steps, newest first.
  func writeDailySteps(_ out: ByteWriter) throws -> Int {
    try out.append("date,value\n")
    var rows = 0
    for day in WearableNight.days(timeline).reversed() {
      guard let plan = timeline.plan(day) else { continue }
      try out.append(day: day)
      try out.append(byte: 0x2C)
      try out.append(int: Int64(WearableNight.steps(plan)))
      try out.append("\n")
      rows += 1
    }
    try out.flush()
    return rows
  }

  /// `raw_tracker_steps.csv`: per walking bout one row, its minutes as arrays
  /// (`"[60,60,…]","[98,102,…]"`; a one-minute bout as `[60],[98]`).
  func writeRawSteps(_ out: ByteWriter) throws -> Int {
    try out.append("start,duration,value\n")
    var rows = 0
    let zones = timeline.calendar.zones
    for day in WearableNight.days(timeline).reversed() {
      guard let plan = timeline.plan(day) else { continue }
      for bout in plan.bouts.reversed() where bout.span.end <= timeline.calendar.exportEpoch {
        let minutes = max(1, Int(bout.span.length / 60))
        let perMinute = Int64(bout.cadence.rounded())
        try out.append(isoDate: bout.span.start, offset: zones.offset(at: bout.span.start))
        let quote = minutes > 1 ? "\"" : ""
        try out.append(string: ",\(quote)[")
        for i in 0..<minutes { try out.append(i == 0 ? "60" : ",60") }
        try out.append(string: "]\(quote),\(quote)[")
        for i in 0..<minutes {
          if i > 0 { try out.append(byte: 0x2C) }
          try out.append(int: perMinute)
        }
        try out.append(string: "]\(quote)\n")
        rows += 1
      }
    }
    try out.flush()
    return rows
  }
}
