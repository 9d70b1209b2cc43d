import Foundation
import HealthModel
import HealthSystem
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The malformed-input corpus (docs/reliability.md): every committed case in
/// `Tests/Corpus/cases.tsv` and the generated ones (inputs cut at many offsets, damaged tables, a
/// 10 MB attribute, a zip bomb, deep nesting) run through the built binary with a time limit. Each
/// gives its documented exit code and a message naming the place; a refused input leaves every
/// earlier output byte-identical and no temporary file behind.
@Suite("Malformed-input corpus")
struct CorpusTests {
  // MARK: - Committed cases

  @Test("committed corpus case", arguments: CorpusCase.all)
  func committed(_ c: CorpusCase) throws {
    let fixtures = try CorpusFixtures.shared.get()
    let dir = TemporaryDirectory("corpus")
    let input = dir.file((c.file as NSString).lastPathComponent)
    try FileManager.default.copyItem(atPath: c.path, toPath: input)
    let out = dir.file("out")
    try fixtures.earlierOutputs(for: c.verb, into: out)
    let before = try FolderSnapshot(out)
    let inputBefore = try Data(contentsOf: URL(fileURLWithPath: input))
    let caseFolderBefore = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()

    let r = try BoundedRun.healthpipe(c.arguments(input: input, out: out))
    try #require(!r.timedOut, "\(c.file): no result within the time limit (hang)")
    #expect(r.code == c.exit, "\(c.file) \(c.command): \(r.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == inputBefore)
    #expect(try FolderSnapshot(out).hiddenFiles.isEmpty, "temporary files left in \(out)")

    // docs/reliability.md, "Limits": every case ends within 10 s of CPU and 300 MB.
    #expect(r.withinBudget, "\(c.file): \(r.usage)")
    switch c.check {
    case .stderr:
      let message = c.message.replacingOccurrences(of: "{out}", with: out)
      #expect(r.stderr.contains(message), "\(c.file): \(r.stderr)")
      let place = c.place.replacingOccurrences(of: "{input}", with: input)
        .replacingOccurrences(of: "{out}", with: out)
      #expect(r.stderr.contains(place), "\(c.file): expected the place '\(place)' in \(r.stderr)")
      #expect(!r.stderr.contains("internal error"), "\(r.stderr)")
      // Refused: every earlier output is byte-identical.
      let after = try FolderSnapshot(out)
      #expect(after == before, "\(c.file) changed \(before.differences(to: after))")
      // Nothing created beside the input either (a pipeline's work or report folder).
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == caseFolderBefore)
    case .rejects, .samples:
      let table = c.check == .rejects ? c.rejectsTable(out: out) : out + "/samples.hpt"
      let rows = try CSVRecords.export(table)
      let matches = rows.filter { $0.raw.contains(c.message) }
      #expect(!matches.isEmpty, "\(c.file): no row with '\(c.message)' in \(table)")
      #expect(
        matches.contains { $0.fields.last == c.place },
        "\(c.file): the row with '\(c.message)' is not record \(c.place): \(matches.map(\.raw))")
    }
  }

  // MARK: - Inputs cut short at many offsets

  /// Offsets spread over a file: a few at the start, `count` evenly spaced, none in the last
  /// `tail` bytes (so the cut always removes real content).
  static func offsets(size: Int, count: Int, tail: Int) -> [Int] {
    let last = size - tail
    var set = Set([1, 2, 7, 64, 500].filter { $0 < last })
    for k in 1...count { set.insert(last * k / (count + 1)) }
    return set.sorted()
  }

  @Test(
    "Apple XML, zip and Health Auto Export JSON cut at many offsets are exit 65 naming the place",
    arguments: [
      "export.xml", "export.zip", "HealthAutoExport-2026-03-01-2026-07-08.json",
    ])
  func truncatedStructured(_ name: String) throws {
    let fixtures = try CorpusFixtures.shared.get()
    let whole = try Data(
      contentsOf: Healthpipe.repositoryRoot.appendingPathComponent("SampleData/\(name)"))
    // XML ends "</HealthData>\n" (14 bytes), JSON with its closing braces: cutting inside
    // the last 16 bytes could leave a complete document, so those offsets are not used.
    let cuts = Self.offsets(size: whole.count, count: 18, tail: 16)
    let dir = TemporaryDirectory("corpus-cut")
    let out = dir.file("out")
    try fixtures.earlierOutputs(for: "ingest", into: out)
    let before = try FolderSnapshot(out)
    for cut in cuts {
      let input = dir.file("cut-\(cut)-" + name)
      try whole.prefix(cut).write(to: URL(fileURLWithPath: input))
      let r = try BoundedRun.healthpipe(["ingest", input, "--out", out + "/samples.hpt"])
      try #require(!r.timedOut, "\(name) cut at \(cut): hang")
      #expect(r.code == 65, "\(name) cut at \(cut): \(r.stderr)")
      #expect(r.stderr.contains(input), "\(name) cut at \(cut): \(r.stderr)")
      // The place: a byte offset inside what is there (line:column for JSON as well).
      let offset = CorpusText.byteOffset(in: r.stderr)
      #expect(offset != nil && offset! <= cut, "\(name) cut at \(cut): \(r.stderr)")
      #expect(try FolderSnapshot(out) == before, "\(name) cut at \(cut) changed the outputs")
      try FileManager.default.removeItem(atPath: input)
    }
  }

  @Test(
    "CSV cut inside a line: the cut row is rejected (or the file refused) at its line, the rows before are kept",
    arguments: [
      "HealthAutoExport-2025-10-22-2026-02-28 Data.csv", "Workouts-2025-10-22-2026-02-28.csv",
      "ring-2026-08-18-2026-11-15.csv",
    ])
  func truncatedCSV(_ name: String) throws {
    let whole = try Data(
      contentsOf: Healthpipe.repositoryRoot.appendingPathComponent("SampleData/\(name)"))
    let bytes = [UInt8](whole)
    let headerEnd = bytes.firstIndex(of: 0x0A)! + 1
    let dir = TemporaryDirectory("corpus-cut-csv")
    var cuts = Self.offsets(size: bytes.count - headerEnd, count: 10, tail: 4).map {
      $0 + headerEnd
    }
    // Never right after a line break: that is a shorter but complete file.
    cuts = cuts.filter { bytes[$0 - 1] != 0x0A && bytes[$0 - 1] != 0x0D }
    for cut in cuts {
      let input = dir.file("cut-\(cut).csv")
      try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: input))
      // The line the cut falls in, counted independently of healthpipe (no field of these
      // files holds a line break).
      let line = bytes[..<cut].filter { $0 == 0x0A }.count + 1
      let out = dir.file("out-\(cut)")
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      let r = try BoundedRun.healthpipe(["ingest", input, "--out", out + "/samples.hpt"])
      try #require(!r.timedOut, "\(name) cut at \(cut): hang")
      if r.code == 65 {
        // Only a quoted field left open (the ring file quotes its source) refuses the file.
        #expect(r.stderr.contains("\(input):\(line)"), "\(name) cut at \(cut): \(r.stderr)")
        #expect(r.stderr.contains("never closes"), "\(r.stderr)")
        continue
      }
      // A cut in the first data line leaves no row whole: the file kept nothing (exit 1).
      #expect(r.code == (line == 2 ? 1 : 0), "\(name) cut at \(cut): \(r.stderr)")
      let rejects = try CSVRecords.export(out + "/rejects-ingest.hpt")
      #expect(
        rejects.contains { $0.fields.last == String(line) },
        "\(name) cut at \(cut) (line \(line)): \(rejects.map(\.raw))")
      let samples = try CSVRecords.export(out + "/samples.hpt")
      #expect(samples.allSatisfy { Int($0.fields.last ?? "") ?? .max < line })
    }
  }

  // MARK: - Damaged tables

  @Test("a table cut at many offsets or with any byte flipped is exit 65 with the byte offset")
  func damagedTables() throws {
    let fixtures = try CorpusFixtures.shared.get()
    let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtures.samples)))
    let dir = TemporaryDirectory("corpus-table")
    let out = dir.file("out")
    try fixtures.earlierOutputs(for: "clean", into: out)
    let before = try FolderSnapshot(out)
    var damaged: [(String, [UInt8])] = Self.offsets(size: whole.count, count: 14, tail: 1).map {
      ("cut-\($0)", Array(whole[..<$0]))
    }
    for at in Self.offsets(size: whole.count, count: 14, tail: 0) + [whole.count - 1] {
      var flipped = whole
      flipped[at] ^= 0x10
      damaged.append(("flip-\(at)", flipped))
    }
    damaged.append(("trailing-byte", whole + [0]))
    for (label, bytes) in damaged {
      let path = dir.file(label + ".hpt")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      for arguments in [
        ["clean", path, "--out", out + "/clean.hpt"], ["export", path], ["inspect", path],
        ["aggregate", path, "--out", out + "/agg", "--as-of", "2024-06-01"],
      ] {
        let r = try BoundedRun.healthpipe(arguments)
        try #require(!r.timedOut, "\(label) \(arguments[0]): hang")
        #expect(r.code == 65, "\(label) \(arguments[0]): \(r.stderr)")
        // `inspect` prints a damaged body in its report on standard output (an unreadable
        // header is an error on standard error like everywhere else).
        let message = arguments[0] == "inspect" ? r.stdout + r.stderr : r.stderr
        #expect(message.contains(path + " (byte "), "\(label) \(arguments[0]): \(message)")
        if arguments[0] == "export" { #expect(r.stdout.isEmpty, "\(label): export printed rows") }
      }
      #expect(try FolderSnapshot(out) == before, "\(label) changed the earlier outputs")
    }
  }

  @Test(
    "report refuses an aggregate folder with a damaged or missing table, keeping the old report")
  func damagedAggregateFolder() throws {
    let fixtures = try CorpusFixtures.shared.get()
    let dir = TemporaryDirectory("corpus-report")
    let out = dir.file("out")
    try fixtures.earlierOutputs(for: "report", into: out)
    let before = try FolderSnapshot(out)
    for (table, cut) in [("scores.hpt", true), ("baselines.hpt", true), ("daily.hpt", false)] {
      let agg = dir.file("agg-\(table)")
      try FileManager.default.copyItem(atPath: fixtures.aggregate, toPath: agg)
      let path = agg + "/" + table
      if cut {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
      } else {
        try FileManager.default.removeItem(atPath: path)
      }
      let r = try BoundedRun.healthpipe([
        "report", agg, "--format", "html", "--out", out + "/report.html",
      ])
      try #require(!r.timedOut)
      #expect(r.code == (cut ? 65 : 66), "\(table): \(r.stderr)")
      #expect(r.stderr.contains(path), "\(r.stderr)")
      #expect(try FolderSnapshot(out) == before)
    }
  }

  // MARK: - Generated inputs too big to commit

  @Test("a 10 MB attribute is one rejects row; the rest of the file and every later stage run")
  func tenMegabyteAttribute() throws {
    let dir = TemporaryDirectory("corpus-big")
    let input = dir.file("big-attribute.xml")
    let big = String(repeating: "x", count: 10 << 20)
    try CorpusText.appleExport(records: [
      CorpusText.stepRecord(hour: 8, source: "P"), CorpusText.stepRecord(hour: 9, source: big),
      CorpusText.stepRecord(hour: 10, source: "P"),
    ]).write(toFile: input, atomically: false, encoding: .utf8)
    let ingest = try BoundedRun.healthpipe(["ingest", input, "--out", dir.file("s.hpt")])
    #expect(ingest.code == 0, "\(ingest.stderr)")
    let rejects = try CSVRecords.export(dir.file("rejects-ingest.hpt"))
    // Lines: HealthData 1, ExportDate 2, the three records 3, 4, 5.
    #expect(rejects.count == 1)
    #expect(rejects.first?.raw.contains("the source name is 10485760 bytes long") == true)
    #expect(rejects.first?.fields.last == "4")
    #expect(try CSVRecords.export(dir.file("s.hpt")).map { $0.fields.last } == ["3", "5"])
    for arguments in [
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", "2024-01-07"],
      ["report", dir.file("agg"), "--format", "html", "--out", dir.file("r.html")],
    ] {
      let r = try BoundedRun.healthpipe(arguments)
      #expect(r.code == 0, "\(arguments[0]): \(r.stderr)")
    }
  }

  @Test("markup, control characters and quotes in a source name reach every report escaped")
  func hostileSourceName() throws {
    let dir = TemporaryDirectory("corpus-hostile")
    let input = dir.file("hostile.csv")
    var csv = "date,metric,value,unit,source\n"
    // No U+0000: a record holding one is rejected at ingest (CSVInjectionTests).
    for day in 1...8 {
      csv +=
        "2024-05-0\(day),steps,\(day * 1000),count,\"<script>alert(1)</script> & \u{01}\u{0B} \"\"q\"\" ]]> -->\"\n"
    }
    try csv.write(toFile: input, atomically: false, encoding: .utf8)
    for arguments in [
      ["ingest", input, "--out", dir.file("s.hpt")],
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", "2024-05-08"],
      ["report", dir.file("agg"), "--format", "html", "--out", dir.file("r.html")],
      ["report", dir.file("agg"), "--format", "markdown", "--out", dir.file("r.md")],
      [
        "report", dir.file("agg"), "--format", "email", "--to", "a@example.org", "--out",
        dir.file("r.eml"),
      ],
    ] {
      let r = try BoundedRun.healthpipe(arguments)
      #expect(r.code == 0, "\(arguments[0]): \(r.stderr)")
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path)
    where name.hasPrefix("r.") && !name.hasSuffix(".json") {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file(name))))
      #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "\(name)")
      // The e-mail's text/plain part shows the name as text, `<script>` included.
      if !name.hasSuffix(".eml") {
        #expect(!String(decoding: bytes, as: UTF8.self).contains("<script>"), "\(name)")
      }
    }
  }

  @Test("a zip bomb is refused at once with a clear error; one that lies about its size too")
  func zipBomb() throws {
    let dir = TemporaryDirectory("corpus-bomb")
    // 200 MB of blanks between two records deflate about 1030:1 (zlib's best).
    var content = Array(
      CorpusText.appleExport(records: [CorpusText.stepRecord(hour: 8, source: "P")]).utf8)
    content.insert(contentsOf: [UInt8](repeating: 0x20, count: 200 << 20), at: content.count - 15)
    let compressed = try CorpusZip.deflate(content)
    for (label, declared) in [("honest", Int64(content.count)), ("lying", Int64(1000))] {
      let path = dir.file("bomb-\(label).zip")
      try Data(
        CorpusZip.archive(
          name: "apple_health_export/export.xml", content: content, compressed: compressed,
          declaredSize: declared)
      ).write(to: URL(fileURLWithPath: path))
      let r = try BoundedRun.healthpipe(["ingest", path, "--out", dir.file("s.hpt")])
      try #require(!r.timedOut, "\(label) bomb: hang")
      #expect(r.code == 65, "\(label): \(r.stderr)")
      #expect(r.stderr.contains(path), "\(r.stderr)")
      #expect(
        r.stderr.contains(
          label == "honest"
            ? "refusing a possible zip bomb" : "inflates to more than its declared 1000 bytes"),
        "\(label): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.file("s.hpt")))
    }
  }

  @Test("a million nested elements are refused at the 257th level, not read into memory")
  func millionNestedElements() throws {
    let dir = TemporaryDirectory("corpus-deep")
    let input = dir.file("deep.xml")
    let head = "<HealthData locale=\"en_US\">\n<ExportDate value=\"2024-06-01 12:00:00 -0700\"/>\n"
    try
      (head + String(repeating: "<a>", count: 1_000_000)
      + String(repeating: "</a>", count: 1_000_000)
      + "\n</HealthData>\n").write(toFile: input, atomically: false, encoding: .utf8)
    let r = try BoundedRun.healthpipe(["ingest", input, "--out", dir.file("s.hpt")])
    try #require(!r.timedOut)
    #expect(r.code == 65)
    // The head is 76 bytes; the 256th <a> starts after 255 others.
    #expect(r.stderr.contains("\(input):3 (byte \(76 + 255 * 3)): elements nested deeper than 256"))
  }

  @Test("300,000 attributes in one record: one rejects row, read within the time limit")
  func manyAttributes() throws {
    // docs/reliability.md, finding 17: 100,000 attributes took 54 s when each was compared with all
    // before it (quadratic: 300,000 would take about 8 minutes, past the time limit).
    let dir = TemporaryDirectory("corpus-attributes")
    let input = dir.file("attributes.xml")
    let filler = (0..<300_000).map { " a\($0)=\"v\"" }.joined()
    let huge =
      "<Record type=\"HKQuantityTypeIdentifierStepCount\"\(filler) sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 09:00:00 -0800\" endDate=\"2024-01-01 09:10:00 -0800\" value=\"5\"/>\n"
    try CorpusText.appleExport(records: [
      CorpusText.stepRecord(hour: 8, source: "P"), huge,
      CorpusText.stepRecord(hour: 10, source: "P"),
    ]).write(toFile: input, atomically: false, encoding: .utf8)
    let r = try BoundedRun.healthpipe(["ingest", input, "--out", dir.file("s.hpt")])
    try #require(!r.timedOut, "300,000 attributes: no result within the time limit")
    #expect(r.code == 0, "\(r.stderr)")
    // Lines: HealthData 1, ExportDate 2, the records 3, 4, 5.
    let rejects = try CSVRecords.export(dir.file("rejects-ingest.hpt"))
    #expect(rejects.map { $0.fields.last } == ["4"])
    #expect(rejects.first?.raw.contains("more than 64 attributes in one element") == true)
    #expect(try CSVRecords.export(dir.file("s.hpt")).map { $0.fields.last } == ["3", "5"])
  }

  @Test("dates decades apart and an as-of in year 9999 aggregate in bounded time and rows")
  func farApartDates() throws {
    let dir = TemporaryDirectory("corpus-far")
    let input = dir.file("far.csv")
    try """
    date,metric,value,unit,source,end
    0001-01-01T08:00:00+00:00,steps,100,count,phone,0001-01-01T09:00:00+00:00
    1000-01-01T08:00:00+00:00,steps,100,count,phone,9999-01-01T09:00:00+00:00
    2024-05-01T08:00:00+00:00,steps,100,count,phone,2024-05-01T09:00:00+00:00

    """.write(toFile: input, atomically: false, encoding: .utf8)
    #expect(try BoundedRun.healthpipe(["ingest", input, "--out", dir.file("s.hpt")]).code == 0)
    #expect(
      try BoundedRun.healthpipe(["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")]).code == 0)
    // The 9000-year row is rejected by clean (line 3 of the CSV).
    let rejects = try CSVRecords.export(dir.file("rejects-clean.hpt"))
    #expect(rejects.contains { $0.raw.contains("longer than 366 days") && $0.fields.last == "3" })
    for asOf in ["2024-05-31", "9999-12-31"] {
      let agg = dir.file("agg-\(asOf)")
      let r = try BoundedRun.healthpipe([
        "aggregate", dir.file("c.hpt"), "--out", agg, "--as-of", asOf,
      ])
      try #require(!r.timedOut, "aggregate as of \(asOf): hang")
      #expect(r.code == 0, "\(r.stderr)")
      // Scores: one row per day from the stretch start (2024-05-01: 31 days) or, as of
      // 9999-12-31 long after the data, the last 367 days.
      let scores = try CSVRecords.export(agg + "/scores.hpt")
      #expect(scores.count == (asOf == "2024-05-31" ? 31 : 367))
    }
  }
}

// MARK: - The manifest

/// One line of `Tests/Corpus/cases.tsv`.
struct CorpusCase: Sendable, CustomTestStringConvertible {
  enum Check: String, Sendable { case stderr, rejects, samples }
  var file: String
  var command: String
  var exit: Int32
  var check: Check
  var message: String
  var place: String

  var testDescription: String { "\(file) (\(command.split(separator: " ")[0]), \(check.rawValue))" }

  /// The corpus folder.
  static var folder: URL { Healthpipe.repositoryRoot.appendingPathComponent("Tests/Corpus") }
  /// The committed file.
  var path: String { Self.folder.appendingPathComponent(file).path }
  /// The command's verb (`ingest`, `clean`, ...).
  var verb: String { String(command.split(separator: " ")[0]) }

  /// The command line with the placeholders filled in.
  func arguments(input: String, out: String) -> [String] {
    command.split(separator: " ").map {
      $0.replacingOccurrences(of: "{input}", with: input).replacingOccurrences(
        of: "{out}", with: out)
    }
  }

  /// The rejects table the command writes.
  func rejectsTable(out: String) -> String {
    out + (verb == "clean" ? "/rejects-clean.hpt" : "/rejects-ingest.hpt")
  }

  /// Every case of the manifest (a malformed line fails the suite through `parse`).
  static let all: [CorpusCase] = {
    let text =
      (try? String(contentsOf: folder.appendingPathComponent("cases.tsv"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap(parse)
  }()

  static func parse(_ line: Substring) -> CorpusCase? {
    if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
    let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard f.count == 6, let exit = Int32(f[2]), let check = Check(rawValue: f[3]) else {
      return CorpusCase(
        file: "cases.tsv", command: "malformed manifest line", exit: -1, check: .stderr,
        message: String(line), place: "")
    }
    return CorpusCase(
      file: f[0], command: f[1], exit: exit, check: check, message: unescape(f[4]), place: f[5])
  }

  static func unescape(_ s: String) -> String {
    var out = ""
    var escaped = false
    for c in s {
      if escaped {
        out.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else {
        out.append(c)
      }
    }
    return out
  }
}

// MARK: - Good inputs and earlier outputs

/// Good inputs and the outputs each command writes from them, made once per test run with
/// the binary; every case starts from a copy of the outputs of its command.
final class CorpusFixtures: Sendable {
  let folder: String
  /// A small Apple export over three days.
  let xml: String
  /// Its samples table, cleaned table and aggregate folder.
  let samples: String
  let cleaned: String
  let aggregate: String

  static let shared: Result<CorpusFixtures, any Error> = Result { try CorpusFixtures() }

  private init() throws {
    folder = NSTemporaryDirectory() + "/corpus-fixtures-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    xml = folder + "/good.xml"
    samples = folder + "/ingest/samples.hpt"
    cleaned = folder + "/clean/clean.hpt"
    aggregate = folder + "/aggregate/agg"
    try CorpusText.threeDaysOfSteps.write(toFile: xml, atomically: false, encoding: .utf8)
    for (verb, arguments) in [
      ("ingest", ["ingest", xml, "--out", samples]),
      ("clean", ["clean", samples, "--out", cleaned]),
      ("aggregate", ["aggregate", cleaned, "--out", aggregate, "--as-of", "2024-01-07"]),
      (
        "report",
        ["report", aggregate, "--format", "html", "--out", folder + "/report/report.html"]
      ),
    ] {
      try FileManager.default.createDirectory(
        atPath: folder + "/" + verb, withIntermediateDirectories: true)
      let r = try BoundedRun.healthpipe(arguments)
      guard r.code == 0 else {
        throw HealthError(.internalError, "fixture \(verb) failed: \(r.stderr)")
      }
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// Copies what `verb` wrote from the good input into `out` (an empty folder for commands
  /// that write no files).
  func earlierOutputs(for verb: String, into out: String) throws {
    let source = folder + "/" + verb
    if ["ingest", "clean", "aggregate", "report"].contains(verb) {
      try FileManager.default.copyItem(atPath: source, toPath: out)
    } else {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    }
  }
}

// MARK: - Running with a time limit

/// Runs the binary with a time limit; output goes to files, so a process that writes a lot
/// or never ends cannot block the test.
enum BoundedRun {
  struct Result {
    var code: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
    /// The child's peak resident set size (`VmHWM`, read from /proc while it ran; 0 where
    /// /proc is missing).
    var peakRSSBytes: Int64 = 0
    /// The child's user + system CPU seconds (read from /proc while it ran).
    var cpuSeconds: Double = 0

    /// The budget of every hostile or malformed input (docs/reliability.md, "Limits"): at
    /// most 10 s of CPU and 300 MB. CPU time, not wall time: the tests share two cores with
    /// other builds, which stretches the wall clock but not the work done.
    var withinBudget: Bool { cpuSeconds <= 10 && peakRSSBytes <= 300 << 20 }

    /// `cpu 0.42 s, peak 31 MB`, for messages.
    var usage: String {
      "cpu \(String(format: "%.2f", cpuSeconds)) s, peak \(peakRSSBytes >> 20) MB"
    }
  }

  /// Generous: a debug build on a busy machine. Only a hang reaches it.
  static let limit: Double = 180

  static func healthpipe(
    _ arguments: [String], environment: [String: String] = [:], limit: Double = limit
  ) throws -> Result {
    let process = try start(arguments, environment: environment)
    return finish(process, limit: limit)
  }

  /// A started process and the files its output goes to.
  struct Started {
    var process: Process
    var stdout: String
    var stderr: String
  }

  static func start(
    _ arguments: [String], environment: [String: String] = [:], executable: String? = nil
  ) throws -> Started {
    let base = NSTemporaryDirectory() + "/run-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
    let process = Process()
    process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? Healthpipe.binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
    process.standardError = FileHandle(forWritingAtPath: base + ".err")
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return Started(process: process, stdout: base + ".out", stderr: base + ".err")
  }

  static func finish(_ started: Started, limit: Double = limit) -> Result {
    let deadline = Date().addingTimeInterval(limit)
    var timedOut = false
    var usage = ChildUsage()
    let pid = started.process.processIdentifier
    while started.process.isRunning {
      usage.sample(pid)
      if Date() > deadline {
        timedOut = true
        kill(pid, SIGKILL)
        break
      }
      usleep(5_000)
    }
    started.process.waitUntilExit()
    let out = (try? String(contentsOfFile: started.stdout, encoding: .utf8)) ?? ""
    let err = (try? String(contentsOfFile: started.stderr, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: started.stdout)
    try? FileManager.default.removeItem(atPath: started.stderr)
    return Result(
      code: started.process.terminationStatus, stdout: out, stderr: err, timedOut: timedOut,
      peakRSSBytes: usage.peakRSSBytes, cpuSeconds: usage.cpuSeconds)
  }
}

/// What a running child has used so far, from /proc/PID: the peak resident set (`VmHWM`,
/// the high-water mark of the child's own memory, exact whatever the parent's size) and
/// the CPU time. Sampled every few milliseconds while it runs, so the last sample is within
/// one interval of the end.
struct ChildUsage {
  var peakRSSBytes: Int64 = 0
  var cpuSeconds: Double = 0

  mutating func sample(_ pid: Int32) {
    if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kb = Int64(
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    {
      peakRSSBytes = max(peakRSSBytes, kb * 1024)
    }
    // Fields 14 and 15 of /proc/PID/stat (after the parenthesised name): user and system
    // time in clock ticks.
    if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    {
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) {
        cpuSeconds = max(cpuSeconds, (user + system) / Double(sysconf(Int32(_SC_CLK_TCK))))
      }
    }
  }
}

// MARK: - Comparing folders

/// Every file under a folder (recursively, hidden ones included) with its bytes.
struct FolderSnapshot: Equatable {
  var files: [String: Data]

  init(_ folder: String) throws {
    files = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return }
    for case let relative as String in walker {
      let path = folder + "/" + relative
      if !SystemCalls.isDirectory(path) {
        files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
    }
  }

  /// Files whose name starts with '.': the writers' temporary and part files.
  var hiddenFiles: [String] {
    files.keys.filter { ($0 as NSString).lastPathComponent.hasPrefix(".") }.sorted()
  }

  /// What differs, for messages.
  func differences(to other: FolderSnapshot) -> [String] {
    Set(files.keys).union(other.files.keys).sorted().filter { files[$0] != other.files[$0] }
  }
}

// MARK: - Reading exported tables

/// The records of `healthpipe export TABLE` (RFC 4180), each with its raw text.
enum CSVRecords {
  struct Record {
    var raw: String
    var fields: [String]
  }

  /// The data records (header dropped) of a table, exported by the binary.
  static func export(_ table: String) throws -> [Record] {
    let r = try BoundedRun.healthpipe(["export", table])
    guard r.code == 0 else { throw HealthError(.dataError, "export \(table): \(r.stderr)") }
    return Array(parse(r.stdout).dropFirst())
  }

  static func parse(_ text: String) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field = ""
    var raw = ""
    var quoted = false
    var chars = Array(text)[...]
    while let c = chars.popFirst() {
      if quoted {
        raw.append(c)
        if c == "\"" {
          if chars.first == "\"" {
            raw.append(chars.popFirst()!)
            field.append("\"")
          } else {
            quoted = false
          }
        } else {
          field.append(c)
        }
        continue
      }
      switch c {
      case "\"":
        quoted = true
        raw.append(c)
      case ",":
        fields.append(field)
        field = ""
        raw.append(c)
      case "\r\n", "\n":
        fields.append(field)
        records.append(Record(raw: raw, fields: fields))
        fields = []
        field = ""
        raw = ""
      default:
        field.append(c)
        raw.append(c)
      }
    }
    return records
  }
}

// MARK: - Small generated inputs

enum CorpusText {
  /// An Apple export: `<HealthData>` on line 1, `<ExportDate>` on line 2, one record a line.
  static func appleExport(records: [String]) -> String {
    "<HealthData locale=\"en_US\">\n<ExportDate value=\"2024-06-01 12:00:00 -0700\"/>\n"
      + records.joined() + "</HealthData>\n"
  }

  /// Three days (2024-01-01 to 03) of one source's steps at 08:00, 12:00 and 18:00.
  static var threeDaysOfSteps: String {
    appleExport(
      records: (1...3).flatMap { day in
        [8, 12, 18].map { stepRecord(day: day, hour: $0, source: "P") }
      })
  }

  /// A ten-minute step record on 2024-01-`day` at `hour`:00 -0800.
  static func stepRecord(day: Int = 1, hour: Int, source: String) -> String {
    let d = day < 10 ? "0\(day)" : "\(day)"
    let h = hour < 10 ? "0\(hour)" : "\(hour)"
    return
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" unit=\"count\" startDate=\"2024-01-\(d) \(h):00:00 -0800\" endDate=\"2024-01-\(d) \(h):10:00 -0800\" value=\"\(100 + hour)\"/>\n"
  }

  /// N from the first `(byte N)` in a message.
  static func byteOffset(in text: String) -> Int? {
    guard let range = text.range(of: "(byte ") else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }
}

enum CorpusZip {
  /// Raw deflate (as zip stores it) through HealthCore's zlib binding.
  static func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
    try Deflater.compress(bytes, wrapping: .raw, level: 9)
  }

  /// A one-entry zip with the given declared uncompressed size.
  static func archive(name: String, content: [UInt8], compressed: [UInt8], declaredSize: Int64)
    -> [UInt8]
  {
    let crc = CRC32.checksum(content)
    let n = Array(name.utf8)
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func le32(_ v: Int64) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    let common =
      le16(20) + le16(0) + le16(8) + le16(0) + le16(0x21) + le32(Int64(crc))
      + le32(Int64(compressed.count)) + le32(declaredSize) + le16(n.count) + le16(0)
    let local = le32(0x0403_4B50) + common + n
    let central =
      le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + n
    let end =
      le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(Int64(central.count))
      + le32(Int64(local.count + compressed.count)) + le16(0)
    return local + compressed + central + end
  }
}
