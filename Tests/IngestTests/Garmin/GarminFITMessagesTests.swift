import Foundation
import TestSupport
import Testing

@testable import Ingest

/// Messages the real and generated files do not hold (docs/ingest-garmin.md, "Messages and
/// fields read"), on FIT files written byte by byte: an activity without its `session`
/// (laps only) and a scale's `weight_scale`.
@Suite("Garmin FIT: laps without a session, weigh-ins")
struct GarminFITMessagesTests {
  /// 1,000,000,000 FIT seconds: 2021-09-10T01:46:40Z.
  static let t0: UInt64 = 1_000_000_000
  static let epoch0 = Int64(t0) + 631_065_600
  static let options = ReaderOptions(timeZone: "UTC", timeZoneOrigin: "--timezone")

  static func read(_ bytes: [UInt8]) throws -> Collected {
    let dir = TemporaryDirectory("garmin-fit-messages")
    let path = dir.path + "/file.fit"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return try withExtendedLifetime(dir) {
      try readFile(GarminFITReader(), path: path, options: options)
    }
  }

  /// `file_id` (0): type (enum), manufacturer 1 (Garmin), product.
  static func fileID(_ f: inout FITBytes, type: UInt8) {
    f.define(local: 0, global: 0, fields: [(0, 1, 0x00), (1, 2, 0x84), (2, 2, 0x84)])
    f.data(local: 0, [type] + FITBytes.le(1, 2) + FITBytes.le(2697, 2))
  }

  @Test("an activity with laps and no session: one workout over the laps, their sums")
  func lapsOnly() throws {
    var f = FITBytes()
    Self.fileID(&f, type: 4)
    // lap (19): timestamp, start_time 2, total_elapsed_time 7 (ms), total_timer_time 8 (ms),
    // total_distance 9 (cm), total_calories 11, sport 25 (1 = running).
    f.define(
      local: 1, global: 19,
      fields: [
        (253, 4, 0x86), (2, 4, 0x86), (7, 4, 0x86), (8, 4, 0x86), (9, 4, 0x86), (11, 2, 0x84),
        (25, 1, 0x00),
      ])
    let le = FITBytes.le
    // Lap 1: 600 s elapsed, 590 s timer, 1,500 m, 80 kcal.
    f.data(
      local: 1,
      le(Self.t0 + 600, 4) + le(Self.t0, 4) + le(600_000, 4) + le(590_000, 4) + le(150_000, 4)
        + le(80, 2) + [1])
    // Lap 2 from 600 s: 900 s, 900 s, 2,500 m, 120 kcal.
    f.data(
      local: 1,
      le(Self.t0 + 1_500, 4) + le(Self.t0 + 600, 4) + le(900_000, 4) + le(900_000, 4)
        + le(250_000, 4) + le(120, 2) + [1])
    let out = try Self.read(f.file())
    let w = try #require(out.samples(.workout).first)
    #expect(out.samples(.workout).count == 1)
    #expect(w.start == Self.epoch0 && w.end == Self.epoch0 + 1_500)
    // Minutes of timer time: (590 + 900) / 60.
    #expect(abs(w.value - 1_490.0 / 60) < 1e-9 && w.category == "Running")
    #expect(out.samples(.workoutDistance).map(\.value) == [4_000])
    #expect(out.samples(.workoutEnergy).map(\.value) == [200])
    #expect(out.sink.notes.contains { $0.contains("built from 2 laps") })
    #expect(out.reconciles && out.rejects.isEmpty)
  }

  @Test("weight_scale: kg / 100, body fat % / 100, BMI / 10, at the message's time")
  func weighIn() throws {
    var f = FITBytes()
    Self.fileID(&f, type: 9)
    // weight_scale (30): timestamp, weight 0, percent_fat 1, bmi 13 (uint16 each).
    f.define(
      local: 1, global: 30, fields: [(253, 4, 0x86), (0, 2, 0x84), (1, 2, 0x84), (13, 2, 0x84)])
    let le = FITBytes.le
    f.data(local: 1, le(Self.t0, 4) + le(7_250, 2) + le(2_150, 2) + le(231, 2))
    // A second weigh-in without a fat reading (0xFFFF, invalid).
    f.data(local: 1, le(Self.t0 + 86_400, 4) + le(7_210, 2) + le(0xFFFF, 2) + le(230, 2))
    let out = try Self.read(f.file())
    #expect(out.samples(.bodyMass).map(\.value) == [72.5, 72.1])
    #expect(out.samples(.bodyMass).map(\.start) == [Self.epoch0, Self.epoch0 + 86_400])
    #expect(out.samples(.bodyMass).allSatisfy { $0.unit == "kg" })
    #expect(out.samples(.bodyFat).map(\.value) == [21.5])
    #expect(out.samples(.bmi).map(\.value) == [23.1, 23])
    #expect(out.reconciles && out.rejects.isEmpty)
  }
}
