import Foundation
import TestSupport
import Testing

/// Files for people (docs/interop.md): the CSV files healthpipe writes for people. Cells read
/// `14.399999999999999`, headers mixed `Walking Speed` with `walking_speed` and raw HealthKit
/// names, units were `count/min` and `ln(ms)`. Now: each metric's decimals, `name [unit]` headers
/// in snake case, units people know, metrics healthpipe does not know in `daily-other.csv`, and a
/// CSV on the Web sidecar per file. Checked with independent readers: Python's `csv`, and
/// `pandas` and `duckdb` when installed.
@Suite("Tidy CSV", .serialized)
struct TidyCSVEndToEndTests {
  /// A cell showing a Double's binary noise: 9 or more 9s, or 9 or more 0s and a last
  /// digit, after the decimal point (`14.399999999999999`, `0.9500000000000001`).
  static let noise = #"\.[0-9]*(9{9,}|0{9,}[1-9])"#

  /// Every CSV the nightly run of the sample data writes, and `export` of every table, by
  /// name.
  static func nightlyCSVs() throws -> (TemporaryDirectory, [String: String]) {
    let dir = try RunEndToEndTests.checkout()
    let run = try Healthpipe.run(
      ["run", "Pipelines/nightly.pipeline", "--as-of", "2026-11-15", "--quiet"], in: dir.path)
    #expect(run.code == 0, "\(run.stderr)")
    let work = dir.file(".healthpipe/nightly")
    var files: [String: String] = [:]
    for name in ["daily.csv", "daily-other.csv", "weekly.csv"] {
      files[name] = work + "/aggregate/" + name
    }
    for table in [
      "samples.hpt", "rejects-ingest.hpt", "clean.hpt", "rejects-clean.hpt",
      "aggregate/daily.hpt", "aggregate/baselines.hpt", "aggregate/scores.hpt",
      "aggregate/streaks.hpt", "aggregate/weekly.hpt",
    ] {
      for exact in [false, true] {
        let out = dir.file(
          "export-\(table.replacingOccurrences(of: "/", with: "-"))\(exact ? "-exact" : "").csv")
        let e = try Healthpipe.run(
          ["export", work + "/" + table, "--out", out] + (exact ? ["--exact"] : []))
        #expect(e.code == 0, "\(e.stderr)")
        files["export " + table + (exact ? " --exact" : "")] = out
      }
    }
    return (dir, files)
  }

  @Test(
    "no float noise in any CSV; --exact keeps round-trip digits (and shows noise)",
    .enabled(if: Python.path != nil, "needs python3"))
  func noFloatNoise() throws {
    let (dir, files) = try Self.nightlyCSVs()
    _ = dir
    let names = files.keys.sorted()
    let facts = try Python.object(
      """
      import csv, json, re, sys
      noise = re.compile(sys.argv[1])
      out = {}
      args = sys.argv[2:]
      for name, path in zip(args[0::2], args[1::2]):
          hits, cells, ragged = [], 0, 0
          with open(path, newline="", encoding="utf-8") as f:
              rows = list(csv.reader(f))
          for row in rows:
              if len(row) != len(rows[0]): ragged += 1
              for cell in row:
                  cells += 1
                  if noise.search(cell): hits.append(cell)
          out[name] = {"hits": hits[:3], "count": len(hits), "cells": cells, "ragged": ragged}
      print(json.dumps(out))
      """, [Self.noise] + names.flatMap { [$0, files[$0]!] })
    for name in names {
      let f = try #require(facts[name] as? [String: Any])
      #expect((f["cells"] as? Int ?? 0) > 0, "\(name) is empty")
      #expect(f["ragged"] as? Int == 0, "\(name): rows with another field count")
      if name.hasSuffix("--exact") { continue }
      #expect(f["count"] as? Int == 0, "\(name): \(f["hits"] ?? "")")
    }
    // The pattern is not idle: the exact export of the daily table shows the noise of sums
    // (a distance of 12.375855360000001 km), which the tidy export writes as 12.38.
    let exact = try #require(facts["export aggregate/daily.hpt --exact"] as? [String: Any])
    #expect((exact["count"] as? Int ?? 0) > 0)
  }

  @Test(
    "daily.csv: canonical names with [unit], values by hand, unknown types in daily-other.csv",
    .enabled(if: Python.path != nil, "needs python3"))
  func dailyFiles() throws {
    let dir = try SQLiteExportEndToEndTests.workFolder()
    let facts = try Python.object(
      """
      import csv, json, sys
      def rows(path):
          with open(path, newline="", encoding="utf-8") as f:
              return list(csv.reader(f))
      daily, other, weekly = rows(sys.argv[1]), rows(sys.argv[2]), rows(sys.argv[3])
      metas = [json.load(open(p + "-metadata.json")) for p in sys.argv[1:4]]
      monday = dict(zip(daily[0], [r for r in daily if r[0] == "2024-05-06"][0]))
      titles = [[c["titles"] for c in m["tableSchema"]["columns"]] for m in metas]
      print(json.dumps({"header": daily[0], "monday": monday, "other": other,
                        "weeklyHeader": weekly[0],
                        "titlesMatch": [t == r[0] for t, r in zip(titles, [daily, other, weekly])],
                        "contexts": [m["@context"] for m in metas], "urls": [m["url"] for m in metas],
                        "spo2": [c for c in metas[0]["tableSchema"]["columns"] if c["name"] == "spo2"][0],
                        "keys": [m["tableSchema"].get("primaryKey") for m in metas]}))
      """,
      ["daily.csv", "daily-other.csv", "weekly.csv"].map { dir.file("work/aggregate/" + $0) })
    let header = try #require(facts["header"] as? [String])
    #expect(header.first == "date")
    for expected in [
      "steps [count]", "heart_rate [bpm]", "heart_rate_min [bpm]", "heart_rate_max [bpm]",
      "hrv_sdnn [ms]", "hrv_ln_sdnn [ln ms]", "spo2 [%]",
    ] {
      #expect(header.contains(expected), "\(expected) in \(header)")
    }
    // Only healthpipe's own names: no raw type, no unit in parentheses.
    #expect(!header.contains { $0.contains("Walking") || $0.contains("(") })
    let monday = try #require(facts["monday"] as? [String: String])
    // Worked out by hand (SQLiteExportEndToEndTests.long): 6000.5 steps written whole,
    // (95 + 96 + 97) / 3 = 96 %, (60 + 61 + 62.5) / 3 = 61.17 bpm, mean ln of 40 and 50 ms.
    #expect(monday["steps [count]"] == "6001")
    #expect(monday["spo2 [%]"] == "96.0")
    #expect(monday["heart_rate [bpm]"] == "61.2")
    #expect(monday["heart_rate_max [bpm]"] == "62.5")
    #expect(monday["hrv_sdnn [ms]"] == "45.0")
    #expect(monday["hrv_ln_sdnn [ln ms]"] == "3.8005")
    let other = try #require(facts["other"] as? [[String]])
    #expect(
      other == [
        ["date", "metric", "category", "value", "min", "max", "n", "unit"],
        ["2024-05-06", "Walking Speed", "", "3.1", "3.1", "3.1", "1", "mi/hr"],
      ])
    let weeklyHeader = facts["weeklyHeader"] as? [String]
    #expect(weeklyHeader?.prefix(4) == ["week", "weekStart", "metric", "category"])
    #expect(facts["titlesMatch"] as? [Bool] == [true, true, true])
    #expect(
      facts["contexts"] as? [String] == Array(repeating: "http://www.w3.org/ns/csvw", count: 3))
    #expect(facts["urls"] as? [String] == ["daily.csv", "daily-other.csv", "weekly.csv"])
    let spo2 = try #require(facts["spo2"] as? [String: Any])
    #expect(spo2["schema:unitText"] as? String == "%")
    #expect(spo2["datatype"] as? String == "decimal")
    #expect((spo2["dc:description"] as? String)?.contains("percent") == true)
    #expect((facts["keys"] as? [Any])?.first as? [String] == ["date"])
  }

  @Test(
    "export CSV: units people know and each metric's decimals; --exact as stored",
    .enabled(if: Python.path != nil, "needs python3"))
  func exportUnits() throws {
    let dir = try SQLiteExportEndToEndTests.workFolder()
    func rows(_ arguments: [String]) throws -> [[String]] {
      let r = try Healthpipe.run(arguments, in: dir.path)
      #expect(r.code == 0, "\(r.stderr)")
      return CSVRecords.parse(r.stdout).map(\.fields).filter { $0.count == 9 }
    }
    let tidy = try rows(["export", "work/aggregate/daily.hpt"])
    let exact = try rows(["export", "work/aggregate/daily.hpt", "--exact"])
    // Columns: day,metric,category,value,min,max,n,unit,source.
    let spo2 = try #require(tidy.first { $0[1] == "spo2" })
    #expect(spo2[3] == "96.0" && spo2[4] == "95.0" && spo2[5] == "97.0" && spo2[7] == "%")
    let exactSpO2 = try #require(exact.first { $0[1] == "spo2" })
    // As stored: a fraction, with every digit of the Double 95 % became.
    #expect(exactSpO2[7] == "fraction")
    #expect(abs((Double(exactSpO2[4]) ?? 0) - 0.95) < 1e-15)
    #expect(tidy.first { $0[1] == "heartRate" }?[7] == "bpm")
    #expect(exact.first { $0[1] == "heartRate" }?[7] == "count/min")
    #expect(tidy.first { $0[1] == "hrvLnSDNN" }?[7] == "ln ms")
    #expect(tidy.first { $0[1] == "Walking Speed" }?[3] == "3.1")
  }

  @Test(
    "pandas reads daily.csv with its units and numbers",
    .enabled(
      if: Python.hasModule("pandas"),
      "pandas is not installed (pip install pandas; .ci/run installs it)"))
  func pandas() throws {
    let dir = try SQLiteExportEndToEndTests.workFolder()
    let facts = try Python.object(
      """
      import json, sys
      import pandas as pd
      df = pd.read_csv(sys.argv[1], parse_dates=["date"])
      other = pd.read_csv(sys.argv[2])
      monday = df[df["date"] == "2024-05-06"].iloc[0]
      print(json.dumps({"rows": len(df), "steps": int(monday["steps [count]"]),
                        "spo2": float(monday["spo2 [%]"]), "ln": float(monday["hrv_ln_sdnn [ln ms]"]),
                        "dtype": str(df["heart_rate [bpm]"].dtype), "date": str(df["date"].dtype),
                        "other": other["metric"].tolist()}))
      """, [dir.file("work/aggregate/daily.csv"), dir.file("work/aggregate/daily-other.csv")])
    #expect(facts["rows"] as? Int == 2)
    #expect(facts["steps"] as? Int == 6001)
    #expect(facts["spo2"] as? Double == 96.0)
    #expect(facts["ln"] as? Double == 3.8005)
    #expect(facts["dtype"] as? String == "float64")
    #expect(facts["date"] as? String == "datetime64[ns]")
    #expect(facts["other"] as? [String] == ["Walking Speed"])
  }

  @Test(
    "DuckDB reads daily.csv and the export CSV with typed columns",
    .enabled(
      if: Python.hasModule("duckdb"),
      "duckdb is not installed (pip install duckdb; .ci/run installs it)"))
  func duckdb() throws {
    let dir = try SQLiteExportEndToEndTests.workFolder()
    let export = try Healthpipe.run(
      ["export", "work/aggregate/daily.hpt", "--out", "daily-long.csv"], in: dir.path)
    #expect(export.code == 0)
    let facts = try Python.object(
      """
      import json, sys
      import duckdb
      con = duckdb.connect()
      wide = con.execute(f"SELECT count(*), max(\\"steps [count]\\"), max(\\"spo2 [%]\\") FROM read_csv_auto('{sys.argv[1]}')").fetchone()
      types = dict(con.execute(f"SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_csv_auto('{sys.argv[1]}'))").fetchall())
      longrow = con.execute(f"SELECT value, unit FROM read_csv_auto('{sys.argv[2]}') WHERE metric = 'heartRate'").fetchone()
      print(json.dumps({"rows": wide[0], "steps": wide[1], "spo2": wide[2], "date": types["date"],
                        "hr": types["heart_rate [bpm]"], "long": [longrow[0], longrow[1]]}))
      """, [dir.file("work/aggregate/daily.csv"), dir.file("daily-long.csv")])
    #expect(facts["rows"] as? Int == 2)
    #expect(facts["steps"] as? Int == 6001)
    #expect(facts["spo2"] as? Double == 96.0)
    #expect(facts["date"] as? String == "DATE")
    #expect(facts["hr"] as? String == "DOUBLE")
    let long = facts["long"] as? [Any]
    #expect(long?.first as? Double == 61.2)
    #expect(long?.last as? String == "bpm")
  }
}
