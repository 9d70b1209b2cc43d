import Foundation
import TestSupport
import Testing

/// Android Health Connect exports end to end (docs/ingest-health-connect.md, docs/clean.md
/// "Health Connect: Android's merge"): generated exports of every schema version give,
/// day by day, the totals the generator's independent computation of Android's
/// `PriorityRecordsAggregator` gives; a pipeline on one gives the full report, the SQLite
/// database and the CSVs.
@Suite("Health Connect end to end")
struct HealthConnectEndToEndTests {
  /// The truth file's `android_total` rows and whole-run counts.
  static func truth(_ path: String) throws -> (days: [String: Double], all: [String: Double]) {
    var days: [String: Double] = [:]
    var all: [String: Double] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
    {
      let f = line.split(separator: ",").map(String.init)
      guard f.count == 4, let v = Double(f[3]) else { continue }
      if f[0] == "all" {
        all[f[1] + "." + f[2]] = v
      } else if f[2] == "android_total" {
        days[f[0] + " " + f[1]] = v
      }
    }
    return (days, all)
  }

  /// Daily values of the merged metrics (category ""), exactly as stored.
  static func daily(_ aggregate: String) throws -> [String: Double] {
    let csv = try Healthpipe.run(["export", aggregate + "/daily.hpt", "--exact"]).stdout
    var out: [String: Double] = [:]
    for line in csv.split(separator: "\r\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      guard f.count > 3, ["steps", "distance", "activeEnergy"].contains(f[1]), f[2].isEmpty
      else { continue }
      out[String(f[0]) + " " + String(f[1])] = Double(f[3])
    }
    return out
  }

  @Test(
    "every schema version: daily steps, distance and energy equal Android's merge, day by day",
    arguments: [
      (7, "America/New_York", "2026-11-15"), (9, "Europe/Berlin", "2026-04-10"),
      (10, "Australia/Sydney", "2026-04-20"), (11, "America/Los_Angeles", "2026-03-20"),
      (14, "Europe/London", "2026-11-01"), (17, "America/New_York", "2026-11-15"),
    ])
  func androidTotals(version: Int, zone: String, end: String) throws {
    let dir = TemporaryDirectory("hc-e2e")
    let gen = try Healthpipe.run([
      "sample", "--days", "45", "--seed", String(version), "--end", end, "--timezone", zone,
      "--out", dir.file("gen"), "--formats", "health-connect", "--hc-schema", String(version),
      "--quiet",
    ])
    #expect(gen.code == 0, "\(gen.stderr)")
    for step in [
      ["ingest", dir.file("gen/Health Connect.zip"), "--out", dir.file("s.hpt")],
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", end],
    ] {
      let r = try Healthpipe.run(step + ["--quiet"])
      #expect(r.code == 0, "\(step[0]): \(r.stderr)")
    }
    let (truth, all) = try Self.truth(dir.file("gen/health-connect-truth.csv"))
    let got = try Self.daily(dir.file("agg"))
    #expect(truth.count >= 3 * 40)
    for (key, expected) in truth {
      // The truth file holds six decimals.
      let value = got[key]
      #expect(value != nil && abs(value! - expected) <= 1e-6 * max(1, abs(expected)), "\(key)")
    }
    // What Android leaves out is in the rejects with its reason, counted as the truth says.
    let rejects =
      try Healthpipe.run(["export", dir.file("rejects-ingest.hpt")]).stdout
      + (try Healthpipe.run(["export", dir.file("rejects-clean.hpt")]).stdout)
    let reversed = rejects.components(separatedBy: ",reversed-local-time,").count - 1
    let unlisted = rejects.components(separatedBy: ",not-in-priority-list,").count - 1
    let truthReversed = ["steps", "distance", "activeEnergy"].reduce(0.0) {
      $0 + (all[$1 + ".reversed_local"] ?? 0)
    }
    #expect(Double(reversed) == truthReversed)
    #expect(Double(unlisted) == all["steps.not_in_priority_list"])
  }

  @Test("a pipeline on a Health Connect export: report, SQLite, CSVs; RMSSD condition")
  func pipeline() throws {
    let dir = TemporaryDirectory("hc-run")
    let gen = try Healthpipe.run([
      "sample", "--days", "75", "--seed", "4", "--out", dir.file("data"), "--formats",
      "health-connect", "--quiet",
    ])
    #expect(gen.code == 0, "\(gen.stderr)")
    try dir.write(
      "android.pipeline",
      """
      [pipeline]
      name = android
      inputs = data/Health Connect.zip
      work = work
      as_of = latest
      [report]
      format = html
      window = 30
      out = out/android.html
      [export]
      sqlite = out/health.sqlite
      """)
    let run = try Healthpipe.run(["run", dir.file("android.pipeline"), "--quiet"])
    #expect(run.code == 0, "\(run.stderr)")
    let html = try String(contentsOfFile: dir.file("out/android.html"), encoding: .utf8)
    #expect(html.contains("Condition (HRV: RMSSD)"))
    // The pinned HRV card is the person's RMSSD, never an SDNN card that cannot have data.
    #expect(html.contains("HRV (RMSSD)") && !html.contains("HRV (SDNN)"))
    // The data-quality section names what Android leaves out, in words (the reason code
    // `not-in-priority-list` as the report writes reasons since issue 24), with its count.
    #expect(html.contains("<tr><td>Not in priority list</td><td>"))
    #expect(FileManager.default.fileExists(atPath: dir.file("out/health.sqlite")))
    #expect(FileManager.default.fileExists(atPath: dir.file("work/aggregate/daily.csv")))
    let manifest = try String(
      contentsOfFile: dir.file("work/clean.hpt.manifest.json"), encoding: .utf8)
    #expect(manifest.contains("the export's own order per category (Health Connect)"))
    #expect(
      manifest.contains(
        "Activity order from the export: Samsung Health › Fit › Oura › Health Connect"))
  }
}
