import Foundation
import TestSupport
import Testing

/// One person, several devices (issue 30): the generator's Apple export and the same
/// person's Garmin watch (the same days and walks) in one pipeline. What Garmin adds is kept
/// apart where it means something else, and what both saw counts once.
@Suite("An Apple export and a Garmin watch in one pipeline")
struct VendorDevicesEndToEndTests {
  @Test("workouts count once; Garmin's RMSSD and stress stay apart from Apple's SDNN")
  func appleAndGarmin() throws {
    let dir = TemporaryDirectory("apple-garmin")
    let sample = try Healthpipe.run([
      "sample", "--days", "20", "--seed", "5", "--out", dir.path, "--formats",
      "apple-xml,garmin-fit", "--density", "sample", "--quiet",
    ])
    #expect(sample.code == 0, "\(sample.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    let fit = try #require(names.first { $0.hasSuffix(".fit") })
    let apple = dir.file("export.xml")
    let zone = "America/New_York"
    let alone = try VendorExportsEndToEndTests.daily([apple], zone: zone, asOf: "2026-11-15")
    let both = try VendorExportsEndToEndTests.daily(
      [apple, dir.file(fit)], zone: zone, asOf: "2026-11-15")
    let garmin = try VendorExportsEndToEndTests.daily(
      [dir.file(fit)], zone: zone, asOf: "2026-11-15")
    // The Garmin's activities are the Apple export's walks (on the same days): no day gains
    // a workout.
    let workouts = try #require(alone["workoutCount"])
    let garminWorkouts = try #require(garmin["workoutCount"])
    #expect(!garminWorkouts.isEmpty && garminWorkouts.keys.allSatisfy { workouts[$0] != nil })
    #expect(both["workoutCount"] == workouts)
    // HRV: Apple's SDNN days are unchanged; Garmin's RMSSD is its own series.
    #expect(both["hrvSDNN"] == alone["hrvSDNN"])
    #expect(alone["hrvRMSSD"] == nil && !(both["hrvRMSSD"] ?? [:]).isEmpty)
    // Garmin's stress score is Garmin's own series.
    #expect(!(both["garminStressLevel"] ?? [:]).isEmpty)
    withExtendedLifetime(dir) {}
  }
}
