import HealthModel

extension WhoopExportWriter {
  /// `sleeps.csv`: each cycle's sleep (the same numbers as the cycles file) and the naps the
  /// watch saw, inside their cycle, `Nap` = `true`; newest first.
  func writeSleeps(_ out: ByteWriter) throws -> Int {
    try out.append("Cycle start time,Cycle end time,Cycle timezone,")
    try out.append(string: Self.sleepHeader + ",Nap\n")
    var rows = 0
    for c in cycles.cycles.reversed() {
      if let nap = c.plan.nap, let first = nap.segments.first, let last = nap.segments.last,
        let napCycle = cycles.cycle(at: first.span.start)
      {
        var rng = SeededRandom(
          seed: timeline.options.seed, UInt64(bitPattern: Int64(c.plan.day)), 73)
        var light: Int64 = 0
        var awake: Int64 = 0
        for s in nap.segments {
          if s.stage.isAsleep { light += s.span.length } else { awake += s.span.length }
        }
        let span = Span(start: first.span.start, end: last.span.end)
        let n = WearableNight(
          span: span, light: light, deep: 0, rem: 0, awake: span.length - light,
          startOffset: napCycle.offset, endOffset: napCycle.offset)
        try out.append(cycle: napCycle)
        try writeSleep(n, c.plan, &rng, out)
        try out.append(",true\n")
        rows += 1
      }
      guard c.night != nil else { continue }
      var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(c.plan.day)), 72)
      // The same draws as the cycles file, so both files hold the same sleep numbers.
      _ = rng.uniform(20, 99)
      _ = rng.normal(1, 0.05)
      if c.end != nil {
        _ = (rng.uniform(0.1, 18), rng.uniform(1_600, 1_900), rng.uniform(110, 185))
        _ = rng.uniform(65, 85)
      }
      try out.append(cycle: c)
      try writeSleep(c.night, c.plan, &rng, out)
      try out.append(",false\n")
      rows += 1
    }
    try out.flush()
    return rows
  }

  /// WHOOP's activity names.
  static func activity(_ kind: WorkoutKind) -> String {
    switch kind {
    case .running: "Running"
    case .walking: "Walking"
    case .cycling: "Cycling"
    case .strength: "Weightlifting"
    case .hiit: "HIIT"
    case .yoga: "Yoga"
    }
  }

  /// `workouts.csv`: the person's workouts inside their cycles, newest first.
  func writeWorkouts(_ out: ByteWriter) throws -> Int {
    try out.append(
      string:
        "Cycle start time,Cycle end time,Cycle timezone,Workout start time,Workout end time,"
        + "Duration (min),Activity name,Activity Strain,Energy burned (cal),Max HR (bpm),"
        + "Average HR (bpm),HR Zone 1 %,HR Zone 2 %,HR Zone 3 %,HR Zone 4 %,HR Zone 5 %,"
        + "GPS enabled,Distance (meters),Altitude gain (meters)\n")
    var rows = 0
    for c in cycles.cycles.reversed() {
      for w in c.plan.workouts.reversed() {
        guard let cycle = cycles.cycle(at: w.span.start),
          w.span.end <= timeline.calendar.exportEpoch
        else { continue }
        var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: w.span.start), 74)
        try out.append(cycle: cycle)
        try out.append(byte: 0x2C)
        try out.append(whoopTime: w.span.start, offset: cycle.offset)
        try out.append(byte: 0x2C)
        try out.append(whoopTime: w.span.end, offset: cycle.offset)
        try out.append(string: ",\(w.activeSeconds / 60),\(Self.activity(w.kind)),")
        try out.append(number: RecordFactory.round(rng.uniform(4, 16), 1), decimals: 1)
        try out.append(
          string: ",\(Int(w.activeKcal)),\(Int(w.heartRateMaximum)),\(Int(w.heartRateAverage)),")
        let zones = [5, 15, 40, 30, 10].map { max(0, $0 + Int(rng.normal(0, 3))) }
        try out.append(string: zones.map(String.init).joined(separator: ","))
        let gps = w.kind.hasDistance && !w.indoor
        try out.append(string: gps ? ",true," : ",false,")
        if w.distanceMetres > 0 { try out.append(int: Int64(w.distanceMetres)) }
        try out.append(byte: 0x2C)
        if gps { try out.append(int: Int64(rng.uniform(0, 120))) }
        try out.append("\n")
        rows += 1
      }
    }
    try out.flush()
    return rows
  }

  /// `journal_entries.csv`: three questions per closed cycle; the notes sometimes hold a
  /// comma (quoted).
  func writeJournal(_ out: ByteWriter) throws -> Int {
    try out.append(
      "Cycle start time,Cycle end time,Cycle timezone,Question text,Answered yes,Notes\n")
    let questions = ["Have any alcoholic drinks?", "Consumed caffeine?", "Felt stressed?"]
    var rows = 0
    for c in cycles.cycles.reversed() where c.end != nil {
      var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(c.plan.day)), 75)
      for q in questions {
        try out.append(cycle: c)
        try out.append(string: ",\(q),\(rng.chance(0.4) ? "true" : "false"),")
        if rng.chance(0.1) { try out.append("\"coffee, two cups\"") }
        try out.append("\n")
        rows += 1
      }
    }
    try out.flush()
    return rows
  }
}
