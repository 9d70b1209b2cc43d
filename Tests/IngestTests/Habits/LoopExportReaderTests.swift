import Foundation
import HealthCore
import HealthModel
import Ingest
import SampleExports
import TestSupport
import Testing

/// Loop Habit Tracker's "Export as CSV" in its three dialects, written by hand from its
/// exporter (`HabitsCSVExporter`, `HabitList.writeCSV`, `Entry`; docs/habits.md).
@Suite struct LoopExportReaderTests {
  /// A zip of `files` (name, text) in order, as Loop's `ZipOutputStream` writes them.
  static func zip(_ files: [(String, String)], in folder: TemporaryDirectory, name: String)
    throws -> String
  {
    var bytes: [UInt8] = []
    let writer = ZipWriter { bytes.append(contentsOf: $0) }
    let time = ZipTimestamp(year: 2026, month: 11, day: 15, hour: 21, minute: 0, second: 0)
    for (file, text) in files { try writer.addEntry(file, data: Array(text.utf8), modified: time) }
    try writer.finish()
    return try folder.write(name, bytes)
  }

  static func read(_ path: String, format: InputFormat = .loopZip) throws -> Collected {
    try readFile(LoopExportReader(format: format), path: path, options: newYork)
  }

  static func entries(_ out: Collected) -> [String] {
    out.samples.map {
      let day = LocalDay(epochSeconds: $0.start, utcOffset: $0.utcOffset)
      return "\(day) \($0.category) \(NumberFormatting.shortest($0.value)) \($0.unit)"
    }
  }

  static let v231Habits =
    "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,"
    + "Unit,Target Type,Target Value,Archived?\n"
    + "001,Meditate,YES_NO,Did you meditate?,,1,1,#D32F2F,,,,false\n"
    + "002,\"Read, write / draw\",YES_NO,,,3,7,#303F9F,,,,false\n"
    + "003,Water,NUMERICAL,,,1,1,#0288D1,glasses,AT_LEAST,8.0,false\n"
    + "004,Run,NUMERICAL,,,1,7,#388E3C,km,AT_LEAST,20.0,true\n"

  @Test func readsTheNewestDialectJoiningFoldersByNumber() throws {
    let folder = TemporaryDirectory("loop")
    let path = try Self.zip(
      [
        ("Habits.csv", Self.v231Habits),
        ("001 Meditate/Scores.csv", "Date,Score\n2026-11-15,0.5\n"),
        (
          "001 Meditate/Checkmarks.csv",
          "Date,Value,Notes\n2026-11-15,YES_MANUAL,\n2026-11-14,SKIP,travel\n"
            + "2026-11-13,NO,\n2026-11-12,YES_AUTO,\n2026-11-11,UNKNOWN,\n"
        ),
        // Loop deletes ',' and '/' from the folder name: joined by number 002.
        (
          "002 Read write  draw/Checkmarks.csv",
          "Date,Value,Notes\n2026-11-15,YES_AUTO,\n2026-11-14,YES_MANUAL,\"a note, with a comma\"\n"
        ),
        (
          "003 Water/Checkmarks.csv",
          "Date,Value,Notes\n2026-11-15,8500,\n2026-11-14,NO,\n2026-11-13,SKIP,\n2026-11-12,-5,\n"
        ),
        ("004 Run/Checkmarks.csv", "Date,Value,Notes\n2026-11-15,12000,\n"),
        ("005 Ghost/Checkmarks.csv", "Date,Value,Notes\n2026-11-15,YES_MANUAL,\n"),
        ("001 Meditate copy/Checkmarks.csv", "Date,Value,Notes\n2026-11-10,YES_MANUAL,\n"),
        ("Scores.csv", "Date,Meditate,Read, write / draw,\n"),
        (
          "Checkmarks.csv",
          "Date,Meditate,Read, write / draw,Water,Run,\n2026-11-15,YES_MANUAL,,,,\n"
        ),
      ], in: folder, name: "Loop Habits CSV 2026-11-15.zip")
    #expect(try FormatDetector.detect(path: path) == .loopZip)
    let out = try Self.read(path)
    // Only what the person logged: YES_MANUAL 1, NO 0, SKIP, amounts / 1000; YES_AUTO and
    // UNKNOWN are counted, not kept.
    #expect(
      Self.entries(out) == [
        "2026-11-15 meditate 1 check", "2026-11-14 meditate 0 skip", "2026-11-13 meditate 0 check",
        "2026-11-14 read_write_draw 1 check",
        "2026-11-15 water 8.5 glasses", "2026-11-14 water 0 glasses", "2026-11-13 water 0 skip",
        "2026-11-15 run 12 km",
      ])
    #expect(out.sink.extra["notKept.yesAuto"] == 2 && out.sink.extra["notKept.unknown"] == 1)
    #expect(out.sink.extra["notKept.notesNotKept"] == 2)
    // Records are number × 1,000,000 + line: water's line 2 is 3000002.
    #expect(out.samples[4].origin.record == 3_000_002)
    #expect(out.samples.allSatisfy { $0.source == "Loop Habit Tracker" && $0.userEntered })
    // The negative amount, the unknown folder and the duplicated folder are rejects.
    #expect(out.rejects.map(\.code) == [.unknownFolder, .outOfRange, .unknownFolder])
    let reasons = out.rejects.map(\.reason)
    #expect(reasons[0].contains("001 Meditate copy") && reasons[0].contains("duplicated folder"))
    #expect(reasons[1] == "003 Water/Checkmarks.csv line 5: amount -5 is negative")
    #expect(reasons[2].contains("folder number 5 is not a Position in Habits.csv"))
    #expect(out.reconciles)
  }

  @Test func theNewestDialectDefinesTheHabitsWithTheirTargets() throws {
    let folder = TemporaryDirectory("loop")
    let path = try Self.zip(
      [("Habits.csv", Self.v231Habits)], in: folder, name: "Loop Habits CSV 2026-11-15.zip")
    let found = HabitPrescan.found(in: [path])
    #expect(found.map(\.key) == ["meditate", "read_write_draw", "water", "run"])
    #expect(found[1].name == "Read, write / draw" && found[1].frequency == .perWeek(3))
    #expect(found[2].kind == .count && found[2].goal == 8 && found[2].unit == "glasses")
    // 20 km per 7 days is a daily goal of 20/7 km; archived is kept.
    #expect(
      found[3].goal == 20.0 / 7 && found[3].archived
        && found[3].note?.contains("per 7 days") == true)
    #expect(found[0].description == "Did you meditate?")
  }

  @Test func readsTheSevenColumnDialectAndInfersMeasurableHabits() throws {
    let folder = TemporaryDirectory("loop")
    let path = try Self.zip(
      [
        (
          "Habits.csv",
          "Position,Name,Question,Description,NumRepetitions,Interval,Color\n"
            + "001,Meditate,,,1,1,#D32F2F\n002,\"Read, write / draw\",,,5,30,#303F9F\n"
            + "003,Water,,,1,1,#0288D1\n"
        ),
        ("001 Meditate/Checkmarks.csv", "2026-11-15,2\n2026-11-14,3\n2026-11-13,0\n2026-11-12,1\n"),
        ("002 Read write  draw/Checkmarks.csv", "2026-11-15,2\n2026-11-14,1\n"),
        ("003 Water/Checkmarks.csv", "2026-11-15,8000\n2026-11-14,3\n2026-11-13,0\n"),
        (
          "Checkmarks.csv",
          "Date,Meditate,Read, write / draw,Water,\n2026-11-15,Entry(timestamp=1, value=2),\n"
        ),
      ], in: folder, name: "old.zip")
    let out = try Self.read(path)
    #expect(
      Self.entries(out) == [
        "2026-11-15 meditate 1 check", "2026-11-14 meditate 0 skip", "2026-11-13 meditate 0 check",
        "2026-11-15 read_write_draw 1 check",
        "2026-11-15 water 8 count", "2026-11-14 water 0 skip", "2026-11-13 water 0 count",
      ])
    #expect(out.sink.extra["notKept.yesAuto"] == 2)
    let found = HabitPrescan.found(in: [path])
    // 5 times per 30 days is 5 × 7 / 30 = 1.17 days a week: 1 per week, with a note.
    #expect(found[1].frequency == .perWeek(1))
    #expect(found[1].note == "Loop's 5 times per month (1.17 a week) is read as 1 per week")
    #expect(found[2].kind == .count && found[2].goal == nil)
    #expect(out.rejects.isEmpty && out.reconciles)
  }

  @Test func readsTheOldestDialectWhereEveryDayIsWritten() throws {
    let folder = TemporaryDirectory("loop")
    let path = try Self.zip(
      [
        (
          "Habits.csv",
          "Position,Name,Description,NumRepetitions,Interval,Color\n"
            + "001,Meditate,,1,1,#D32F2F\n002,Water,,1,1,#0288D1\n003,Walk,,1,2,#388E3C\n"
        ),
        ("001 Meditate/Checkmarks.csv", "2026-11-15,2\n2026-11-14,0\n2026-11-13,1\n2026-11-12,2\n"),
        ("002 Water/Checkmarks.csv", "2026-11-15,8000\n2026-11-14,0\n2026-11-13,2500\n"),
        ("003 Walk/Checkmarks.csv", "2026-11-15,2\n2026-11-14,1\n"),
      ], in: folder, name: "older.zip")
    let out = try Self.read(path)
    // 1.8 writes every day: 0 is a day without an entry, 1 implied by the frequency.
    #expect(
      Self.entries(out) == [
        "2026-11-15 meditate 1 check", "2026-11-12 meditate 1 check",
        "2026-11-15 water 8 count", "2026-11-13 water 2.5 count",
        "2026-11-15 walk 1 check",
      ])
    #expect(out.sink.extra["notKept.noEntry"] == 2 && out.sink.extra["notKept.yesAuto"] == 2)
    let walk = HabitPrescan.found(in: [path])[2]
    // Every other day: 7 / 2 = 3.5 days a week, rounded half up to 4.
    #expect(walk.frequency == .perWeek(4) && walk.note?.contains("3.50 a week") == true)
  }

  @Test func readsTheUnpackedFolderThroughItsHabitsCSV() throws {
    let folder = TemporaryDirectory("loop")
    try FileManager.default.createDirectory(
      atPath: folder.file("002 Read write  draw"), withIntermediateDirectories: true)
    try folder.write("Habits.csv", Self.v231Habits)
    try folder.write(
      "002 Read write  draw/Checkmarks.csv", "Date,Value,Notes\n2026-11-14,YES_MANUAL,\n")
    let habits = folder.file("Habits.csv")
    #expect(try FormatDetector.detect(path: habits) == .loopFolder)
    let out = try Self.read(habits, format: .loopFolder)
    #expect(Self.entries(out) == ["2026-11-14 read_write_draw 1 check"])
  }

  @Test func aJournalMayNameALoopHabitWhateverTheInputOrder() throws {
    let folder = TemporaryDirectory("loop")
    let journal = try folder.write(
      "journal.csv", "date,habit,value\n2026-11-14,Read write draw,yes\n2026-11-14,Water,3\n")
    let zip = try Self.zip(
      [("Habits.csv", Self.v231Habits)], in: folder, name: "Loop Habits CSV 2026-11-15.zip")
    let options = IngestOptions(
      inputs: [journal, zip], output: folder.file("samples.hpt"), reader: newYork)
    let result = try IngestStage.execute(options, progress: .silent)
    #expect(result.totals.kept == 2 && result.totals.rejected == 0)
    let header = try TableFile.header(of: folder.file("samples.hpt"))
    #expect(
      header.facts.ingest?.habitsFound.map(\.key) == [
        "meditate", "read_write_draw", "water", "run",
      ])
  }

  @Test func aZipWithoutHabitsCSVOrWithForeignColumnsFailsAsAWhole() throws {
    let folder = TemporaryDirectory("loop")
    let noHabits = try Self.zip(
      [("Habits.csv", "Position,Name\n"), ("001 X/Checkmarks.csv", "2026-11-15,2\n")],
      in: folder, name: "a.zip")
    let error = healthError { _ = try Self.read(noHabits) }
    #expect(error?.code == .dataError)
    #expect(error?.message.contains("does not have Loop's columns") == true)
  }
}
