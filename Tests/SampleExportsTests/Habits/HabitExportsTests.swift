import Foundation
import SampleExports
import TestSupport
import Testing

/// The generator's habit logs: deterministic, laid out as Loop Habit Tracker's exporter
/// writes each version (checked by Python's `zipfile` and `csv`), and dated at the
/// export's moment (docs/habits.md).
@Suite struct HabitExportsTests {
  static let options = SyntheticOptions(days: 40, seed: 11, density: .sample)

  @Test func theSameOptionsGiveTheSameBytes() throws {
    func bytes() throws -> [String: Data] {
      let dir = TemporaryDirectory("habit-logs")
      var out: [String: Data] = [:]
      for f in try SyntheticExport.write(
        Self.options, formats: SyntheticFormat.habitFormats, to: dir.path)
      {
        out[URL(fileURLWithPath: f.path).lastPathComponent] = try Data(
          contentsOf: URL(fileURLWithPath: f.path))
      }
      return out
    }
    let a = try bytes()
    #expect(
      a.keys.sorted() == [
        "Loop Habits CSV 2026-11-15 v1.8.zip", "Loop Habits CSV 2026-11-15 v2.0.zip",
        "Loop Habits CSV 2026-11-15 v2.3.1.zip", "habits-2026-10-07-2026-11-15.csv",
      ])
    #expect(a == (try bytes()))
  }

  @Test(.enabled(if: Python.available, "needs python3"))
  func eachVersionsLayoutAsItsExporterWritesIt() throws {
    let dir = TemporaryDirectory("habit-logs")
    let files = try SyntheticExport.write(
      Self.options, formats: [.loop18, .loop20, .loop231], to: dir.path)
    let script = """
      import csv, io, json, sys, zipfile
      z = zipfile.ZipFile(sys.argv[1])
      names = z.namelist()
      header = next(csv.reader(io.TextIOWrapper(z.open("Habits.csv"), "utf-8")))
      first = z.open("001 Meditate/Checkmarks.csv").readline().decode().strip()
      print(json.dumps({"names": names, "header": header, "first": first}))
      """
    var headers: [[String]] = []
    for file in files {
      let r = try #require(try Python.json(script, [file.path]) as? [String: Any])
      let names = try #require(r["names"] as? [String])
      // Habits.csv first, then per habit Scores.csv and Checkmarks.csv, then the wide files.
      #expect(names.first == "Habits.csv" && names.suffix(2) == ["Scores.csv", "Checkmarks.csv"])
      #expect(names.contains("002 Read write  draw/Checkmarks.csv"))
      headers.append(try #require(r["header"] as? [String]))
      let firstLine = try #require(r["first"] as? String)
      // 2.3.1 writes a header and words; the older versions a date and a number.
      #expect(file == files[2] ? firstLine == "Date,Value,Notes" : firstLine.hasPrefix("2026-11-"))
      // Dated at the export's moment, 23:58 local on the last day (04:58 UTC in November).
      let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]
      #expect((modified as? Date)?.timeIntervalSince1970 == 1_794_805_087)
    }
    #expect(headers.map(\.count) == [6, 7, 12])
    #expect(
      headers[2][2] == "Type" && headers[1][2] == "Question" && headers[0][3] == "NumRepetitions")
  }
}
