import Foundation
import TestSupport
import Testing

@testable import Ingest

/// The four real activity files (fēnix 5 walk, run and ride; Edge 820 ride), read in place,
/// against the independent Python reader (`PythonFIT`).
@Suite(
  "Garmin FIT: real files",
  .enabled(if: RealData.isPresent && Python.available, "needs ../shared and python3"))
struct RealGarminFITTests {
  static let names = [
    "garmin-fenix-5-walk.fit", "garmin-fenix-5-run.fit", "garmin-fenix-5-bike.fit",
    "garmin-edge-820-bike.fit",
  ]
  static func path(_ name: String) -> String {
    RealData.path("vendors/garmin/python-fitparse/" + name)
  }

  @Test(
    "every message is a sample or counted; heart rate and the workout equal Python's",
    arguments: names)
  func file(_ name: String) throws {
    let out = try readFile(GarminFITReader(), path: Self.path(name), options: berlin)
    let files = try PythonFIT.messages([Self.path(name)])
    #expect(files.count == 1)
    let messages = files[0]
    // Heart-rate records: every record (global 20) with a valid field 3, at its time.
    let records = messages.filter { ($0["g"] as? Int) == 20 }
    let expected = records.compactMap { m -> (Int64, Double)? in
      guard let v = (m["v"] as? [String: Any])?["3"] as? Int, let ts = m["ts"] as? Int else {
        return nil
      }
      return (PythonFIT.epoch(ts), Double(v))
    }
    let heart = out.samples(.heartRate)
    #expect(heart.map(\.start) == expected.map(\.0))
    #expect(heart.map(\.value) == expected.map(\.1))
    // The activity message's local time minus its time is the offset: UTC-07:00 in all four.
    #expect(heart.allSatisfy { $0.utcOffset == -7 * 3600 })
    // The session: start_time (2), total_elapsed_time (7, ms), timer (8), distance (9, cm),
    // calories (11), average and maximum heart rate (16, 17), sport (5).
    let session = try #require(messages.first { ($0["g"] as? Int) == 18 }?["v"] as? [String: Any])
    let workout = try #require(out.samples(.workout).first)
    let start = PythonFIT.epoch(session["2"] as! Int)
    let elapsed = Double(session["7"] as! Int) / 1000
    #expect(workout.start == start && workout.end == start + Int64(elapsed.rounded()))
    #expect(workout.value == Double(session["8"] as! Int) / 1000 / 60)
    let sport = ["1": "Running", "2": "Cycling", "11": "Walking"]["\(session["5"] as! Int)"]
    #expect(workout.category == sport)
    #expect(out.samples(.workoutDistance).first?.value == Double(session["9"] as! Int) / 100)
    #expect(out.samples(.workoutEnergy).first?.value == Double(session["11"] as! Int))
    let hr = try #require(out.samples("workoutHeartRate").first)
    #expect(
      hr.value == Double(session["16"] as! Int) && hr.maximum == Double(session["17"] as! Int))
    // Every data message accounted for: samples from records and the session, the rest
    // counted as not kept.
    let notKept = out.sink.extra.filter { $0.key.hasPrefix("fit.notKept.") }.values.reduce(0, +)
    #expect(Int64(expected.count) + 1 + notKept == Int64(messages.count))
    #expect(out.sink.extra["fit.messages"] == Int64(messages.count))
    #expect(out.reconciles && out.rejects.isEmpty)
  }

  @Test("SOURCES.md's table: elapsed times and distances")
  func table() throws {
    // (file, elapsed s, distance m) from SOURCES.md, counted there with a stdlib walker.
    let table: [(String, Double, Double)] = [
      ("garmin-fenix-5-walk.fit", 45.379, 67.85), ("garmin-fenix-5-run.fit", 56.887, 157.56),
      ("garmin-fenix-5-bike.fit", 60.363, 459.52), ("garmin-edge-820-bike.fit", 64.524, 457.12),
    ]
    for (name, elapsed, distance) in table {
      let out = try readFile(GarminFITReader(), path: Self.path(name), options: berlin)
      let w = try #require(out.samples(.workout).first)
      #expect(w.end - w.start == Int64(elapsed.rounded()))
      #expect(abs(out.samples(.workoutDistance)[0].value - distance) < 1e-9)
    }
  }
}
