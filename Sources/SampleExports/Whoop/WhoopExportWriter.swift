import HealthModel

/// WHOOP's data export (docs/ingest-whoop.md): `physiological_cycles.csv`, `sleeps.csv`,
/// `workouts.csv` and `journal_entries.csv`, newest first, with the export's quirks: an
/// open first cycle, times without offset beside a `UTC-07:00` column that follows travel,
/// cycles starting before midnight, an empty placeholder cycle, cycles without a sleep
/// (the band not worn), naps in `sleeps.csv`, durations in minutes, energy in kcal under a
/// `cal` header.
struct WhoopExportWriter {
  let timeline: SyntheticTimeline
  let cycles: WhoopCycles

  init(timeline: SyntheticTimeline) {
    self.timeline = timeline
    cycles = WhoopCycles(timeline)
  }

  static let sleepHeader =
    "Sleep onset,Wake onset,Sleep performance %,Respiratory rate (rpm),Asleep duration (min),"
    + "In bed duration (min),Light sleep duration (min),Deep (SWS) duration (min),"
    + "REM duration (min),Awake duration (min),Sleep need (min),Sleep debt (min),"
    + "Sleep efficiency %,Sleep consistency %"

  /// `physiological_cycles.csv`; returns the rows written.
  func writeCycles(_ out: ByteWriter) throws -> Int {
    try out.append(
      string:
        "Cycle start time,Cycle end time,Cycle timezone,Recovery score %,"
        + "Resting heart rate (bpm),Heart rate variability (ms),Skin temp (celsius),"
        + "Blood oxygen %,Day Strain,Energy burned (cal),Max HR (bpm),Average HR (bpm),")
    try out.append(string: Self.sleepHeader + "\n")
    for c in cycles.cycles.reversed() {
      var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(c.plan.day)), 72)
      try out.append(cycle: c)
      let body = c.plan.body
      if c.night != nil {
        try out.append(string: ",\(Int(rng.uniform(20, 99))),\(Int(body.restingHeartRate)),")
        try out.append(string: "\(Int((body.hrvRMSSD * rng.normal(1, 0.05)).rounded())),")
        try out.append(number: RecordFactory.round(body.wristTemperatureC, 2), decimals: 2)
        try out.append(byte: 0x2C)
        try out.append(number: RecordFactory.round(body.spo2 * 100, 2), decimals: 2)
      } else {
        try out.append(",,,,,")
      }
      if c.end != nil {
        try out.append(byte: 0x2C)
        try out.append(number: RecordFactory.round(rng.uniform(0.1, 18), 1), decimals: 1)
        let kcal = rng.uniform(1_600, 1_900) + c.plan.workouts.reduce(0.0) { $0 + $1.activeKcal }
        try out.append(
          string: ",\(Int(kcal)),\(Int(rng.uniform(110, 185))),\(Int(rng.uniform(65, 85)))")
      } else {
        try out.append(",,,,")
      }
      try writeSleep(c.night, c.plan, &rng, out)
      try out.append("\n")
    }
    if let p = cycles.placeholder {
      try out.append(whoopTime: p.start, offset: p.offset)
      try out.append(byte: 0x2C)
      try out.append(whoopTime: p.end, offset: p.offset)
      try out.append(byte: 0x2C)
      try out.append(whoopZone: p.offset)
      try out.append(string: String(repeating: ",", count: 23) + "\n")
    }
    try out.flush()
    return cycles.cycles.count + (cycles.placeholder == nil ? 0 : 1)
  }

  /// The 14 sleep columns of a night (empty when the band did not see it), each after a
  /// comma.
  func writeSleep(
    _ night: WearableNight?, _ plan: DayPlan, _ rng: inout SeededRandom, _ out: ByteWriter
  ) throws {
    guard let n = night else {
      try out.append(string: String(repeating: ",", count: 14))
      return
    }
    try out.append(byte: 0x2C)
    try out.append(whoopTime: n.span.start, offset: n.startOffset)
    try out.append(byte: 0x2C)
    try out.append(whoopTime: n.span.end, offset: n.startOffset)
    try out.append(string: ",\(Int(rng.uniform(60, 99))),")
    try out.append(number: RecordFactory.round(plan.body.respiratoryRate, 1), decimals: 1)
    let m = { (s: Int64) in (s + 30) / 60 }
    let cells = [
      m(n.light) + m(n.deep) + m(n.rem), m(n.span.length), m(n.light), m(n.deep), m(n.rem),
      m(n.awake), Int64(rng.uniform(420, 540)), Int64(rng.uniform(0, 90)),
      100 * n.asleep / n.span.length,
    ]
    try out.append(string: "," + cells.map(String.init).joined(separator: ",") + ",")
    if !rng.chance(0.1) { try out.append(int: Int64(rng.uniform(50, 95))) }
  }
}
