import Foundation
import TestSupport
import Testing

/// The step rule of docs/clean.md, "Source priority", checked on generated data: after cleaning, a
/// day's step total follows the watch where the watch covers the phone (within 1 %), and is never
/// the phone + watch sum.
///
/// The expected numbers come from the generator's ground truth (`--truth`), which it computes
/// from its own model of each walk (who recorded which minutes), not by reading the files.
@Suite("Step totals after source priority")
struct StepArbitrationTests {
  struct DayTruth {
    var watch: Double = 0
    var phone: Double = 0
    var expected: Double = 0
  }

  static func truth(_ path: String) throws -> [String: DayTruth] {
    var days: [String: DayTruth] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
    {
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard f.count == 4, f[1] == "steps", let v = Double(f[3]) else { continue }
      switch f[2] {
      case "watch": days[f[0], default: DayTruth()].watch = v
      case "phone": days[f[0], default: DayTruth()].phone = v
      case "expected": days[f[0], default: DayTruth()].expected = v
      default: break
      }
    }
    return days
  }

  /// Daily step totals (category "") from an aggregate folder, by day.
  static func dailySteps(_ aggregate: String) throws -> [String: Double] {
    let csv = try Healthpipe.run(["export", aggregate + "/daily.hpt"]).stdout
    var steps: [String: Double] = [:]
    for line in csv.split(separator: "\r\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      if f.count > 3, f[1] == "steps", f[2].isEmpty { steps[String(f[0])] = Double(f[3]) }
    }
    return steps
  }

  @Test("full-density generated export: watch-covered days within 1 % of the watch total")
  func generated() throws {
    let dir = TemporaryDirectory("steps")
    let gen = try Healthpipe.run([
      "sample", "--days", "45", "--seed", "11", "--out", dir.file("gen"), "--formats",
      "apple-zip", "--truth", dir.file("truth.csv"),
    ])
    #expect(gen.code == 0, "\(gen.stderr)")
    for step in [
      ["ingest", dir.file("gen/export.zip"), "--out", dir.file("s.hpt")],
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", "2026-11-15"],
    ] {
      let r = try Healthpipe.run(step + ["--quiet"])
      #expect(r.code == 0, "\(step[0]): \(r.stderr)")
    }
    let truth = try Self.truth(dir.file("truth.csv"))
    let steps = try Self.dailySteps(dir.file("agg"))
    var covered = 0
    var both = 0
    for (day, t) in truth.sorted(by: { $0.key < $1.key }) where t.watch > 0 {
      guard let total = steps[day] else {
        Issue.record("no step total on \(day)")
        continue
      }
      // Always: the arbitrated total of the model, never the sum of both sources.
      #expect(abs(total - t.expected) <= 0.01 * t.expected, "\(day): \(total) vs \(t.expected)")
      if t.phone > 0 {
        both += 1
        #expect(total < t.watch + t.phone - 0.5 * min(t.watch, t.phone), "\(day) was summed")
      }
      // Days where the watch covers the phone: the phone's uncovered minutes add under 0.5 %.
      if t.expected - t.watch <= 0.005 * t.watch {
        covered += 1
        #expect(abs(total - t.watch) <= 0.01 * t.watch, "\(day): \(total) vs watch \(t.watch)")
      }
    }
    // The check must have had something to check.
    #expect(covered >= 10, "only \(covered) watch-covered days")
    #expect(both >= 30, "only \(both) days with both sources")
  }
}
