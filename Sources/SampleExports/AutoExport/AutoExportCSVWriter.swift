/// Writes the Health Auto Export CSV files of the CSV period: the daily metrics file (every
/// column of the app, most empty; `Date` in local time without an offset; a trailing space
/// on every line) and the workouts file (newest first, minutes-only times, `HH:MM:SS`
/// durations, no trailing space).
struct AutoExportCSVWriter {
  let timeline: SyntheticTimeline
  let data: AutoExportData

  /// Decimal places per column (values are rounded to them, as the app does).
  static func decimals(_ column: String) -> Int {
    switch column {
    case "Step Count", "Heart Rate [Min]", "Heart Rate [Max]", "Resting Heart Rate",
      "Apple Exercise Time", "Flights Climbed":
      0
    case "Walking + Running Distance": 3
    default: 2
    }
  }

  /// The value of a column for a bucket, rounded as written (nil: empty cell).
  static func value(_ column: String, _ bucket: AutoExportBucket) -> Double? {
    for metric in AutoExportMetric.all {
      for (name, read) in metric.columns where name == column {
        return read(bucket).map { RecordFactory.round($0, decimals(column)) }
      }
    }
    return nil
  }

  /// The sleep columns of a sleep day, in hours: Asleep, In Bed, Core, Deep, REM, Awake.
  static func sleep(_ nights: [AutoExportNight]) -> [Double] {
    var v = [Double](repeating: 0, count: 6)
    for n in nights {
      v[0] += n.asleep
      v[1] += n.inBed
      v[2] += n.core
      v[3] += n.deep
      v[4] += n.rem
      v[5] += n.awake
    }
    return v
  }

  /// Writes the daily file; returns its rows.
  func writeDaily(_ out: ByteWriter) throws -> Int {
    let zones = timeline.calendar.zones
    try out.append("Date")
    for c in AutoExportColumns.all {
      try out.append(byte: 0x2C)
      try out.append(string: c)
    }
    try out.append(" \n")
    let nightsByDay = Dictionary(grouping: data.nights, by: \.sleepDay)
    var rows = 0
    for b in data.buckets {
      try out.append(localDate: b.start, offset: zones.offset(at: b.start))
      let firstOfDay = b.start == zones.midnight(b.day)
      for c in AutoExportColumns.all {
        try out.append(byte: 0x2C)
        let name = Self.name(c)
        if name.hasPrefix("Sleep Analysis [") {
          guard firstOfDay, let nights = nightsByDay[b.day] else { continue }
          let values = Self.sleep(nights)
          let index = ["[Asleep]", "[In Bed]", "[Core]", "[Deep]", "[REM]", "[Awake]"]
            .firstIndex { name.hasSuffix($0) }!
          try out.append(string: "\(values[index])")
        } else if let v = Self.value(name, b) {
          try out.append(number: v, decimals: Self.decimals(name))
        }
      }
      try out.append(" \n")
      rows += 1
    }
    try out.flush()
    return rows
  }

  /// `Heart Rate [Min] (count/min)` → `Heart Rate [Min]`.
  static func name(_ column: String) -> String {
    guard let open = column.lastIndex(of: "(") else { return column }
    return String(column[..<open]).trimmingTrailingSpace
  }

  /// Writes the workouts file; returns its rows.
  func writeWorkouts(_ out: ByteWriter) throws -> Int {
    let zones = timeline.calendar.zones
    try out.append(string: AutoExportColumns.workouts)
    try out.append("\n")
    let items = data.workouts.sorted { $0.workout.span.start > $1.workout.span.start }
    for (plan, w) in items {
      try out.append(string: w.kind.autoExportName)
      try out.append(byte: 0x2C)
      try minutes(out, w.span.start, zones)
      try out.append(byte: 0x2C)
      try minutes(out, w.span.end, zones)
      try out.append(byte: 0x2C)
      let s = Int(w.activeSeconds)
      try out.append(twoDigits: s / 3600)
      try out.append(byte: 0x3A)
      try out.append(twoDigits: s / 60 % 60)
      try out.append(byte: 0x3A)
      try out.append(twoDigits: s % 60)
      let active = w.activeKcal
      let total = active + 1.08 * Double(w.activeSeconds) / 60
      let samples = data.heartRate(during: w, plan: plan).flatMap { $0.values }
      try out.append(byte: 0x2C)
      try out.append(number: RecordFactory.round(total, 2), decimals: 2)
      try out.append(byte: 0x2C)
      try out.append(number: RecordFactory.round(active, 2), decimals: 2)
      try out.append(byte: 0x2C)
      if let max = samples.max() { try out.append(number: max, decimals: 0) }
      try out.append(byte: 0x2C)
      if !samples.isEmpty {
        try out.append(
          number: RecordFactory.round(samples.reduce(0, +) / Double(samples.count), 2), decimals: 2)
      }
      try out.append(byte: 0x2C)
      let miles = w.distanceMetres / 1609.344
      if miles > 0 {
        try out.append(number: RecordFactory.round(miles, 2), decimals: 2)
        try out.append(byte: 0x2C)
        try out.append(
          number: RecordFactory.round(miles / (Double(w.activeSeconds) / 3600), 2), decimals: 2)
      } else {
        try out.append(byte: 0x2C)
      }
      try out.append(byte: 0x2C)
      if w.cadence > 0 {
        let steps = (w.cadence * Double(w.activeSeconds) / 60).rounded()
        try out.append(number: steps, decimals: 0)
        try out.append(byte: 0x2C)
        try out.append(number: RecordFactory.round(w.cadence / 60, 3), decimals: 3)
      } else {
        try out.append(byte: 0x2C)
      }
      try out.append(",,,,,\n")
    }
    try out.flush()
    return items.count
  }

  /// `yyyy-MM-dd HH:mm` local.
  private func minutes(_ out: ByteWriter, _ epoch: Int64, _ zones: ZoneSchedule) throws {
    let local = zones.local(epoch)
    let day = CivilFloor.div(local, 86_400)
    let secs = Int(local - Int64(day) * 86_400)
    try out.append(day: day)
    try out.append(byte: 0x20)
    try out.append(twoDigits: secs / 3600)
    try out.append(byte: 0x3A)
    try out.append(twoDigits: secs / 60 % 60)
  }
}

extension String {
  /// Without trailing spaces.
  var trimmingTrailingSpace: String {
    var s = self
    while s.hasSuffix(" ") { s.removeLast() }
    return s
  }
}
