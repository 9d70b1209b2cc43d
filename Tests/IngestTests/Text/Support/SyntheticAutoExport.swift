import Foundation
import HealthCore

/// Deterministic generators of large Health Auto Export JSON, daily CSV and long CSV files,
/// shaped like the real ones (pretty-printed JSON with `\/` and keys in varying order, a
/// metric whose `data` comes before its `name`, sources with U+00A0 and `|` lists, sleep
/// nights, v2 workouts with heart-rate arrays; a CSV with over a hundred columns, most of them
/// empty, and trailing spaces), for throughput measurements.
enum SyntheticAutoExport {
  /// Appends text to a file in large writes.
  final class Writer {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private(set) var written = 0

    init(path: String) throws {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      buffer.reserveCapacity(1 << 20)
    }

    func write(_ text: String) throws {
      buffer.append(contentsOf: text.utf8)
      written += text.utf8.count
      if buffer.count >= 1 << 20 { try flush() }
    }

    func flush() throws {
      try handle.write(contentsOf: buffer)
      buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
      try flush()
      try handle.close()
    }
  }

  static func stamp(_ epoch: Int64, offset: Int32) -> String {
    TimestampParser.format(epochSeconds: epoch, utcOffset: offset)
  }

  /// A JSON export of about `bytes` bytes.
  static func writeJSON(path: String, bytes target: Int) throws {
    let w = try Writer(path: path)
    let offset: Int32 = -5 * 3600
    let start: Int64 = 1_672_549_200  // 2023-01-01 00:00 -05:00
    let watch = "Jane’s Apple\\u00A0Watch"
    let both = "Jane’s Apple\\u00A0Watch|Jane’s iPhone"
    try w.write("{\n  \"data\" : {\n    \"metrics\" : [\n")
    // Minute-level metrics take most of the bytes; each gets a share.
    let metrics: [(name: String, units: String)] = [
      ("heart_rate", "count\\/min"), ("step_count", "count"), ("active_energy", "kcal"),
      ("heart_rate_variability", "ms"), ("blood_oxygen_saturation", "%"),
      ("respiratory_rate", "count\\/min"),
    ]
    let share = target * 9 / 10 / metrics.count
    for (m, metric) in metrics.enumerated() {
      let dataFirst = m % 2 == 1  // the reader must come back to these
      try w.write("      {\n")
      if !dataFirst {
        try w.write(
          "        \"name\" : \"\(metric.name)\",\n        \"units\" : \"\(metric.units)\",\n")
      }
      try w.write("        \"data\" : [\n")
      let begin = w.written
      var i: Int64 = 0
      while w.written - begin < share {
        let t = start + i * 60
        let date = stamp(t, offset: offset)
        let v = 60 + Double((i * 7_919) % 400) / 10
        let sep = i == 0 ? "" : ",\n"
        if metric.name == "heart_rate" {
          try w.write(
            "\(sep)          {\n            \"Max\" : \(v + 12.5),\n            \"date\" : \"\(date)\",\n            \"Avg\" : \(v + 0.123456789012345),\n            \"source\" : \"\(both)\",\n            \"Min\" : \(v - 9)\n          }"
          )
        } else if i % 3 == 0 {
          try w.write(
            "\(sep)          {\n            \"qty\" : \(v),\n            \"source\" : \"\(watch)\",\n            \"date\" : \"\(date)\"\n          }"
          )
        } else {
          try w.write(
            "\(sep)          {\n            \"date\" : \"\(date)\",\n            \"qty\" : \(v / 3),\n            \"source\" : \"\(watch)\"\n          }"
          )
        }
        i += 1
      }
      try w.write("\n        ]")
      if dataFirst {
        try w.write(
          ",\n        \"units\" : \"\(metric.units)\",\n        \"name\" : \"\(metric.name)\"")
      }
      try w.write("\n      },\n")
    }
    // Sleep nights.
    try w.write(
      "      {\n        \"name\" : \"sleep_analysis\",\n        \"units\" : \"hr\",\n        \"data\" : [\n"
    )
    let sleepBegin = w.written
    var night: Int64 = 0
    while w.written - sleepBegin < target / 20 {
      let s = start + night * 86_400 + 23 * 3600
      let e = s + 7 * 3600 + 1234
      try w.write(
        (night == 0 ? "" : ",\n")
          + "          {\n            \"sleepStart\" : \"\(stamp(s, offset: offset))\",\n            \"core\" : 4.916666666666666,\n            \"deep\" : 0.7833333333333333,\n            \"rem\" : 1.6416666666666666,\n            \"awake\" : 0.15833333333333333,\n            \"asleep\" : 0,\n            \"inBed\" : 7.812680434452163,\n            \"inBedStart\" : \"\(stamp(s - 600, offset: offset))\",\n            \"inBedEnd\" : \"\(stamp(e, offset: offset))\",\n            \"sleepEnd\" : \"\(stamp(e, offset: offset))\",\n            \"date\" : \"\(stamp(e, offset: offset))\",\n            \"source\" : \"\(both)\"\n          }"
      )
      night += 1
    }
    try w.write("\n        ]\n      }\n    ],\n    \"workouts\" : [\n")
    var k: Int64 = 0
    while w.written < target {
      let s = start + k * 86_400 + 17 * 3600
      var hr = ""
      for j in 0..<30 {
        hr +=
          (j == 0 ? "" : ",")
          + "\n          {\"date\" : \"\(stamp(s + Int64(j) * 60, offset: offset))\", \"Avg\" : \(120 + j), \"units\" : \"count\\/min\"}"
      }
      try w.write(
        (k == 0 ? "" : ",\n")
          + "      {\n        \"name\" : \"Outdoor Run\",\n        \"start\" : \"\(stamp(s, offset: offset))\",\n        \"end\" : \"\(stamp(s + 1900, offset: offset))\",\n        \"duration\" : 1800,\n        \"activeEnergyBurned\" : {\"qty\" : 350.5, \"units\" : \"kcal\"},\n        \"distance\" : {\"units\" : \"km\", \"qty\" : 5.02},\n        \"heartRateData\" : [\(hr)\n        ]\n      }"
      )
      k += 1
    }
    try w.write("\n    ]\n  }\n}\n")
    try w.close()
  }

  /// The daily metrics CSV header: 113 columns like the app's, in its style.
  static let csvColumns: [String] = {
    var names = [
      "Active Energy (kcal)", "Apple Exercise Time (min)", "Apple Stand Hour (count)",
      "Apple Stand Time (min)", "Basal Energy Burned (kcal)", "Blood Oxygen Saturation (%)",
      "Flights Climbed (count)", "Heart Rate [Min] (count/min)", "Heart Rate [Max] (count/min)",
      "Heart Rate [Avg] (count/min)", "Heart Rate Variability (ms)",
      "Respiratory Rate (count/min)", "Resting Heart Rate (count/min)",
      "Sleep Analysis [Asleep] (hr)", "Sleep Analysis [In Bed] (hr)",
      "Sleep Analysis [Core] (hr)", "Sleep Analysis [Deep] (hr)", "Sleep Analysis [REM] (hr)",
      "Sleep Analysis [Awake] (hr)", "Step Count (count)", "VO2 Max (ml/(kg·min))",
      "Walking + Running Distance (mi)", "Walking Heart Rate Average (count/min)",
      "Weight & Body Mass (lb)", "Stair Speed: Down (ft/s)", "Walking Speed (mi/hr)",
    ]
    var n = 0
    while names.count < 112 {
      names.append("Nutrient \(n) (mg)")
      n += 1
    }
    return ["Date"] + names
  }()

  /// A daily metrics CSV of about `bytes` bytes (one row per day, 30 filled columns).
  static func writeDailyCSV(path: String, bytes target: Int) throws {
    let w = try Writer(path: path)
    try w.write(csvColumns.joined(separator: ",") + " \n")
    var day = 0
    while w.written < target {
      var cells = [String](repeating: "", count: csvColumns.count)
      cells[0] = "\(LocalDay(dayNumber: Int32(day - 20_000))) 00:00:00"
      for c in 1...26 {
        // Like the real file: mostly short decimals, one value in twenty at full precision.
        let k = day * 31 + c * 17
        let v = (k % 20 == 0) ? Double(k % 1000) / 7 : Double(k % 100_000) / 100
        cells[c] = c == 14 ? "0" : "\(v)"
      }
      for c in 27..<31 { cells[c] = "\(day % 97)" }
      try w.write(cells.joined(separator: ",") + " \n")
      day += 1
    }
    try w.close()
  }

  /// A long CSV of about `bytes` bytes.
  static func writeLongCSV(path: String, bytes target: Int) throws {
    let w = try Writer(path: path)
    try w.write("date,metric,value,unit,source\r\n")
    let metrics = ["hrvRMSSD,", "heartRate,", "steps,", "readinessScore,"]
    let units = ["ms", "count/min", "count", ""]
    var i: Int64 = 0
    let start: Int64 = 1_672_549_200
    while w.written < target {
      let k = Int(i % 4)
      let t = TimestampParser.formatISO(epochSeconds: start + i * 300, utcOffset: -18_000)
      let source = i % 5 == 0 ? "\"Oura, Gen 3\"" : "Garmin Forerunner"
      try w.write(
        "\(t),\(metrics[k])\(Double((i * 7_919) % 10_000) / 100),\(units[k]),\(source)\r\n")
      i += 1
    }
    try w.close()
  }
}
