import HealthModel
import Ingest
import Testing

/// Offsets for local times without one, with the span cache in front of the zone database.
@Suite struct LocalTimeZoneTests {
  func sink() -> IngestSink {
    IngestSink(inputIndex: 0, path: "t", onSample: { _ in }, onReject: { _ in })
  }

  /// Local wall-clock seconds of a date and time.
  func local(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0) -> Int64 {
    Int64(CivilDate.daysFromCivil(year: y, month: m, day: d)) * 86_400 + Int64(h * 3600 + mi * 60)
  }

  @Test func handCheckedOffsetsAroundBerlinsChanges() throws {
    var zone = try LocalTimeZone(options: berlin)
    let s = sink()
    // Summer time starts 2024-03-31 at 02:00 (+01:00 → +02:00); ends 2024-10-27 at 03:00.
    #expect(zone.offset(atLocal: local(2024, 3, 30), sink: s, what: "x") == 3600)
    #expect(zone.offset(atLocal: local(2024, 3, 31), sink: s, what: "x") == 3600)
    #expect(zone.offset(atLocal: local(2024, 3, 31, 3, 30), sink: s, what: "x") == 7200)
    #expect(zone.offset(atLocal: local(2024, 4, 1), sink: s, what: "x") == 7200)
    #expect(zone.offset(atLocal: local(2024, 10, 27), sink: s, what: "x") == 7200)
    #expect(zone.offset(atLocal: local(2024, 10, 27, 12), sink: s, what: "x") == 3600)
    #expect(zone.offset(atLocal: local(2024, 10, 28), sink: s, what: "x") == 3600)
    // Going back in time works too.
    #expect(zone.offset(atLocal: local(2024, 7, 1), sink: s, what: "x") == 7200)
    #expect(zone.offset(atLocal: local(2024, 1, 1), sink: s, what: "x") == 3600)
    #expect(s.assumedTimeZone == "Europe/Berlin (pipeline setting)")
    #expect(s.notes.count == 1)
  }

  /// Every hour of three years agrees with HealthCore's resolver (the oracle).
  @Test func agreesWithTheResolverHourByHour() throws {
    for name in ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"] {
      var zone = try LocalTimeZone(options: ReaderOptions(timeZone: name))
      var oracle = ZoneOffsetResolver()
      let s = sink()
      var t = local(2023, 1, 1)
      while t < local(2026, 1, 1) {
        #expect(
          zone.offset(atLocal: t, sink: s, what: "x") == oracle.offset(zone: name, atLocal: t),
          "\(name) \(t)")
        t += 3600
      }
    }
  }
}
