import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// The third hostile-input round (docs/changelog/reliability.md, "Hostile and accidental
/// inputs, third round"), the findings about size: inputs too big or too many to commit to
/// the corpus, made here. Each ends within the budget (10 s of CPU, 300 MB) with its
/// documented exit code: below a limit the work is linear, past it the input is refused
/// naming the limit.
@Suite("Hostile sizes, third round")
struct HostileScaleTests {
  /// A Health Auto Export JSON with `count` metrics named `m0`, `m1`, ..., one point each.
  static func manyMetrics(_ count: Int) -> Data {
    var text = #"{"data": {"metrics": ["#
    for i in 0..<count {
      if i > 0 { text += "," }
      text +=
        #"{"name": "m\#(i)", "units": "count", "data": [{"date": "2024-01-01 08:00:00 +0000", "qty": 1}]}"#
    }
    return Data((text + "]}}\n").utf8)
  }

  @Test("finding 3: 9,999 metric names are ingested and cleaned in linear time; 12,000 are refused")
  func manyMetricNames() throws {
    let dir = TemporaryDirectory("hostile-metrics")
    try Self.manyMetrics(9_999).write(to: URL(fileURLWithPath: dir.file("ok.json")))
    let ingest = try BoundedRun.healthpipe([
      "ingest", dir.file("ok.json"), "--out", dir.file("s.hpt"),
    ])
    #expect(ingest.code == 0, "\(ingest.stderr)")
    #expect(ingest.withinBudget, "ingest: \(ingest.usage)")
    // Clean took 2.7 / 9.2 / 42.7 s for 3k / 6k / 12k names (release build) before.
    let clean = try BoundedRun.healthpipe(["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")])
    #expect(clean.code == 0, "\(clean.stderr)")
    #expect(clean.withinBudget, "clean: \(clean.usage)")
    #expect(try CSVRecords.export(dir.file("c.hpt")).count == 9_999)

    try Self.manyMetrics(12_000).write(to: URL(fileURLWithPath: dir.file("big.json")))
    let refused = try BoundedRun.healthpipe([
      "ingest", dir.file("big.json"), "--out", dir.file("s2.hpt"),
    ])
    #expect(refused.code == 65, "\(refused.stderr)")
    #expect(
      refused.stderr.contains("more than 10000 distinct record types in one input")
        && refused.stderr.contains("'m10000'"), "\(refused.stderr)")
    #expect(refused.withinBudget, "\(refused.usage)")
  }

  @Test("finding 5: a million metric names (85 MB) are refused at the 10,001st, memory flat")
  func millionMetricNames() throws {
    let dir = TemporaryDirectory("hostile-million-metrics")
    try Self.manyMetrics(1_000_000).write(to: URL(fileURLWithPath: dir.file("m.json")))
    let r = try BoundedRun.healthpipe(["ingest", dir.file("m.json"), "--out", dir.file("s.hpt")])
    #expect(r.code == 65, "\(r.stderr)")
    #expect(r.stderr.contains("more than 10000 distinct record types"), "\(r.stderr)")
    #expect(r.withinBudget, "\(r.usage)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("s.hpt")))
  }

  @Test(
    "finding 4: two million source names are refused at the 10,001st; so is such a table in clean")
  func manySources() throws {
    let dir = TemporaryDirectory("hostile-sources")
    var csv = "date,metric,value,unit,source\n"
    csv.reserveCapacity(100 << 20)
    for i in 0..<2_000_000 { csv += "2024-01-01T08:00:00Z,steps,\(i % 100),count,s\(i)\n" }
    try csv.write(toFile: dir.file("sources.csv"), atomically: false, encoding: .utf8)
    let r = try BoundedRun.healthpipe([
      "ingest", dir.file("sources.csv"), "--out", dir.file("s.hpt"),
    ])
    #expect(r.code == 65, "\(r.stderr)")
    // The 10,001st distinct name is on line 10,002 (the header is line 1).
    #expect(
      r.stderr.contains("more than 10000 distinct source names in one table")
        && r.stderr.contains("'s10000' (record 10002 of the input)"), "\(r.stderr)")
    #expect(r.withinBudget, "\(r.usage)")

    // A table made without ingest's bound (here by the table writer itself) stops clean at
    // once, with a message naming the bound, instead of a header too big to write.
    let table = dir.file("many-sources.hpt")
    let writer = try TableWriter<Sample>(
      path: table, stage: "ingest",
      inputs: [InputDescriptor(index: 0, path: "x.csv", format: "long-csv", size: 1, crc32: "0")])
    for i in 0..<20_000 {
      try writer.append(
        Sample(
          metric: .steps, start: 1_704_096_000 + Int64(i), end: 1_704_096_000 + Int64(i),
          utcOffset: 0, value: 1, unit: "count", source: "s\(i)", origin: Origin(file: 0, record: 0)
        ))
    }
    try writer.commit()
    let clean = try BoundedRun.healthpipe(["clean", table, "--out", dir.file("c.hpt")])
    #expect(clean.code == 65, "\(clean.stderr)")
    #expect(clean.stderr.contains("the table holds more than 10000 distinct source names"))
    #expect(clean.withinBudget, "\(clean.usage)")
  }

  @Test("finding 6: one data point with a million members is one rejects row, read in linear time")
  func millionMembers() throws {
    let dir = TemporaryDirectory("hostile-members")
    var text =
      #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-01-01 08:00:00 +0000", "qty": 1"#
    text.reserveCapacity(14 << 20)
    for i in 0..<1_000_000 { text += #", "k\#(i)": 1"# }
    text += #"}, {"date": "2024-01-02 08:00:00 +0000", "qty": 2}]}]}}"# + "\n"
    try text.write(toFile: dir.file("p.json"), atomically: false, encoding: .utf8)
    let r = try BoundedRun.healthpipe(["ingest", dir.file("p.json"), "--out", dir.file("s.hpt")])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.withinBudget, "\(r.usage)")
    let rejects = try CSVRecords.export(dir.file("rejects-ingest.hpt"))
    #expect(rejects.map { $0.fields.last } == ["1"])
    #expect(rejects.first?.raw.contains("has more than 1024 members") == true)
    #expect(try CSVRecords.export(dir.file("s.hpt")).map { $0.fields.last } == ["2"])
  }

  @Test(
    "finding 13: a thousand chained includes stop at the 17th level; includes are bounded in size")
  func includeChains() throws {
    let dir = TemporaryDirectory("hostile-includes")
    try "[pipeline]\ninputs = p0.pipeline\ninclude = p1.pipeline\n".write(
      toFile: dir.file("p0.pipeline"), atomically: false, encoding: .utf8)
    for i in 1..<1_000 {
      try "include = p\(i + 1).pipeline\n".write(
        toFile: dir.file("p\(i).pipeline"), atomically: false, encoding: .utf8)
    }
    let r = try BoundedRun.healthpipe(["run", dir.file("p0.pipeline"), "--plan"])
    #expect(r.code == 78, "\(r.stderr)")
    #expect(r.stderr.contains("includes nested more than 16 levels deep"), "\(r.stderr)")
    // The 17th file names the 18th (p17 includes p18 at its line 1).
    #expect(r.stderr.contains("/p16.pipeline:1: includes nested"), "\(r.stderr)")
    #expect(r.withinBudget, "\(r.usage)")

    // Five includes of 1 MB each: more than the 4 MiB all files may hold together.
    let filler = "# " + String(repeating: "x", count: 1_000_000) + "\n"
    var main = "[pipeline]\ninputs = big.pipeline\n"
    for i in 0..<5 {
      try filler.write(toFile: dir.file("f\(i).pipeline"), atomically: false, encoding: .utf8)
      main += "include = f\(i).pipeline\n"
    }
    try main.write(toFile: dir.file("big.pipeline"), atomically: false, encoding: .utf8)
    let big = try BoundedRun.healthpipe(["run", dir.file("big.pipeline"), "--plan"])
    #expect(big.code == 78, "\(big.stderr)")
    #expect(big.stderr.contains("hold more than 4194304 bytes together"), "\(big.stderr)")
    #expect(big.stderr.contains(dir.file("big.pipeline") + ":7"), "\(big.stderr)")
    #expect(big.withinBudget, "\(big.usage)")
  }

  @Test("finding 20: 100,000 inputs are refused at once (78, 64); 10,000 are the limit")
  func manyInputs() throws {
    let dir = TemporaryDirectory("hostile-inputs")
    let inputs = dir.file("in")
    try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
    for i in 0..<100_000 {
      _ = FileManager.default.createFile(atPath: inputs + "/\(i).csv", contents: Data())
    }
    try "[pipeline]\ninputs = in/*.csv\nwork = work\n".write(
      toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
    let r = try BoundedRun.healthpipe(["run", dir.file("p.pipeline")])
    #expect(r.code == 78, "\(r.stderr)")
    #expect(r.stderr.contains("the inputs name more than 10000 files"), "\(r.stderr)")
    #expect(r.stderr.contains(dir.file("p.pipeline") + ":2"), "\(r.stderr)")
    #expect(r.withinBudget, "\(r.usage)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("work")))
    let files = (0..<10_001).map { inputs + "/\($0).csv" }
    let ingest = try BoundedRun.healthpipe(["ingest"] + files + ["--out", dir.file("s.hpt")])
    #expect(ingest.code == 64, "\(ingest.stderr)")
    #expect(ingest.stderr.contains("10001 inputs; one ingest reads at most 10000 files"))
  }

  @Test("finding 21: an input rejected entirely for NUL characters names its most common reason")
  func allNUL() throws {
    let dir = TemporaryDirectory("hostile-nul")
    let csv =
      "date,metric,value,unit,source\n"
      + (1...3).map {
        "2024-01-0\($0),steps,100,count,pho\u{0}ne\n"
      }.joined()
    try csv.write(toFile: dir.file("nul.csv"), atomically: false, encoding: .utf8)
    let r = try BoundedRun.healthpipe(["ingest", dir.file("nul.csv"), "--out", dir.file("s.hpt")])
    #expect(r.code == 1, "\(r.stderr)")
    #expect(
      r.stderr.contains(
        "0 of 3 records kept; most common reject reason: malformed (3), first: "
          + "the source name holds a NUL character"), "\(r.stderr)")
  }
}
