import Foundation
import TestSupport
import Testing

/// Workouts arbitrated like every other source, through the binary (docs/clean.md, "Source
/// priority"): the watch's run and Strava's copy of it count once in the day's workout totals.
@Suite("Workout sessions end to end")
struct WorkoutSessionsEndToEndTests {
  @Test(
    "the watch's run and Strava's copy: one workout, 44 min, 420 kcal, 7.2 km; the copy is in the rejects"
  )
  func oneSessionCounted() throws {
    let dir = TemporaryDirectory("sessions")
    // A long CSV as a user converts it: the watch's run 07:00-07:45 (44 min moving) with its
    // energy and distance, Strava's copy 07:01-07:46 (45 min), and an evening ride only
    // Strava has. Lines 2-4 the watch, 5-7 Strava's copy, 8 the ride.
    let csv = """
      date,metric,value,unit,source,end,category
      2026-11-10T07:00:00-05:00,workout,44,min,Apple Watch,2026-11-10T07:45:00-05:00,Running
      2026-11-10T07:00:00-05:00,workoutEnergy,420,kcal,Apple Watch,2026-11-10T07:45:00-05:00,Running
      2026-11-10T07:00:00-05:00,workoutDistance,7.2,km,Apple Watch,2026-11-10T07:45:00-05:00,Running
      2026-11-10T07:01:00-05:00,workout,45,min,Strava,2026-11-10T07:46:00-05:00,Run
      2026-11-10T07:01:00-05:00,workoutEnergy,455,kcal,Strava,2026-11-10T07:46:00-05:00,Run
      2026-11-10T07:01:00-05:00,workoutDistance,7.3,km,Strava,2026-11-10T07:46:00-05:00,Run
      2026-11-10T18:00:00-05:00,workout,30,min,Strava,2026-11-10T18:30:00-05:00,Cycling

      """
    try csv.write(toFile: dir.file("workouts.csv"), atomically: true, encoding: .utf8)
    for args in [
      ["ingest", dir.file("workouts.csv"), "--out", dir.file("s.hpt")],
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", "2026-11-10"],
    ] {
      let r = try Healthpipe.run(args + ["-q"])
      #expect(r.code == 0, "\(args[0]): \(r.stderr)")
    }
    let daily = try Healthpipe.run(["export", dir.file("agg/daily.hpt"), "--exact"]).stdout
    func value(_ metric: String, _ category: String = "") -> String? {
      let prefix = "2026-11-10,\(metric),\(category),"
      return daily.split(separator: "\r\n").first { $0.hasPrefix(prefix) }.map {
        String(
          $0.dropFirst(prefix.count).split(separator: ",", omittingEmptySubsequences: false)[0])
      }
    }
    // Two workouts (the run once, the ride), 44 + 30 = 74 min, 420 kcal, 7.2 km: not 3
    // workouts, 119 min, 875 kcal, 14.5 km.
    #expect(value("workoutCount") == "2")
    #expect(value("workoutMinutes") == "74")
    #expect(value("workoutEnergy") == "420")
    #expect(value("workoutDistance") == "7.2")
    #expect(value("workoutMinutes", "Run") == nil)
    // The copy's three rows are clean rejects naming the watch's workout (line 2).
    let rejects = try Healthpipe.run(["export", dir.file("rejects-clean.hpt")]).stdout
    let overlapped = rejects.split(separator: "\r\n").filter { $0.contains(",overlapped,") }
    #expect(overlapped.count == 3)
    #expect(
      overlapped.allSatisfy {
        $0.contains("'Apple Watch' (Apple Watch) from input 0 record 2") && $0.contains("Strava")
      })
    // The manifest still reconciles per metric: workout 3 = 2 cleaned + 1 overlapped.
    let data = try Data(contentsOf: URL(fileURLWithPath: dir.file("c.hpt.manifest.json")))
    let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let lines = manifest?["reconciliation"] as? [[String: Any]] ?? []
    let workout = try #require(lines.first { $0["key"] as? String == "workout" })
    let counts = workout["counts"] as? [String: Int]
    #expect(counts?["ingested"] == 3 && counts?["cleaned"] == 2 && counts?["overlapped"] == 1)
    #expect(lines.allSatisfy { $0["holds"] as? Bool == true })
  }
}
