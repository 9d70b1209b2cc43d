import Foundation
import TestSupport
import Testing

/// Files for people (docs/interop.md): `healthpipe export WORK --format sqlite --out health.sqlite`
/// and a pipeline's `[export] sqlite`. The database is read back with Python's `sqlite3` (an
/// independent reader) and compared with what `healthpipe export` prints for the same tables, with
/// values worked out by hand from a small long CSV, and served by Datasette when it is
/// installed.
@Suite("export --format sqlite", .serialized)
struct SQLiteExportEndToEndTests {
  /// Steps 1000 + 2000 + 3000.5, SpO2 95/96/97 %, heart rate 60/61/62.5, HRV 40 and 50 ms
  /// on Mon 6 May 2024 (UTC), and a type healthpipe does not know.
  static let long = """
    date,metric,value,unit,source,end
    2024-05-06T08:00:00+00:00,steps,1000,count,phone,2024-05-06T08:10:00+00:00
    2024-05-06T09:00:00+00:00,steps,2000,count,phone,2024-05-06T09:10:00+00:00
    2024-05-06T10:00:00+00:00,steps,3000.5,count,phone,2024-05-06T10:10:00+00:00
    2024-05-06T07:00:00+00:00,spo2,95,%,ring,
    2024-05-06T07:10:00+00:00,spo2,96,%,ring,
    2024-05-06T07:20:00+00:00,spo2,97,%,ring,
    2024-05-06T06:00:00+00:00,heartRate,60,count/min,ring,
    2024-05-06T06:01:00+00:00,heartRate,61,count/min,ring,
    2024-05-06T06:02:00+00:00,heartRate,62.5,count/min,ring,
    2024-05-06T05:00:00+00:00,hrvSDNN,40,ms,ring,
    2024-05-06T05:05:00+00:00,hrvSDNN,50,ms,ring,
    2024-05-06T12:00:00+00:00,Walking Speed,3.1,mi/hr,ring,

    """

  /// Ingest, clean and aggregate the long CSV into `work/` of a fresh folder.
  static func workFolder() throws -> TemporaryDirectory {
    let dir = TemporaryDirectory("sqlite")
    try long.write(toFile: dir.file("l.csv"), atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: dir.file("work"), withIntermediateDirectories: true)
    for arguments in [
      ["ingest", "l.csv", "--out", "work/samples.hpt", "--timezone", "UTC"],
      ["clean", "work/samples.hpt", "--out", "work/clean.hpt"],
      [
        "aggregate", "work/clean.hpt", "--out", "work/aggregate", "--as-of", "2024-05-07",
        "--rejects", "work/rejects-ingest.hpt", "--rejects", "work/rejects-clean.hpt",
      ],
    ] {
      let r = try Healthpipe.run(arguments, in: dir.path)
      #expect(r.code == 0, "\(arguments[0]): \(r.stderr)")
    }
    return dir
  }

  /// Python: the tables and row counts of a database, a table's rows as dictionaries, and
  /// its schema, as JSON.
  static let inspect = """
    import json, sqlite3, sys
    db = sqlite3.connect(sys.argv[1])
    db.row_factory = sqlite3.Row
    out = {"tables": {}, "rows": {}}
    for (name, kind) in db.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name"):
        out["tables"][name] = kind
        out["rows"][name] = db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
    out["daily"] = [dict(r) for r in db.execute("SELECT * FROM daily ORDER BY day, metric, category")]
    out["wide"] = [dict(r) for r in db.execute("SELECT * FROM daily_wide ORDER BY day")]
    out["samples"] = [dict(r) for r in db.execute("SELECT s.*, d.device AS device_text FROM samples s JOIN devices d ON d.id = s.device_id ORDER BY s.id")]
    out["indexes"] = sorted(r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'"))
    out["pk"] = {t: [r[1] for r in sorted(db.execute(f'PRAGMA table_info("{t}")'), key=lambda r: r[5]) if r[5]] for t in ["daily", "baselines", "scores", "streaks", "weekly"]}
    out["types"] = {r[1]: r[2] for r in db.execute('PRAGMA table_info("samples")')}
    out["metadata"] = {r[0]: r[1] for r in db.execute("SELECT key, value FROM metadata")}
    out["metrics"] = {r[0]: [r[1], r[2], r[3]] for r in db.execute("SELECT metric, known, column_name, unit FROM metadata_metrics")}
    out["undescribed"] = [list(r) for r in db.execute("SELECT table_name, column_name FROM metadata_columns WHERE description = ''")]
    out["columns"] = db.execute("SELECT count(*) FROM metadata_columns").fetchone()[0]
    out["inputs"] = [list(r) for r in db.execute("SELECT table_name, path, crc32 FROM metadata_inputs WHERE table_name = 'samples'")]
    out["integrity"] = db.execute("PRAGMA integrity_check").fetchone()[0]
    out["journal"] = db.execute("PRAGMA journal_mode").fetchone()[0]
    print(json.dumps(out))
    """

  @Test(
    "every table, typed and keyed, with values worked out by hand",
    .enabled(if: Python.path != nil, "needs python3"))
  func handWorkedValues() throws {
    let dir = try Self.workFolder()
    let r = try Healthpipe.run(
      ["export", "work", "--format", "sqlite", "--out", "out/health.sqlite"], in: dir.path)
    #expect(r.code == 73, "the out folder does not exist yet: \(r.stderr)")
    try FileManager.default.createDirectory(
      atPath: dir.file("out"), withIntermediateDirectories: true)
    let ok = try Healthpipe.run(
      ["export", "work", "--format", "sqlite", "--out", "out/health.sqlite"], in: dir.path)
    #expect(ok.code == 0, "\(ok.stderr)")
    #expect(ok.stderr.contains("datasette out/health.sqlite -m out/health.metadata.json"))
    let db = try Python.object(Self.inspect, [dir.file("out/health.sqlite")])

    let tables = try #require(db["tables"] as? [String: String])
    for name in [
      "samples", "rejects_ingest", "clean_samples", "rejects_clean", "daily", "baselines",
      "scores", "streaks", "weekly", "devices", "metadata", "metadata_tables",
      "metadata_columns", "metadata_metrics", "metadata_inputs",
    ] {
      #expect(tables[name] == "table", "\(name)")
    }
    #expect(tables["daily_wide"] == "view")
    let rows = try #require(db["rows"] as? [String: Int])
    // 12 records read, all kept by ingest and by clean.
    #expect(rows["samples"] == 12)
    #expect(rows["clean_samples"] == 12)
    #expect(rows["devices"] == 1)  // the long CSV has no device text: one "" row
    // One row per day with a daily value: Monday (daily.csv also has an empty Tuesday, the
    // as-of day, because it covers the analysis range).
    #expect(rows["daily_wide"] == 1)

    // Monday: steps 1000 + 2000 + 3000.5 = 6000.5, written whole (half away from zero).
    let wide = try #require(db["wide"] as? [[String: Any]])
    let monday = try #require(wide.first { $0["day"] as? String == "2024-05-06" })
    #expect(monday["steps"] as? Int == 6001)
    // SpO2 (95 + 96 + 97) / 3 % = 96.0 %, stored as the fraction 0.96.
    #expect(monday["spo2"] as? Double == 96.0)
    // Heart rate (60 + 61 + 62.5) / 3 = 61.1666… → 61.2 bpm; min 60, max 62.5.
    #expect(monday["heart_rate"] as? Double == 61.2)
    #expect(monday["heart_rate_min"] as? Double == 60.0)
    #expect(monday["heart_rate_max"] as? Double == 62.5)
    // ln SDNN: (ln 40 + ln 50) / 2 = (3.68888 + 3.91202) / 2 = 3.80045 → 3.8005.
    #expect(monday["hrv_ln_sdnn"] as? Double == 3.8005)
    #expect(monday["hrv_sdnn"] as? Double == 45.0)
    // A type healthpipe does not know is no column of the view, only a row of daily.
    #expect(monday["walking_speed"] == nil && monday["Walking Speed"] == nil)

    let daily = try #require(db["daily"] as? [[String: Any]])
    func value(_ metric: String) -> Double? {
      daily.first { $0["day"] as? String == "2024-05-06" && $0["metric"] as? String == metric }?[
        "value"] as? Double
    }
    #expect(value("steps") == 6000.5)  // the table itself keeps every digit
    #expect(abs((value("spo2") ?? 0) - 0.96) < 1e-12)
    #expect(value("Walking Speed") == 3.1)
    let metrics = try #require(db["metrics"] as? [String: [Any]])
    #expect(metrics["Walking Speed"]?[0] as? Int == 0)
    // [known, column name, unit]
    #expect(metrics["Walking Speed"]?[2] as? String == "mi/hr")
    #expect(metrics["restingHeartRate"]?[1] as? String == "resting_heart_rate")
    #expect(metrics["restingHeartRate"]?[2] as? String == "bpm")

    // Samples: ISO 8601 local times with the offset, the local day, 0/1 flags, devices by id.
    let samples = try #require(db["samples"] as? [[String: Any]])
    let first = try #require(samples.first)
    #expect(first["id"] as? Int == 1)
    #expect(first["start"] as? String == "2024-05-06T08:00:00Z")
    #expect(first["end"] as? String == "2024-05-06T08:10:00Z")
    #expect(first["day"] as? String == "2024-05-06")
    #expect(first["user_entered"] as? Int == 0)
    #expect(first["device_text"] as? String == "")
    let types = try #require(db["types"] as? [String: String])
    #expect(
      types["value"] == "REAL" && types["utc_offset"] == "INTEGER" && types["start"] == "TEXT")

    let indexes = try #require(db["indexes"] as? [String])
    for expected in [
      "samples_metric_day", "samples_day_metric", "clean_samples_metric_day",
      "clean_samples_day_metric", "daily_metric_day", "baselines_metric_day",
    ] {
      #expect(indexes.contains(expected), "\(expected) in \(indexes)")
    }
    let pk = try #require(db["pk"] as? [String: [String]])
    #expect(pk["daily"] == ["day", "metric", "category"])
    #expect(pk["baselines"] == ["day", "metric"])
    #expect(pk["scores"] == ["day"])
    #expect(pk["streaks"] == ["goal", "cadence"])
    #expect(pk["weekly"] == ["week", "metric", "category"])

    let metadata = try #require(db["metadata"] as? [String: String])
    #expect(metadata["aggregate.asOf"] == "2024-05-07")
    #expect(metadata["source"] == "work")
    #expect(metadata["healthpipe"]?.hasPrefix("healthpipe ") == true)
    #expect((db["undescribed"] as? [Any])?.isEmpty == true, "\(db["undescribed"] ?? "")")
    let inputs = try #require(db["inputs"] as? [[String]])
    #expect(inputs.first?[1] == "l.csv")
    #expect(inputs.first?[2].count == 8)  // CRC-32, 8 hex digits
    #expect(db["integrity"] as? String == "ok")
    #expect(db["journal"] as? String == "delete")
  }

  @Test(
    "row counts match every table's export; daily values match export --exact and daily.csv",
    .enabled(if: Python.path != nil, "needs python3"))
  func nightlyWorkFolder() throws {
    let dir = try RunEndToEndTests.checkout()
    let run = try Healthpipe.run(
      ["run", "Pipelines/nightly.pipeline", "--as-of", "2026-11-15"], in: dir.path)
    #expect(run.code == 0, "\(run.stderr)")
    // The pipeline names its files by their real paths.
    let root = (dir.path as NSString).resolvingSymlinksInPath
    #expect(run.stderr.contains("database: \(root)/Reports/latest/health.sqlite"))
    let work = root + "/.healthpipe/nightly"
    // The same export by hand, from the work folder, is the same database byte for byte
    // (the folder named alike: `metadata.source` records it).
    let byHand = try Healthpipe.run(
      ["export", work, "--format", "sqlite", "--out", dir.file("by-hand.sqlite"), "--quiet"])
    #expect(byHand.code == 0, "\(byHand.stderr)")
    #expect(byHand.stderr.isEmpty)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: dir.file("by-hand.sqlite")))
        == Data(contentsOf: URL(fileURLWithPath: dir.file("Reports/latest/health.sqlite"))))

    var exports: [String] = []
    let tables = [
      ("samples", "samples.hpt"), ("rejects_ingest", "rejects-ingest.hpt"),
      ("clean_samples", "clean.hpt"), ("rejects_clean", "rejects-clean.hpt"),
      ("daily", "aggregate/daily.hpt"), ("baselines", "aggregate/baselines.hpt"),
      ("scores", "aggregate/scores.hpt"), ("streaks", "aggregate/streaks.hpt"),
      ("weekly", "aggregate/weekly.hpt"),
    ]
    for (name, file) in tables {
      let out = dir.file("\(name).csv")
      let e = try Healthpipe.run(["export", work + "/" + file, "--exact", "--out", out])
      #expect(e.code == 0, "\(e.stderr)")
      exports += [name, out]
    }
    let facts = try Python.object(
      """
      import csv, json, math, sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      args = sys.argv[3:]
      counts = {}
      for name, path in zip(args[0::2], args[1::2]):
          with open(path, newline="") as f:
              n = sum(1 for _ in csv.reader(f)) - 1
          counts[name] = [n, db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]]
      # daily values: the exact CSV's text parses to the very Double the database holds.
      with open(args[args.index("daily") + 1], newline="") as f:
          exact = list(csv.DictReader(f))
      mismatched = []
      for row in exact:
          got = db.execute("SELECT value FROM daily WHERE day = ? AND metric = ? AND category = ?",
                           (row["day"], row["metric"], row["category"])).fetchone()
          if got is None or got[0] != float(row["value"]):
              mismatched.append([row["day"], row["metric"], row["category"], row["value"], got])
      # daily_wide against daily.csv, cell by cell, on the days both have.
      wide = {r[0]: r for r in db.execute("SELECT * FROM daily_wide")}
      names = [d[0] for d in db.execute("SELECT * FROM daily_wide LIMIT 1").description]
      with open(sys.argv[2], newline="") as f:
          reader = csv.reader(f)
          header = next(reader)
          lines = list(reader)
      cells, off, columns = 0, [], [h.split(" [")[0] for h in header]
      for line in lines:
          row = wide.get(line[0])
          if row is None:
              continue
          for name, text in zip(columns[1:], line[1:]):
              value = row[names.index(name)]
              if text == "":
                  if value is not None: off.append([line[0], name, text, value])
                  continue
              cells += 1
              # SQLite's round() and healthpipe's decimal rounding agree on every cell, also
              # on sums stored a hair below a half (128.74999999999997 min is 128.8).
              if value is None or float(text) != value:
                  off.append([line[0], name, text, value])
      print(json.dumps({"counts": counts, "mismatched": mismatched[:5], "checked": len(exact),
                        "cells": cells, "off": off[:5], "columnsMatch": columns[1:] == names[1:]}))
      """,
      [
        dir.file("Reports/latest/health.sqlite"), work + "/aggregate/daily.csv",
      ] + exports)
    let counts = try #require(facts["counts"] as? [String: [Int]])
    #expect(counts.count == 9)
    for (name, pair) in counts {
      #expect(pair[0] == pair[1], "\(name): \(pair[0]) rows in the export, \(pair[1]) in SQLite")
    }
    #expect((counts["samples"]?[0] ?? 0) > 10_000)
    #expect((facts["checked"] as? Int ?? 0) > 10_000)
    #expect((facts["mismatched"] as? [Any])?.isEmpty == true, "\(facts["mismatched"] ?? "")")
    #expect((facts["cells"] as? Int ?? 0) > 10_000)
    #expect((facts["off"] as? [Any])?.isEmpty == true, "\(String(describing: facts["off"]))")
    #expect(facts["columnsMatch"] as? Bool == true)
  }

  @Test("the same tables give the same bytes; a failed export leaves the old database")
  func deterministicAndAtomic() throws {
    let dir = try Self.workFolder()
    let args = ["export", "work", "--format", "sqlite", "--out", "h.sqlite", "--quiet"]
    #expect(try Healthpipe.run(args, in: dir.path).code == 0)
    let first = try Data(contentsOf: URL(fileURLWithPath: dir.file("h.sqlite")))
    let meta = try Data(contentsOf: URL(fileURLWithPath: dir.file("h.metadata.json")))
    #expect(try Healthpipe.run(args, in: dir.path).code == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("h.sqlite"))) == first)
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("h.metadata.json"))) == meta)

    // Cut the weekly table short: exit 65 naming it, and the database of the last good run
    // stays, with no temporary file beside it.
    let weekly = dir.file("work/aggregate/weekly.hpt")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: weekly))
    try bytes.prefix(bytes.count - 20).write(to: URL(fileURLWithPath: weekly))
    let broken = try Healthpipe.run(args, in: dir.path)
    #expect(broken.code == 65)
    #expect(broken.stderr.contains("weekly.hpt"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("h.sqlite"))) == first)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter { $0.hasPrefix(".h.sqlite") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  @Test("usage: sqlite needs --out; two tables of a kind, no tables, CSV-only flags")
  func usage() throws {
    let dir = try Self.workFolder()
    let noOut = try Healthpipe.run(["export", "work", "--format", "sqlite"], in: dir.path)
    #expect(noOut.code == 64)
    #expect(noOut.stderr.contains("--out"))
    let raw = try Healthpipe.run(
      ["export", "work", "--format", "sqlite", "--out", "h.sqlite", "--exact"], in: dir.path)
    #expect(raw.code == 64)
    try FileManager.default.copyItem(
      atPath: dir.file("work/samples.hpt"), toPath: dir.file("work/aggregate/old-samples.hpt"))
    let two = try Healthpipe.run(
      ["export", "work", "--format", "sqlite", "--out", "h.sqlite"], in: dir.path)
    #expect(two.code == 64)
    #expect(two.stderr.contains("would be the database's samples table"))
    try FileManager.default.createDirectory(
      atPath: dir.file("empty"), withIntermediateDirectories: true)
    let none = try Healthpipe.run(
      ["export", "empty", "--format", "sqlite", "--out", "h.sqlite"], in: dir.path)
    #expect(none.code == 66)
    // One table file makes a database of that table.
    let one = try Healthpipe.run(
      ["export", "work/aggregate/daily.hpt", "--format", "sqlite", "--out", "d.sqlite"],
      in: dir.path)
    #expect(one.code == 0, "\(one.stderr)")
  }

  @Test(
    "Datasette serves the database on loopback: a table page and a JSON query",
    .enabled(
      if: Python.hasModule("datasette"),
      "datasette is not installed (pip install datasette==0.65.5; .ci/run installs it)"))
  func datasette() throws {
    let dir = try Self.workFolder()
    let r = try Healthpipe.run(
      ["export", "work", "--format", "sqlite", "--out", "health.sqlite"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let served = try Python.object(
      """
      import json, socket, subprocess, sys, time, urllib.request
      s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
      server = subprocess.Popen([sys.executable, "-m", "datasette", "serve", sys.argv[1], "-m", sys.argv[2],
                                 "-h", "127.0.0.1", "-p", str(port)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
      base = f"http://127.0.0.1:{port}"
      def get(path):
          with urllib.request.urlopen(base + path, timeout=10) as r:
              return r.status, r.read().decode()
      try:
          deadline = time.time() + 60
          while True:
              try:
                  get("/-/versions.json"); break
              except Exception:
                  if time.time() > deadline or server.poll() is not None:
                      raise SystemExit("datasette did not start: " + server.stderr.read().decode()[-2000:])
                  time.sleep(0.2)
          status, page = get("/health/daily_wide")
          qstatus, body = get("/health.json?sql=select+count(*)+as+n,+max(steps)+as+steps+from+daily_wide&_shape=array")
          _, meta = get("/-/metadata.json")
          print(json.dumps({"status": status, "title": "Daily values, one row per day" in page,
                            "hasSteps": "steps" in page, "qstatus": qstatus, "query": json.loads(body),
                            "metaTitle": json.loads(meta).get("title", "")}))
      finally:
          server.terminate()
          try:
              server.wait(timeout=10)
          except Exception:
              server.kill()
      """, [dir.file("health.sqlite"), dir.file("health.metadata.json")])
    #expect(served["status"] as? Int == 200)
    #expect(served["title"] as? Bool == true)
    #expect(served["hasSteps"] as? Bool == true)
    #expect(served["qstatus"] as? Int == 200)
    let query = served["query"] as? [[String: Any]]
    // One day with data; its steps, 6000.5, written whole.
    #expect(query?.first?["n"] as? Int == 1)
    #expect(query?.first?["steps"] as? Int == 6001)
    #expect(
      (served["metaTitle"] as? String)?.hasPrefix("healthpipe: health data as of 2024-05-07")
        == true)
  }
}
