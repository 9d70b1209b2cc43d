import Foundation
import HealthModel
import Ingest
import TestSupport
import Testing

/// The habit journal `date,habit,value[,note]` (docs/habits.md, "The habit journal").
@Suite struct HabitJournalReaderTests {
  /// The habits of the example (check, duration, count, at-most count).
  static let habits = [
    HabitDefinition(key: "meditate", kind: .check),
    HabitDefinition(key: "read", kind: .duration, goal: 30, frequency: .perWeek(5)),
    HabitDefinition(key: "water", kind: .count, goal: 8, unit: "glasses"),
    HabitDefinition(key: "alcohol", kind: .count, goal: 0, target: .atMost),
    HabitDefinition(key: "drink_water", name: "Drink water", kind: .count, unit: "glasses"),
  ]

  static func options(_ zone: String = "America/New_York") -> ReaderOptions {
    ReaderOptions(timeZone: zone, timeZoneOrigin: "pipeline setting", habits: habits)
  }

  static func read(_ text: String, options: ReaderOptions = options(), chunkSize: Int = .max)
    throws -> Collected
  {
    var reader = HabitJournalReader()
    reader.bufferSize = 64
    let out = Collected()
    try reader.read(
      source: MemoryByteSource(Array(text.utf8), path: "journal.csv", chunkSize: chunkSize),
      into: out.sink, options: options, progress: .silent)
    return out
  }

  @Test func readsEachKindAtLocalMidnightOfTheDateWritten() throws {
    let text =
      "date,habit,value,note\n"
      + "2026-11-10,meditate,,\n"  // empty: done
      + "2026-11-10,Meditate,no,\n"  // any case; not done
      + "2026-11-11,read,45,\n"
      + "2026-11-11,read,0:30,second session\n"  // h:mm
      + "2026-11-12,read,1.5 h,\n"
      + "2026-11-12,water,3,\n"
      + "2026-11-12,water,3,\n"  // an equal row is another 3 glasses, not a duplicate
      + "2026-11-13,alcohol,skip,\n"
      + "2026-11-13,Drink Water,2.5,\n"  // a Loop habit's name, matched by its key
    // Every chunk size: records cross the reader's 64-byte buffer.
    for chunk in [1, 7, 1000] {
      let out = try Self.read(text, chunkSize: chunk)
      #expect(out.rejects.isEmpty)
      #expect(
        out.samples.map(\.category) == [
          "meditate", "meditate", "read", "read", "read", "water", "water", "alcohol",
          "drink_water",
        ])
      // Values by hand: done 1, not done 0; 45, 30, 90 minutes; 3 + 3 glasses; a skip; 2.5.
      #expect(out.samples.map(\.value) == [1, 0, 45, 30, 90, 3, 3, 0, 2.5])
      #expect(
        out.samples.map(\.unit) == [
          "check", "check", "min", "min", "min", "glasses", "glasses", "skip", "glasses",
        ])
      // New York in November is −05:00: local midnight of 2026-11-10 is 05:00 UTC.
      let first = out.samples[0]
      #expect(first.metric == .habit && first.utcOffset == -18_000)
      #expect(first.start == epoch(2026, 11, 10, offset: -18_000))
      #expect(first.end == first.start + 86_400)
      #expect(first.source == "habit journal" && first.sourceKind == .manual && first.userEntered)
      #expect(out.samples.map(\.origin.record) == [2, 3, 4, 5, 6, 7, 8, 9, 10])
      #expect(out.sink.counts["habit.read"]?.kept == 3)
      #expect(out.sink.extra["notesNotKept"] == 1)
      #expect(out.reconciles)
    }
  }

  @Test func theDateIsTheLocalDayWhateverTheZoneAndDST() throws {
    // DST starts 2026-03-08 and ends 2026-11-01 in New York; Kiritimati is +14, Pago Pago
    // −11: each entry stays on the date written.
    let text = "date,habit\n2026-03-08,meditate\n2026-11-01,meditate\n2026-06-30T23:30,meditate\n"
    for zone in ["America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Etc/UTC"] {
      let out = try Self.read(text, options: Self.options(zone))
      let days = out.samples.map { LocalDay(epochSeconds: $0.start, utcOffset: $0.utcOffset) }
      #expect(days.map(\.description) == ["2026-03-08", "2026-11-01", "2026-06-30"])
    }
    let ny = try Self.read(text)
    // Midnight of 2026-03-08 is still EST (−5 h), of 2026-11-01 still EDT (−4 h).
    #expect(ny.samples.map(\.utcOffset) == [-18_000, -14_400, -14_400])
  }

  @Test func hostileRowsAreRejectsWithTheirReasonAndTheOthersAreKept() throws {
    let text =
      "date,habit,value\n"
      + "2026-11-10,medtate,yes\n"  // 2: unknown name
      + "2026-11-10,water,-2\n"  // 3: negative
      + "2026-11-10,water,lots\n"  // 4: not a number
      + "2026-11-10,read,\n"  // 5: empty duration
      + "11/10/2026,water,3\n"  // 6: not yyyy-MM-dd
      + "2026-11-10,meditate,maybe\n"  // 7: not a check value
      + "2026-11-10,,3\n"  // 8: no habit
      + "2026-11-10,water\n"  // 9: a field short
      + "2026-11-10,water,nan\n"  // 10: nan is not a number
      + "2026-11-10,water,4\n"  // 11: kept
    let out = try Self.read(text)
    #expect(out.samples.map(\.value) == [4])
    #expect(
      out.rejects.map(\.code) == [
        .unknownHabit, .outOfRange, .badNumber, .missingField, .badDate, .badNumber,
        .missingField, .wrongFieldCount, .badNumber,
      ])
    #expect(out.rejects.map(\.origin.record) == [2, 3, 4, 5, 6, 7, 8, 9, 10])
    #expect(
      out.rejects[0].reason == "line 2: habit 'medtate' is not defined (did you mean meditate?)")
    #expect(out.rejects[1].reason == "line 3: water: value -2 is negative")
    #expect(out.rejects[2].reason == "line 4: water: value 'lots' is not a number of glasses")
    #expect(out.rejects[1].value == "-2" && out.rejects[1].metric == "habit")
    #expect(out.rejects[1].start == epoch(2026, 11, 10, offset: -18_000))
    #expect(out.reconciles)
  }

  @Test func withNoHabitDefinedEveryRowSaysHowToDefineOne() throws {
    let out = try Self.read(
      "date,habit,value\n2026-11-10,Meditate,yes\n",
      options: ReaderOptions(timeZone: "Etc/UTC", timeZoneOrigin: "--timezone"))
    #expect(out.samples.isEmpty)
    #expect(
      out.rejects.first?.reason.contains("define it in the pipeline file as [habit.meditate]")
        == true)
  }

  @Test func aDateAfterTheDayTheFileWasSavedIsInTheFuture() throws {
    let folder = TemporaryDirectory("habit-journal")
    let path = try folder.write(
      "journal.csv",
      "date,habit,value\n2026-11-15,meditate,yes\n2026-11-16,meditate,yes\n2027-11-10,water,3\n")
    // Saved 2026-11-16 03:00 UTC = 2026-11-15 22:00 in New York: the 15th is today there.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: Double(epoch(2026, 11, 16, 3, offset: 0)))],
      ofItemAtPath: path)
    let out = try readFile(HabitJournalReader(), path: path, options: Self.options())
    #expect(out.samples.map(\.origin.record) == [2])
    #expect(out.rejects.map(\.code) == [.futureDate, .futureDate])
    #expect(
      out.rejects[0].reason
        == "line 3: meditate: 2026-11-16 is after 2026-11-15, the day the file was last saved: "
        + "a date in the future")
    // The file's time is not the input's export date: tables do not change with it.
    #expect(out.sink.exportDate == nil)
  }

  @Test func theJournalIsRecognisedByItsHeaderNotItsName() {
    func detect(_ text: String) -> InputFormat? { FormatDetector.format(of: Array(text.utf8)) }
    #expect(detect("date,habit,value,note\n2026-11-10,meditate,,\n") == .habitJournal)
    #expect(detect("\u{FEFF}Habit,Date\n") == .habitJournal)
    #expect(detect("date,metric,value,unit,source\n") == .longCSV)
    #expect(detect("Position,Name,Description,NumRepetitions,Interval,Color\n") == .loopFolder)
  }
}
