import Foundation
import TestSupport
import Testing

/// Habits through the whole pipeline, as a user runs it: the README's main command on a
/// copy of SampleData/ (its habit journal and the six habits of Pipelines/nightly.pipeline),
/// checked by Python reading the journal, `habits.csv` and the SQLite database itself
/// (docs/habits.md).
@Suite("Habits end to end", .serialized, .enabled(if: Python.available, "needs python3"))
struct HabitsEndToEndTests {
  static let check = """
    import csv, glob, json, sqlite3, sys
    root = sys.argv[1]
    journal = list(csv.DictReader(open(glob.glob(root + "/SampleData/habits-*.csv")[0])))
    rows = list(csv.DictReader(open(root + "/.healthpipe/nightly/aggregate/habits.csv")))
    by = {(r["habit"], r["day"]): r for r in rows}
    asof = max(r["day"] for r in rows)
    # Several rows of a day add up (water), a check is done when any row says so.
    water, meditate = {}, {}
    for j in journal:
        if j["habit"] == "water":
            water[j["date"]] = water.get(j["date"], 0) + float(j["value"])
        if j["habit"] == "meditate" and j["value"] in ("", "yes"):
            meditate[j["date"]] = 1
    water_ok = all(abs(float(by[("water", d)]["value"]) - v) < 1e-9 for d, v in water.items())
    met_ok = all(by[("meditate", d)]["met"] == "true" for d in meditate)
    today = [r for r in rows if r["day"] == asof and r["state"] != "s"]
    db = sqlite3.connect(root + "/Reports/latest/health.sqlite")
    q = lambda s: db.execute(s).fetchall()
    print(json.dumps({
        "journalRows": len(journal), "habits": sorted({r["habit"] for r in rows}),
        "waterOK": water_ok, "metOK": met_ok, "asOf": asof,
        "done": sum(r["met"] == "true" for r in today), "due": len(today),
        "sqlRows": q("select count(*) from habits")[0][0], "csvRows": len(rows),
        "cleanHabit": q("select count(*) from clean_samples where metric = 'habit'")[0][0],
        "rejectedHabit": q("select count(*) from rejects_ingest where metric = 'habit'")[0][0],
        "dailyHabit": q("select count(*) from daily where metric = 'habit'")[0][0],
        "wideHabit": [c[1] for c in q("pragma table_info(daily_wide)") if "habit" in c[1]],
    }))
    """

  @Test("the main command reads the journal, keeps the habits table everywhere and shows it")
  func mainCommand() throws {
    let dir = try RunEndToEndTests.checkout()
    let run = try Healthpipe.run(["run", "Pipelines/nightly.pipeline"], in: dir.path)
    #expect(run.code == 0, "\(run.stderr)")
    let r = try Python.object(Self.check, [dir.path])
    #expect(r["habits"] as? [String] == ["alcohol", "meditate", "read", "run", "stretch", "water"])
    #expect(r["waterOK"] as? Bool == true && r["metOK"] as? Bool == true)
    // Every journal row reached the cleaned table, none was rejected, none became a
    // daily value or a daily_wide column.
    #expect(r["cleanHabit"] as? Int == r["journalRows"] as? Int)
    #expect(r["rejectedHabit"] as? Int == 0 && r["dailyHabit"] as? Int == 0)
    #expect((r["wideHabit"] as? [String])?.isEmpty == true)
    #expect(r["sqlRows"] as? Int == r["csvRows"] as? Int)
    let html = try String(contentsOfFile: dir.file("Reports/latest/nightly.html"), encoding: .utf8)
    let done = try #require(r["done"] as? Int)
    let due = try #require(r["due"] as? Int)
    #expect(html.contains("<strong>\(done) of \(due) done today</strong>"))
    #expect(html.contains("<h3>No alcohol</h3>"))
  }

  @Test("bad journal rows are rejects with their reason; the rest is kept; a typo exits 78")
  func hostileJournal() throws {
    let dir = TemporaryDirectory("habits-e2e")
    try """
    date,habit,value
    2026-11-13,meditate,yes
    2026-11-13,medtate,yes
    2026-11-14,water,-2
    2026-11-14,water,lots
    2099-01-01,water,3
    2026-11-14,water,8
    """.appending("\n").write(toFile: dir.file("journal.csv"), atomically: true, encoding: .utf8)
    let pipeline = """
      [pipeline]
      inputs = journal.csv
      as_of = 2026-11-14
      timezone = Europe/Berlin
      [habit.meditate]
      type = check
      [habit.water]
      type = count
      goal = 8
      unit = glasses
      [report]
      out = report.html

      """
    try pipeline.write(toFile: dir.file("p.pipeline"), atomically: true, encoding: .utf8)
    let run = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    #expect(run.code == 0, "\(run.stderr)")
    let rejects = try Healthpipe.run(
      ["export", ".healthpipe/p/rejects-ingest.hpt"], in: dir.path)
    #expect(rejects.stdout.contains("habit 'medtate' is not defined (did you mean meditate?)"))
    #expect(rejects.stdout.contains("water: value -2 is negative"))
    #expect(rejects.stdout.contains("water: value 'lots' is not a number of glasses"))
    #expect(rejects.stdout.contains("2099-01-01 is after"))
    let habits = try Healthpipe.run(
      ["export", ".healthpipe/p/aggregate/habits.hpt"], in: dir.path)
    #expect(habits.stdout.contains("water,2026-11-14,8,,glasses,1,true,1,1,1,"))

    try pipeline.replacingOccurrences(of: "type = count", with: "tpye = count").write(
      toFile: dir.file("p.pipeline"), atomically: true, encoding: .utf8)
    let typo = try Healthpipe.run(["run", "p.pipeline", "--plan"], in: dir.path)
    #expect(typo.code == 78)
    #expect(typo.stderr.contains("p.pipeline:8"))
    #expect(typo.stderr.contains("did you mean 'type'?"))
  }
}
