import Foundation
import TestSupport
import Testing

/// Nights and naps (docs/aggregate.md, "Sleep days") on the committed SampleData: the binary's
/// nights and naps against the generator's ground truth (`SampleData/expected/truth.csv`, computed
/// from its model of who recorded which night and nap, never by reading the files back).
@Suite("Nights and naps on SampleData")
struct SleepNightsEndToEndTests {
  /// `date -> measure -> value` of the truth's sleep rows, and `apple` (1 or 0) for the
  /// period.
  static func truth() throws -> [String: [String: Double]] {
    let path = Healthpipe.repositoryRoot.appendingPathComponent("SampleData/expected/truth.csv")
    var days: [String: [String: Double]] = [:]
    for line in try String(contentsOf: path, encoding: .utf8).split(separator: "\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard f.count == 4 else { continue }
      if f[1] == "day" && f[2] == "period" {
        // 1 for the Apple export's days: the truth models naps there only.
        days[f[0], default: [:]]["apple"] = f[3] == "apple" ? 1 : 0
      }
      guard f[1] == "sleep", let v = Double(f[3]) else { continue }
      days[f[0], default: [:]][f[2]] = v
    }
    return days
  }

  /// `metric -> date -> (value, source)` of the daily table's sleep and nap rows.
  static func daily(_ aggregate: String) throws -> [String: [String: (Double, String)]] {
    let csv = try Healthpipe.run(["export", aggregate + "/daily.hpt", "--exact"]).stdout
    let lines = csv.split(separator: "\r\n")
    let header = lines[0].split(separator: ",").map(String.init)
    let source = try #require(header.firstIndex(of: "source"))
    var out: [String: [String: (Double, String)]] = [:]
    for line in lines.dropFirst() {
      // Sources hold commas ("Oura Ring, Gen3"): the fields before them never do.
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard ["sleepAsleep", "napMinutes", "napCount"].contains(f[1]), let v = Double(f[3])
      else { continue }
      out[f[1], default: [:]][f[0]] = (
        v,
        f[source...].joined(separator: ",").trimmingCharacters(
          in: CharacterSet(charactersIn: "\""))
      )
    }
    return out
  }

  @Test("every night's asleep time and every nap agree with the truth; 8 Nov is the ring's")
  func sampleData() throws {
    let dir = TemporaryDirectory("sleep-nights")
    let data = Healthpipe.repositoryRoot.appendingPathComponent("SampleData").path
    let inputs = [
      "export.xml", "HealthAutoExport-2026-03-01-2026-07-08.json",
      "HealthAutoExport-2025-10-22-2026-02-28 Data.csv", "Workouts-2025-10-22-2026-02-28.csv",
      "ring-2026-08-18-2026-11-15.csv",
    ].map { data + "/" + $0 }
    for step in [
      ["ingest"] + inputs + ["--out", dir.file("s.hpt"), "--timezone", "America/New_York"],
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", "2026-11-15"],
    ] {
      let r = try Healthpipe.run(step + ["--quiet"])
      #expect(r.code == 0, "\(step[0]): \(r.stderr)")
    }
    let truth = try Self.truth()
    let daily = try Self.daily(dir.file("agg"))
    // The night ending Sun 8 Nov: the ring's 393 minutes from the ring (the watch charged
    // overnight), the watch's nap 14:01:45-14:38:37 = 36.87 min as a nap of the 8th.
    #expect(daily["sleepAsleep"]?["2026-11-08"]?.0 == 393)
    #expect(daily["sleepAsleep"]?["2026-11-08"]?.1 == "Oura Ring, Gen3")
    let nap = try #require(daily["napMinutes"]?["2026-11-08"])
    #expect(abs(nap.0 - (36 + 52.0 / 60)) < 1e-9)
    #expect(nap.1 == "Sam’s Apple\u{00A0}Watch")
    #expect(daily["napCount"]?["2026-11-08"]?.0 == 1)

    var nights = 0
    var naps = 0
    for (day, t) in truth.sorted(by: { $0.key < $1.key }) {
      if let expected = t["asleep_expected"] {
        nights += 1
        let got = daily["sleepAsleep"]?[day]?.0
        #expect(
          got.map { abs($0 - expected) < 1e-3 } == true,
          "\(day): \(String(describing: got)) vs \(expected)")
      }
      if let expected = t["nap"] {
        naps += 1
        let got = daily["napMinutes"]?[day]?.0
        #expect(
          got.map { abs($0 - expected) < 1e-3 } == true,
          "nap \(day): \(String(describing: got)) vs \(expected)")
      }
    }
    // No nap in the Apple period without a truth nap (the Health Auto Export periods have
    // naps of their own that the truth does not list), and the checks had something to check.
    for day in daily["napMinutes"]?.keys ?? [:].keys where truth[day]?["apple"] == 1 {
      #expect(truth[day]?["nap"] != nil, "nap on \(day) that the model does not have")
    }
    #expect(nights >= 120, "only \(nights) nights")
    #expect(naps >= 10, "only \(naps) naps")
  }
}
