import Foundation
import HealthModel
import Ingest
import SampleExports
import TestSupport
import Testing

/// The generator's habit journal and Loop exports (all three dialects), read back and
/// counted independently by Python's `zipfile` and `csv` from Loop's documented codes
/// (docs/habits.md, "Loop Habit Tracker").
@Suite(.enabled(if: Python.available, "needs python3")) struct GeneratedHabitLogsTests {
  static let counter = """
    import csv, io, json, sys, zipfile
    z = zipfile.ZipFile(sys.argv[1])
    names = z.namelist()
    habits = list(csv.reader(io.TextIOWrapper(z.open("Habits.csv"), "utf-8")))
    header = habits[0]
    dialect = "v231" if "Type" in header else ("v20" if "Question" in header else "v18")
    words = {"YES_MANUAL": 2, "YES_AUTO": 1, "NO": 0, "SKIP": 3, "UNKNOWN": -1}
    kept = yes_auto = unknown = no_entry = 0
    folders = []
    for name in names:
        parts = name.split("/")
        if len(parts) != 2 or parts[1] != "Checkmarks.csv":
            continue
        folders.append(parts[0])
        rows = list(csv.reader(io.TextIOWrapper(z.open(name), "utf-8")))
        if rows and rows[0][0] == "Date":
            rows = rows[1:]
        values = [words.get(r[1], None) if r[1] in words else int(r[1]) for r in rows]
        number = int(parts[0].split(" ")[0])
        row = [h for h in habits[1:] if int(h[0]) == number][0]
        if dialect == "v231":
            numerical = row[2] == "NUMERICAL"
        else:
            codes = range(0, 3) if dialect == "v18" else range(-1, 4)
            numerical = any(v not in codes for v in values)
        for v in values:
            if numerical:
                if v == -1 and dialect != "v18": unknown += 1
                elif v == 0 and dialect == "v18": no_entry += 1
                else: kept += 1
            else:
                if v == 1: yes_auto += 1
                elif v == -1: unknown += 1
                elif v == 0 and dialect == "v18": no_entry += 1
                else: kept += 1
    print(json.dumps({"dialect": dialect, "kept": kept, "yesAuto": yes_auto,
        "unknown": unknown, "noEntry": no_entry, "folders": folders,
        "first": names[0], "habits": len(habits) - 1}))
    """

  @Test func eachDialectReadsBackAsPythonCountsIt() throws {
    let folder = TemporaryDirectory("generated-habits")
    var options = SyntheticOptions(days: 120, seed: 7, density: .sample)
    options.habitDays = 60
    let files = try SyntheticExport.write(
      options, formats: [.loop18, .loop20, .loop231], to: folder.path)
    #expect(files.count == 3)
    var dialects: [String] = []
    for file in files {
      #expect(try FormatDetector.detect(path: file.path) == .loopZip)
      let python = try #require(
        try Python.json(Self.counter, [file.path]) as? [String: Any])
      let out = try readFile(LoopExportReader(), path: file.path, options: newYork)
      dialects.append(python["dialect"] as! String)
      #expect(python["first"] as? String == "Habits.csv")
      #expect(python["habits"] as? Int == 6)
      // Loop deletes ',' and '/' from "Read, write / draw": folder 002 keeps the spaces.
      #expect((python["folders"] as? [String])?.contains("002 Read write  draw") == true)
      #expect(Int64(python["kept"] as! Int) == out.sink.totals.kept, "\(file.path)")
      #expect(out.sink.totals.rejected == 0)
      #expect((out.sink.extra["notKept.yesAuto"] ?? 0) == Int64(python["yesAuto"] as! Int))
      #expect((out.sink.extra["notKept.noEntry"] ?? 0) == Int64(python["noEntry"] as! Int))
      #expect((out.sink.extra["notKept.unknown"] ?? 0) == Int64(python["unknown"] as! Int))
      #expect(out.reconciles)
    }
    #expect(dialects == ["v18", "v20", "v231"])
    // The newest dialect keeps the targets: water 8 glasses at least, alcohol at most 0.
    let found = HabitPrescan.found(in: [files[2].path])
    #expect(found.first { $0.key == "drink_water" }?.goal == 8)
    #expect(found.first { $0.key == "alcohol" }?.target == .atMost)
    #expect(found.first { $0.key == "walk" }?.archived == true)
  }

  @Test func theJournalReadsWholeWithTheDemoHabits() throws {
    let folder = TemporaryDirectory("generated-journal")
    let file = try #require(
      try SyntheticExport.write(
        SyntheticOptions(days: 40, seed: 3), formats: [.habitJournal], to: folder.path
      ).first)
    #expect(try FormatDetector.detect(path: file.path) == .habitJournal)
    let habits = ["meditate", "read", "water", "stretch", "run", "alcohol"].map { key in
      HabitDefinition(
        key: key,
        kind: ["read", "run"].contains(key)
          ? .duration : ["water", "alcohol"].contains(key) ? .count : .check)
    }
    let rows = try #require(
      try Python.json(
        "import csv,sys,json; print(json.dumps(len(list(csv.DictReader(open(sys.argv[1]))))))",
        [file.path]) as? Int)
    let out = try readFile(
      HabitJournalReader(), path: file.path,
      options: ReaderOptions(timeZone: "America/New_York", habits: habits))
    // Every row is kept: the file's time is the export's, so no date is in its future.
    #expect(out.samples.count == rows && rows == file.items && out.rejects.isEmpty)
  }
}
