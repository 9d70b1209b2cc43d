import HealthModel
import Ingest
import Testing

/// The Health Auto Export daily and workouts CSV readers on small hand-written inputs.
@Suite struct AutoExportCSVReaderTests {
  static func read(
    _ text: String, options: ReaderOptions = berlin, bufferSize: Int = 1 << 16,
    chunkSize: Int = .max
  ) throws -> Collected {
    try readInMemory(
      AutoExportCSVReader.self, Array(text.utf8), path: "days.csv", options: options,
      bufferSize: bufferSize, chunkSize: chunkSize)
  }

  static func readWorkouts(_ text: String, options: ReaderOptions = berlin) throws -> Collected {
    try readInMemory(
      AutoExportWorkoutsCSVReader.self, Array(text.utf8), path: "workouts.csv",
      options: options)
  }

  // Every line ends with a trailing space, as the app writes it.
  static let days =
    "Date,Step Count (count),Heart Rate [Min] (count/min),Heart Rate [Max] (count/min),Heart Rate [Avg] (count/min),Blood Oxygen Saturation (%),Sleep Analysis [Asleep] (hr),Sleep Analysis [Core] (hr),Zinc (mg) \n"
    + "2024-03-30 00:00:00,8000,50,120,70.5,97,0,5.5,11 \n"
    + "2024-03-31 00:00:00,,,,,,,, \n"
    + "2024-04-01 00:00:00,0,,,,,,, \n"

  @Test func readsColumnsByHeaderWithTheirUnits() throws {
    let out = try Self.read(Self.days)
    // Line 2: steps 8000, heart rate 70.5 (50–120), SpO2 97 %, core 5.5 h, zinc 11 mg.
    #expect(out.samples(.steps).map(\.value) == [8000, 0])
    let hr = try #require(out.samples(.heartRate).first)
    #expect(hr.value == 70.5 && hr.minimum == 50 && hr.maximum == 120 && hr.unit == "count/min")
    #expect(out.samples(.spo2).map(\.value) == [97])
    #expect(out.samples(.spo2).first?.unit == "%")
    #expect(out.samples("Zinc").map(\.value) == [11])
    #expect(out.samples("Zinc").first?.unit == "mg")
    // Berlin 2024-03-30 is winter time (+01:00); 2024-04-01 summer time (+02:00). Each value
    // covers its whole local day.
    let steps = out.samples(.steps)
    #expect(steps[0].start == epoch(2024, 3, 30, offset: 3600))
    #expect(steps[0].utcOffset == 3600 && steps[0].end == steps[0].start + 86_400)
    #expect(steps[1].start == epoch(2024, 4, 1, offset: 7200))
    #expect(steps[1].origin.record == 4)
    // An empty line of cells is no data; a 0 cell is a value of 0 (steps on line 4).
    #expect(out.samples.allSatisfy { $0.origin.record != 3 })
    #expect(out.sink.counts["Step Count"]?.read == 2)
    #expect(out.sink.counts["Heart Rate"]?.kept == 1)
    #expect(out.sink.assumedTimeZone == "Europe/Berlin (pipeline setting)")
    #expect(out.reconciles && out.rejects.isEmpty)
  }

  @Test func sleepColumnsAreMinutesOverTheNightAndZeroStagesAreNotSamples() throws {
    let out = try Self.read(Self.days)
    let sleep = out.samples(.sleep)
    #expect(sleep.count == 1)
    // Core 5.5 h = 330 min; the night attributed to 2024-03-30: noon 2024-03-29 (+01:00) to
    // 24 h later.
    #expect(sleep[0].category == "asleepCore" && sleep[0].value == 330 && sleep[0].unit == "min")
    #expect(sleep[0].start == epoch(2024, 3, 29, 12, offset: 3600))
    #expect(sleep[0].end == sleep[0].start + 86_400)
    // Asleep 0 is no time asleep-unspecified: counted, not kept.
    #expect(out.sink.extra["zeroSleepStages"] == 1)
    #expect(out.sink.counts["Sleep Analysis [Asleep]"] == nil)
  }

  @Test func theMachineZoneIsUsedAndRecordedWithoutASetting() throws {
    let out = try Self.read(Self.days, options: ReaderOptions())
    #expect(out.sink.assumedTimeZone?.hasSuffix("(machine zone)") == true)
    #expect(out.sink.notes.contains { $0.contains("(machine zone)") })
  }

  @Test func anUnknownUnitInAHeaderIsKeptAsWrittenWithANote() throws {
    let text =
      "Date,Heart Rate Variability (furlongs),Mystery Metric (zorks) \n"
      + "2024-01-02 00:00:00,45,3 \n"
    let out = try Self.read(text)
    // A known metric with a unit healthpipe cannot convert: kept with that unit (clean
    // rejects it as unknown-unit, never guessing), and the manifest says so.
    let hrv = try #require(out.samples(.hrvSDNN).first)
    #expect(hrv.value == 45 && hrv.unit == "furlongs")
    #expect(UnitConverter.convert(45, from: "furlongs", to: "ms", percent: .hundred) == nil)
    #expect(out.sink.notes.contains { $0.contains("Heart Rate Variability (furlongs)") })
    // An unknown metric has no canonical unit to check: kept, no note.
    #expect(out.samples("Mystery Metric").first?.unit == "zorks")
    #expect(!out.sink.notes.contains { $0.contains("Mystery") })
  }

  @Test func aWrongFieldCountOrABadDateRejectsTheRow() throws {
    let text =
      "Date,Step Count (count),Resting Heart Rate (count/min) \n"
      + "2024-01-02 00:00:00,100,60 \n"
      + "2024-01-03 00:00:00,200 \n"
      + "2024-01-04 00:00:00,300,61,extra \n"
      + "04/01/2024 0:00,400,62 \n"
      + "2024-01-06 00:00:00,abc,63 \n"
      + "2024-01-07 00:00:00,700,64 \n"
    let out = try Self.read(text)
    #expect(out.samples(.steps).map(\.value) == [100, 700])
    #expect(out.samples(.restingHeartRate).map(\.value) == [60, 63, 64])
    #expect(out.rejects.map(\.code) == [.wrongFieldCount, .wrongFieldCount, .badDate, .badNumber])
    #expect(out.rejects.map(\.origin.record) == [3, 4, 5, 6])
    #expect(out.rejects[0].reason.contains("line 3 has 2 fields; the header has 3"))
    #expect(out.rejects[2].value == "04/01/2024 0:00")
    #expect(out.rejects[3].value == "abc" && out.rejects[3].metric == "steps")
    #expect(out.sink.counts["row"]?.rejected == 3)
    #expect(out.sink.counts["Step Count"]?.read == 3)
    #expect(out.reconciles)
  }

  @Test func aHeartRateGroupWithoutItsAverageIsAReject() throws {
    let text =
      "Date,Heart Rate [Min] (count/min),Heart Rate [Max] (count/min),Heart Rate [Avg] (count/min)\n"
      + "2024-01-02 00:00:00,50,90,\n"
      + "2024-01-03 00:00:00,,,66\n"
    let out = try Self.read(text)
    #expect(out.rejects.map(\.code) == [.missingField])
    let hr = try #require(out.samples(.heartRate).first)
    #expect(hr.value == 66 && hr.minimum == nil && hr.maximum == nil)
  }

  @Test func aQuoteThatNeverClosesIsExit65() throws {
    let text = "Date,Step Count (count)\n2024-01-02 00:00:00,\"100\n2024-01-03 00:00:00,5\n"
    let e = try #require(healthError { _ = try Self.read(text) })
    #expect(e.code == .dataError && e.location?.line == 2)
  }

  @Test func everySplitGivesIdenticalResults() throws {
    let expected = try Self.read(Self.days)
    for bufferSize in [4, 5, 9, 16, 33] {
      for chunk in [1, 2, 5, 17] {
        let out = try Self.read(Self.days, bufferSize: bufferSize, chunkSize: chunk)
        #expect(out.samples == expected.samples)
        #expect(out.sink.counts == expected.sink.counts)
      }
    }
  }

  @Test func readsWorkoutsWithClockDurations() throws {
    let text =
      "Type,Start,End,Duration,Total Energy (kcal),Active Energy (kcal),Distance (km),Avg Speed(km/hr)\n"
      + "Running,2024-07-01 07:00,2024-07-01 07:45,00:40:30,400,350,8.1,12\n"
      + "Yoga,2024-07-02 18:00,2024-07-02 18:30,,100,,,\n"
      + "Rowing,2024-07-03 18:00,2024-07-03 18:30,1:xx:00,100,80,,\n"
      + "Walk,2024-07-04 25:00,2024-07-04 26:00,00:10:00,1,1,,\n"
    let out = try Self.readWorkouts(text)
    let w = out.samples(.workout)
    // 00:40:30 = 40.5 min; Yoga has no duration: 18:00 … 18:30 = 30 min.
    #expect(w.map(\.value) == [40.5, 30])
    #expect(w.map(\.category) == ["Running", "Yoga"])
    // Berlin summer time, +02:00.
    #expect(w[0].start == epoch(2024, 7, 1, 7, 0, offset: 7200))
    #expect(w[0].end == epoch(2024, 7, 1, 7, 45, offset: 7200))
    #expect(out.samples(.workoutEnergy).map(\.value) == [350])
    #expect(out.samples(.workoutDistance).map(\.value) == [8.1])
    #expect(out.samples(.workoutDistance).first?.unit == "km")
    #expect(out.rejects.map(\.code) == [.badNumber, .badDate])
    #expect(out.sink.extra["notKept.workouts.Total Energy (kcal)"] == 4)
    #expect(out.sink.extra["notKept.workouts.Avg Speed(km/hr)"] == 1)
    #expect(out.reconciles)
  }

  @Test func detectsByContent() {
    #expect(AutoExportCSVReader.matches(prefix: Array(Self.days.utf8)))
    #expect(AutoExportCSVReader.matches(prefix: [0xEF, 0xBB, 0xBF] + Array(Self.days.utf8)))
    // A cut-off first line still looks like the daily file.
    #expect(AutoExportCSVReader.matches(prefix: Array(Self.days.utf8.prefix(60))))
    #expect(!AutoExportCSVReader.matches(prefix: Array("date,metric,value,unit,source\n".utf8)))
    #expect(!AutoExportCSVReader.matches(prefix: Array("a,b,c\n1,2,3\n".utf8)))
    #expect(AutoExportWorkoutsCSVReader.matches(prefix: Array("Type,Start,End,Duration\n".utf8)))
  }
}
