import Foundation
import TestSupport
import Testing

@Suite("healthpipe sample")
struct SampleCommandTests {
  static func files(_ dir: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: dir + "/" + name, isDirectory: &isDirectory)
      result[name] =
        isDirectory.boolValue
        ? Data() : try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
    }
    return result
  }

  @Test("writes every format and the truth, lists them, exits 0, and reruns byte for byte")
  func writes() throws {
    let a = TemporaryDirectory("sample")
    let b = TemporaryDirectory("sample")
    let args = ["sample", "--days", "20", "--seed", "5", "--density", "sample"]
    let r1 = try Healthpipe.run(args + ["--out", a.path + "/out", "--truth", a.file("truth.csv")])
    #expect(r1.code == 0, "\(r1.stderr)")
    let r2 = try Healthpipe.run(args + ["--out", b.path + "/out", "--truth", b.file("truth.csv")])
    #expect(r2.code == 0, "\(r2.stderr)")
    let first = try Self.files(a.path + "/out")
    let second = try Self.files(b.path + "/out")
    // 20 days to 2026-11-15: Apple 10-27..11-15, JSON the 20 days before, CSV the 20 before
    // those, the ring all 20.
    #expect(
      first.keys.sorted() == [
        "HealthAutoExport-2026-09-17-2026-10-06 Data.csv",
        "HealthAutoExport-2026-10-07-2026-10-26.json", "Workouts-2026-09-17-2026-10-06.csv",
        "export.xml", "export.zip", "ring-2026-10-27-2026-11-15.csv",
      ])
    #expect(first == second)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: a.file("truth.csv")))
        == Data(contentsOf: URL(fileURLWithPath: b.file("truth.csv"))))
    // stdout lists each file with its size; the summary line goes to stderr.
    for (name, data) in first {
      #expect(r1.stdout.contains("/out/\(name)\t\(data.count) bytes"), "\(name)")
    }
    #expect(r1.stdout.contains("truth.csv\t"))
    #expect(r1.stderr.contains("healthpipe: sample: wrote 7 files"))
  }

  @Test("--formats, --end and --timezone choose what and when")
  func options() throws {
    let dir = TemporaryDirectory("sample")
    let r = try Healthpipe.run([
      "sample", "--days", "5", "--seed", "1", "--out", dir.path, "--formats", "apple-xml",
      "--end", "2026-07-04", "--timezone", "Europe/Berlin", "--density", "sample",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["export.xml"])
    let text = try String(contentsOfFile: dir.file("export.xml"), encoding: .utf8)
    // Berlin is at +2 h in July; the export is made at 23:58:07 on the last day.
    #expect(text.contains("<ExportDate value=\"2026-07-04 23:58:07 +0200\"/>"))
  }

  @Test("bad options exit 64 and say what is wrong; an output folder that is a file exits 73")
  func badOptions() throws {
    let dir = TemporaryDirectory("sample")
    let cases: [([String], String)] = [
      (["sample", "--seed", "1", "--out", dir.path], "--days"),
      (["sample", "--days", "0", "--seed", "1", "--out", dir.path], "--days"),
      (["sample", "--days", "3", "--seed", "x", "--out", dir.path], "--seed"),
      (["sample", "--days", "3", "--seed", "1", "--out", dir.path, "--formats", "pdf"], "pdf"),
      (
        ["sample", "--days", "3", "--seed", "1", "--out", dir.path, "--end", "15/11/2026"], "--end"
      ),
      (
        ["sample", "--days", "3", "--seed", "1", "--out", dir.path, "--timezone", "Nowhere/City"],
        "Nowhere/City"
      ),
    ]
    for (args, mention) in cases {
      let r = try Healthpipe.run(args)
      #expect(r.code == 64, "\(args): \(r.stderr)")
      #expect(r.stderr.contains(mention), "\(args): \(r.stderr)")
    }
    try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file("file")))
    let r = try Healthpipe.run(["sample", "--days", "3", "--seed", "1", "--out", dir.file("file")])
    #expect(r.code == 73, "\(r.stderr)")
  }

  @Test("SampleData/ is exactly what the command in SampleData/README.md writes")
  func sampleDataIsCurrent() throws {
    let sample = Healthpipe.repositoryRoot.appendingPathComponent("SampleData").path
    let readme = try String(contentsOfFile: sample + "/README.md", encoding: .utf8)
    #expect(readme.contains("--days 130 --seed 42 --density sample"))
    let dir = TemporaryDirectory("sample")
    let r = try Healthpipe.run([
      "sample", "--days", "130", "--seed", "42", "--density", "sample", "--out", dir.path,
      "--truth", dir.path + "/expected/truth.csv",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    // The habit journal is asked for by name (README's second command).
    #expect(readme.contains("--days 130 --seed 42 --out SampleData \\\n  --formats habit-journal"))
    let habits = try Healthpipe.run([
      "sample", "--days", "130", "--seed", "42", "--out", dir.path, "--formats", "habit-journal",
    ])
    #expect(habits.code == 0, "\(habits.stderr)")
    var committed = try Self.files(sample)
    committed["README.md"] = nil
    committed["expected"] = nil
    let fresh = try Self.files(dir.path).filter { $0.key != "expected" }
    #expect(committed.keys.sorted() == fresh.keys.sorted())
    for (name, data) in fresh { #expect(committed[name] == data, "SampleData/\(name) is stale") }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: sample + "/expected/truth.csv"))
        == Data(contentsOf: URL(fileURLWithPath: dir.path + "/expected/truth.csv")))
  }
}
