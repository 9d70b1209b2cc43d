import HealthModel

/// Oura's trends CSV (docs/ingest-oura.md) for the ring's days, with the export's quirks:
/// CRLF line ends, the older column order (`date,Sleep Score,Total Sleep Score,…`),
/// `Total Bedtime ` with its trailing space and `Sleep Timin Score`, durations in seconds,
/// `None` in the contributor scores that need history, empty sleep cells on nights the ring
/// was not worn, and those days written last, out of date order.
struct OuraTrendsWriter {
  let timeline: SyntheticTimeline

  static let header =
    "date,Sleep Score,Total Sleep Score,REM Sleep Score,Deep Sleep Score,Sleep Efficiency Score,"
    + "Restfulness Score,Sleep Latency Score,Sleep Timin Score,Total Sleep Duration,"
    + "Total Bedtime ,Awake Time,REM Sleep Duration,Light Sleep Duration,Deep Sleep Duration,"
    + "Restless Sleep,Sleep Efficiency,Sleep Latency,Sleep Timing,Bedtime Start,Bedtime End,"
    + "Average Resting Heart Rate,Lowest Resting Heart Rate,Average HRV,"
    + "Temperature Deviation (°C),Temperature Trend Deviation,Respiratory Rate,Readiness Score,"
    + "Previous Night Score,Sleep Balance Score,Previous Day Activity Score,"
    + "Activity Balance Score,Temperature Score,Resting Heart Rate Score,HRV Balance Score,"
    + "Recovery Index Score,Activity Score,Stay Active Score,Move Every Hour Score,"
    + "Meet Daily Targets Score,Training Frequency Score,Training Volume Score,Non-wear Time,"
    + "Average MET,Long Periods of Inactivity,Steps,Total Burn,Activity Burn,"
    + "Equivalent Walking Distance,High Activity Time,Medium Activity Time,Low Activity Time,"
    + "Rest Time,Inactive Time\r\n"

  /// The salt of the ring's view of a night.
  static let salt: UInt64 = 61

  /// Writes the file; returns the rows written.
  func write(_ out: ByteWriter) throws -> Int {
    try out.append(string: Self.header)
    let days = WearableNight.days(timeline)
    var unworn: [LocalDayNumber] = []
    var rows = 0
    for day in days {
      guard let plan = timeline.plan(day) else { continue }
      guard let night = WearableNight.of(plan, timeline: timeline, salt: Self.salt) else {
        unworn.append(day)
        continue
      }
      try writeRow(plan, night, history: day - days.lowerBound, out)
      rows += 1
    }
    for day in unworn {
      guard let plan = timeline.plan(day) else { continue }
      try writeRow(plan, nil, history: day - days.lowerBound, out)
      rows += 1
    }
    try out.flush()
    return rows
  }

  private func writeRow(_ plan: DayPlan, _ night: WearableNight?, history: Int, _ out: ByteWriter)
    throws
  {
    var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(plan.day)), 62)
    func score() -> Int64 { Int64(rng.normal(80, 8, within: 40, 100)) }
    func cell(_ n: Int64) throws { try out.append(int: n) }
    func comma() throws { try out.append(byte: 0x2C) }
    try out.append(day: plan.day)
    // Sleep scores: Sleep Score … Sleep Timin Score (8).
    for _ in 0..<8 {
      try comma()
      if night != nil { try cell(score()) }
    }
    try writeNight(night, plan, &rng, out)
    try writeReadiness(plan, night, history: history, &rng, out)
    try writeActivity(plan, &rng, out)
    try out.append("\r\n")
  }

  /// Total Sleep Duration … Respiratory Rate (18 columns).
  private func writeNight(
    _ night: WearableNight?, _ plan: DayPlan, _ rng: inout SeededRandom, _ out: ByteWriter
  ) throws {
    guard let n = night else {
      for _ in 0..<18 { try out.append(byte: 0x2C) }
      return
    }
    for v in [n.asleep, n.span.length, n.awake, n.rem, n.light, n.deep] {
      try out.append(byte: 0x2C)
      try out.append(int: v)
    }
    try out.append(string: ",\(Int(rng.uniform(100, 300))),\(100 * n.asleep / n.span.length),")
    try out.append(string: "\(Int(rng.uniform(0, 1_500))),\(Int(rng.uniform(0, 40_000))),")
    try out.append(isoMilliDate: n.span.start, offset: n.startOffset)
    try out.append(byte: 0x2C)
    try out.append(isoMilliDate: n.span.end, offset: n.endOffset)
    let rhr = plan.body.restingHeartRate - 2
    try out.append(byte: 0x2C)
    try out.append(number: RecordFactory.round(rhr + rng.uniform(3, 8), 2), decimals: 2)
    try out.append(string: ",\(Int(rhr)),\(Int(plan.body.hrvRMSSD.rounded())),")
    try out.append(number: RecordFactory.round(rng.normal(0, 0.2), 2), decimals: 2)
    try out.append(byte: 0x2C)
    if rng.chance(0.1) {
      try out.append("None")
    } else {
      try out.append(number: RecordFactory.round(rng.normal(0, 0.1), 2), decimals: 2)
    }
    try out.append(byte: 0x2C)
    try out.append(number: RecordFactory.round(plan.body.respiratoryRate, 3), decimals: 3)
  }

  /// Readiness Score … Recovery Index Score (9): contributors needing two weeks of history
  /// are `None` before it.
  private func writeReadiness(
    _ plan: DayPlan, _ night: WearableNight?, history: Int, _ rng: inout SeededRandom,
    _ out: ByteWriter
  ) throws {
    for i in 0..<9 {
      try out.append(byte: 0x2C)
      if (i == 2 || i == 7) && history < 14 || i == 3 && history == 0 {
        try out.append("None")
      } else if night != nil || i == 3 {
        try out.append(int: Int64(rng.normal(80, 8, within: 40, 100)))
      }
    }
  }

  /// Activity Score … Inactive Time (18).
  private func writeActivity(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: ByteWriter)
    throws
  {
    let steps = WearableNight.steps(plan)
    let active = plan.workouts.reduce(0.0) { $0 + $1.activeKcal } + Double(steps) * 0.04
    var cells: [Int64] = (0..<6).map { _ in Int64(rng.normal(85, 10, within: 1, 100)) }
    cells += [Int64(rng.uniform(0, 3_600))]
    try out.append(byte: 0x2C)
    try out.append(string: cells.map(String.init).joined(separator: ","))
    try out.append(byte: 0x2C)
    try out.append(number: RecordFactory.round(rng.uniform(1.2, 1.9), 5), decimals: 5)
    let rest = [
      Int64(rng.uniform(0, 3)), Int64(steps), Int64(active + 1_700), Int64(active),
      Int64(Double(steps) * 0.76), Int64(rng.uniform(0, 1_800)), Int64(rng.uniform(0, 3_600)),
      Int64(rng.uniform(3_600, 14_400)), Int64(rng.uniform(18_000, 36_000)),
      Int64(rng.uniform(18_000, 36_000)),
    ]
    try out.append(byte: 0x2C)
    try out.append(string: rest.map(String.init).joined(separator: ","))
  }
}

extension ByteWriter {
  /// Appends `yyyy-MM-ddTHH:mm:ss±HH:MM`, with `.000` before the offset when `millis`
  /// (Oura's bedtimes), built from the public pieces.
  func append(isoDate epoch: Int64, offset: Int32, millis: Bool) throws {
    let local = epoch + Int64(offset)
    let day = CivilFloor.div(local, 86_400)
    let secs = Int(local - Int64(day) * 86_400)
    try append(day: day)
    try append(byte: UInt8(ascii: "T"))
    try append(twoDigits: secs / 3600)
    try append(byte: 0x3A)
    try append(twoDigits: secs / 60 % 60)
    try append(byte: 0x3A)
    try append(twoDigits: secs % 60)
    if millis { try append(".000") }
    try appendOffset(offset, colon: true)
  }

  /// Appends `yyyy-MM-ddTHH:mm:ss.000±HH:MM` (Oura's bedtimes).
  func append(isoMilliDate epoch: Int64, offset: Int32) throws {
    try append(isoDate: epoch, offset: offset, millis: true)
  }
}
