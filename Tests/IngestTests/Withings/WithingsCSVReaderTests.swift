import Foundation
import Ingest
import TestSupport
import Testing

/// The Withings reader on hand-written files in the export's layouts, English and German
/// (docs/ingest-withings.md); every expected value is worked out by hand in the comments.
@Suite("Withings export CSVs")
struct WithingsCSVReaderTests {
  static let berlinOptions = ReaderOptions(
    timeZone: "Europe/Berlin", timeZoneOrigin: "pipeline setting")

  /// A German `sleep.csv`: a night, a night without heart rate, and the same night written
  /// again (it overlaps line 3 and holds less asleep time).
  static let germanSleep =
    "von,bis,\"leicht (s)\",\"tief (s)\",\"rem (s)\",\"wach (s)\",Aufwachen,"
    + "\"Dauer des Schlafs (s)\",\"Dauer bis zum Wachwerden (s)\",\"Schnarchen (s)\","
    + "Schnarchepisoden,\"Durchschnittliche Herzfrequenz\",\"Herzfrequenz (min)\","
    + "\"Herzfrequenz (max)\",\"Night events\"\n"
    + "2024-02-07T00:15:00+01:00,2024-02-07T08:05:00+01:00,6120,21960,0,120,0,120,0,0,0,54,50,64,\n"
    + "2024-02-08T00:09:00+01:00,2024-02-08T08:01:00+01:00,20400,7800,0,120,0,120,0,0,0,0,0,0,\n"
    + "2024-02-08T00:30:00+01:00,2024-02-08T08:01:00+01:00,18000,7000,0,300,0,120,0,0,0,52,48,65,\n"

  @Test("German sleep.csv: columns by the multilingual table, overlapping sessions once")
  func germanSleep() throws {
    let out = try readVendor(WithingsCSVReader.self, Self.germanSleep, options: Self.berlinOptions)
    #expect(out.reconciles)
    // Line 2: light 6,120 s = 102 min, deep 366, REM 0 (no sample), awake 2; in bed
    // 00:15 → 08:05 = 470 min; all over that span at +01:00.
    let night = out.samples(.sleep).filter { $0.origin.record == 2 }
    #expect(night.map(\.value).sorted() == [2, 102, 366, 470])
    #expect(night.allSatisfy { $0.start == epoch(2024, 2, 7, 0, 15, 0, offset: 3600) })
    // Its heart rate 54 (50-64) is a whole-day row of 2024-02-07 (08:05 + 6 h).
    let heart = try #require(out.samples(.heartRate).first)
    #expect(heart.value == 54 && heart.minimum == 50 && heart.maximum == 64)
    #expect(heart.start == epoch(2024, 2, 7, offset: 3600) && heart.end == heart.start + 86_400)
    // Line 3 measured no heart rate (0 0 0): no sample.
    #expect(out.samples(.heartRate).count == 1)
    #expect(out.sink.extra["heartRateNotMeasured"] == 1)
    // Line 4 overlaps line 3 (00:30 → 08:01 inside 00:09 → 08:01) with 25,000 s asleep
    // against 28,200: every value of line 4 is a duplicate reject naming line 3.
    let dupes = out.rejects.filter { $0.origin.record == 4 }
    #expect(dupes.count == 8)  // in bed, four stages (REM 0 too), three heart rates
    #expect(dupes.allSatisfy { $0.code == .duplicate && $0.reason.contains("line 3") })
    #expect(out.samples.allSatisfy { $0.origin.record != 4 })
    // Aufwachen, both durations, snoring and episodes: 5 columns × 3 rows not read.
    #expect(out.sink.extra["notRead.Aufwachen"] == 3)
  }

  @Test("weight.csv: units from the header, body fat from fat mass, local times")
  func weightInPounds() throws {
    let text =
      "Date,\"Weight (lb)\",\"Fat mass (lb)\",\"Bone mass (lb)\",\"Muscle mass (lb)\","
      + "\"Hydration (lb)\",Comments\n"
      + "\"2026-07-08 11:58:38\",148.5,50.3,4.9,93.2,64.9,\n"
      + "\"2026-06-26 10:53:43\",149.4,,,,,\n"
    #expect(FormatDetector.format(of: Array(text.utf8)) == .withingsCSV)
    let out = try readVendor(WithingsCSVReader.self, text)
    #expect(out.rejects.isEmpty && out.reconciles)
    let weights = out.samples(.bodyMass)
    #expect(weights.map(\.value) == [148.5, 149.4] && weights.allSatisfy { $0.unit == "lb" })
    // 11:58:38 in Los Angeles in July is -07:00.
    #expect(weights[0].start == epoch(2026, 7, 8, 11, 58, 38, offset: -25_200))
    #expect(weights[0].end == weights[0].start && weights[0].sourceKind == .scale)
    // 50.3 lb of 148.5 lb.
    let fat = try #require(out.samples(.bodyFat).first)
    #expect(abs(fat.value - 50.3 / 148.5) < 1e-12 && fat.unit == "fraction")
    #expect(out.sink.extra["notRead.Muscle mass (lb)"] == 1)
  }

  @Test("an old German weight.csv: Gewicht in kg, `6:04 Uhr`, fat-free mass")
  func germanWeight() throws {
    let text =
      "\"Date\",\"Gewicht (kg)\",\"Fettmasse (kg)\",\"Fettfreier Anteil (kg)\",\"Kommentare\"\n"
      + "\"2014-02-13 6:04 Uhr\",\"80.5\",\"20.1\",\"60.4\",\"\"\n"
    let out = try readVendor(WithingsCSVReader.self, text, options: Self.berlinOptions)
    #expect(out.rejects.isEmpty)
    let weight = try #require(out.samples(.bodyMass).first)
    #expect(weight.value == 80.5 && weight.unit == "kg")
    #expect(weight.start == epoch(2014, 2, 13, 6, 4, 0, offset: 3600))
    #expect(out.samples(.leanBodyMass).map(\.value) == [60.4])
    #expect(abs(out.samples(.bodyFat)[0].value - 20.1 / 80.5) < 1e-12)
  }

  @Test("aggregates_<quantity>.csv: whole days of the quantity the name says")
  func dailyFile() throws {
    let text = "date,value\n2026-07-18,25\n2026-07-17,2239\n"
    #expect(FormatDetector.format(of: Array(text.utf8)) == .withingsCSV)
    let out = try readVendor(WithingsCSVReader.self, text, path: "export/aggregates_steps.csv")
    #expect(out.samples(.steps).map(\.value) == [25, 2239])
    let first = out.samples[0]
    #expect(first.start == epoch(2026, 7, 18, offset: -25_200) && first.end == first.start + 86_400)
    let energy = try readVendor(
      WithingsCSVReader.self, text, path: "aggregates_calories_passive.csv")
    #expect(energy.samples.allSatisfy { $0.metric == .basalEnergy && $0.unit == "kcal" })
    // A renamed file cannot say what it counts.
    let error = try #require(
      healthError { _ = try readVendor(WithingsCSVReader.self, text, path: "steps.csv") })
    #expect(error.code == .dataError && error.message.contains("aggregates_<quantity>.csv"))
  }

  @Test("raw files: one sample per array element, consecutive from start")
  func rawFiles() throws {
    let steps =
      "start,duration,value\n2026-07-17T10:00:00-07:00,[60],[12]\n"
      + "2026-07-17T10:05:00-07:00,\"[60,120]\",\"[30,45]\"\n"
      + "2026-07-17T10:10:00-07:00,\"[60,60]\",\"[1]\"\n"
    #expect(FormatDetector.format(of: Array(steps.utf8)) == .withingsCSV)
    let out = try readVendor(WithingsCSVReader.self, steps, path: "raw_tracker_steps.csv")
    #expect(out.reconciles)
    let t = epoch(2026, 7, 17, 10, 0, 0, offset: -25_200)
    #expect(out.samples.map(\.value) == [12, 30, 45])
    #expect(out.samples.map(\.start) == [t, t + 300, t + 360])
    #expect(out.samples.map(\.end) == [t + 60, t + 360, t + 480])
    #expect(out.samples.allSatisfy { $0.source == "Withings tracker" && $0.metric == .steps })
    #expect(out.rejects.map(\.origin.record) == [4])
    // Sleep states 1 (light) and 2 (deep) become segments; 7 is no state.
    let states = "start,duration,value\n2026-07-17T02:00:00-07:00,\"[600,300,1200]\",\"[1,2,7]\"\n"
    let sleep = try readVendor(WithingsCSVReader.self, states, path: "raw_tracker_sleep-state.csv")
    #expect(sleep.samples.map(\.category) == ["asleepCore", "asleepDeep"])
    #expect(sleep.samples.map(\.value) == [10, 5])
    #expect(sleep.rejects.map(\.code) == [.unknownCategory])
    // GPS positions are not read: counted, no samples.
    let gps = try readVendor(WithingsCSVReader.self, steps, path: "raw_location_latitude.csv")
    #expect(gps.samples.isEmpty && gps.rejects.isEmpty)
    #expect(gps.sink.extra["notRead.value"] == 3)
  }
}
