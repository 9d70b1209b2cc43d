import Exports
import HealthCore
import HealthModel

/// One row of the ring's long CSV.
struct RingRow: Sendable {
  /// Start instant (or local midnight for daily values).
  var start: Int64
  /// End instant for intervals; nil for instants and daily values.
  var end: Int64?
  /// Whether `date` is a plain date (a daily value).
  var daily: Bool
  var metric: String
  var value: Double
  var decimals: Int
  var unit: String
  /// Rows written twice (the exporter's double write).
  var copies: Int = 1
}

/// The sleep ring's export in healthpipe's long CSV: per night its asleep stretches
/// (`sleep`, minutes, with `end`), HRV as RMSSD (`hrvRMSSD`: every five minutes asleep, or
/// one nightly average in the sample density) and the night's resting heart rate as a
/// daily value. The ring is a different device seeing the same nights as the watch.
struct RingExport {
  let timeline: SyntheticTimeline

  /// The ring's rows for the sleep days `ringFirst...appleLast`, in time order.
  func rows() -> [RingRow] {
    let calendar = timeline.calendar
    let zones = calendar.zones
    var rows: [RingRow] = []
    for day in calendar.ringFirst...calendar.appleLast {
      guard let plan = timeline.plan(day) else { continue }
      var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(day)), 40)
      let sleep = plan.sleep.sleep
      let start = (sleep.start + Int64(rng.normal(180, 180))) / 60 * 60
      let end = (sleep.end - Int64(rng.normal(120, 180))) / 60 * 60
      guard end > start + 3600, end <= calendar.exportEpoch else { continue }
      // Asleep stretches split by short awakenings.
      let pieces = rng.int(3...5)
      var cuts: [Int64] = (1..<pieces).map { _ in
        start + Int64(rng.uniform(0.1, 0.9) * Double(end - start)) / 60 * 60
      }
      cuts.sort()
      var chunks: [Span] = []
      var t = start
      for c in cuts where c > t + 600 {
        chunks.append(Span(start: t, end: c))
        t = c + Int64(rng.int(3...12)) * 60
      }
      if end > t + 300 { chunks.append(Span(start: t, end: end)) }
      for c in chunks {
        rows.append(
          RingRow(
            start: c.start, end: c.end, daily: false, metric: "sleep",
            value: Double(c.length / 60), decimals: 0, unit: "min"))
      }
      // HRV (RMSSD).
      let rmssd = plan.body.hrvRMSSD
      if timeline.options.density == .full {
        for c in chunks {
          var s = c.start
          while s + 300 <= c.end {
            let v = RecordFactory.round(rmssd * rng.normal(1, 0.12), 2)
            rows.append(
              RingRow(
                start: s, end: s + 300, daily: false, metric: "hrvRMSSD", value: max(5, v),
                decimals: 2, unit: "ms"))
            s += 300
          }
        }
      } else {
        rows.append(
          RingRow(
            start: start, end: end, daily: false, metric: "hrvRMSSD",
            value: RecordFactory.round(rmssd * rng.normal(1, 0.05), 2), decimals: 2, unit: "ms"))
      }
      // The night's resting heart rate, as a daily value on the wake day.
      rows.append(
        RingRow(
          start: zones.midnight(day), end: nil, daily: true, metric: "restingHeartRate",
          value: (plan.body.restingHeartRate - 2 + rng.normal(0, 1)).rounded(), decimals: 0,
          unit: "count/min", copies: rng.chance(1.0 / 40) ? 2 : 1))
    }
    // Time order; at equal times, longer intervals first.
    return rows.enumerated().sorted { a, b in
      a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset
    }.map(\.element)
  }

  /// Writes the CSV (CRLF line ends, RFC 4180 quoting); returns the rows written.
  func write(_ out: ByteWriter) throws -> Int {
    let zones = timeline.calendar.zones
    let source = CSVFormattingShim.field(PersonProfile.ringName)
    try out.append("date,metric,value,unit,source,end\r\n")
    var n = 0
    for row in rows() {
      for _ in 0..<row.copies {
        if row.daily {
          try out.append(day: zones.day(of: row.start))
        } else {
          try out.append(isoDate: row.start, offset: zones.offset(at: row.start))
        }
        try out.append(byte: 0x2C)
        try out.append(string: row.metric)
        try out.append(byte: 0x2C)
        try out.append(number: row.value, decimals: row.decimals)
        try out.append(byte: 0x2C)
        try out.append(string: row.unit)
        try out.append(byte: 0x2C)
        try out.append(string: source)
        try out.append(byte: 0x2C)
        if let end = row.end { try out.append(isoDate: end, offset: zones.offset(at: end)) }
        try out.append("\r\n")
        n += 1
      }
    }
    try out.flush()
    return n
  }
}

/// RFC 4180 quoting (HealthCore's `CSVFormatting`).
enum CSVFormattingShim {
  static func field(_ text: String) -> String { CSVFormatting.field(text) }
}
