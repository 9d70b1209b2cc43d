import Foundation
import HealthModel
import HealthSystem
import SampleExports
import TestSupport
import Testing

@testable import Ingest

/// Reading an `export.xml` in pieces on several threads (`AppleChunkedRead`) must give
/// exactly what one reading gives: the same samples and rejects in the same order with the
/// same line numbers, the same counts, extras, notes and reject tally, and the same error
/// (message, line, byte offset) for a damaged file. The reference is always the same file
/// read with `parsingThreads: 1` (the one-piece parser the other suites check by hand), so
/// these tests compare the two ways of reading, at piece sizes small enough to cut the
/// documents in many places.
@Suite("Reading export.xml in pieces")
struct ChunkedReadTests {
  /// Everything a read leaves, for comparison.
  struct Outcome: Equatable {
    var samples: [Sample] = []
    var rejects: [Reject] = []
    var counts: [String: TypeCounts] = [:]
    var extra: [String: Int64] = [:]
    var notes: [String] = []
    var exportDate: Int64?
    var assumedTimeZone: String?
    var tally = RejectTally()
    var crc: UInt32?
    var error: String?
  }

  static func read(_ path: String, threads: Int, chunkBytes: Int = 256)
    -> (Outcome, AppleChunkedRead.Summary?)
  {
    var out = Outcome()
    var samples: [Sample] = []
    var rejects: [Reject] = []
    let sink = IngestSink(
      inputIndex: 3, path: path, onSample: { samples.append($0) },
      onReject: { rejects.append($0) })
    var summary: AppleChunkedRead.Summary?
    do {
      if path.hasSuffix(".zip") {
        // The zip reader decides by itself: one piece, or pieces of `chunkBytes`.
        try AppleZipReader(parsingThreads: threads, chunkBytes: chunkBytes).read(
          path: path, into: sink, options: ReaderOptions(), progress: .silent)
      } else if threads == 1 {
        try AppleXMLReader(parsingThreads: 1).read(
          path: path, into: sink, options: ReaderOptions(), progress: .silent)
      } else {
        summary = try AppleChunkedRead(
          path: path, chunkBytes: chunkBytes, workers: threads, bufferSize: 256 << 10,
          options: ReaderOptions()
        ).read(into: sink, progress: .silent)
      }
    } catch let e as HealthError {
      out.error = "\(e.message) @\(e.location?.line ?? -1):\(e.location?.byteOffset ?? -1)"
    } catch {
      out.error = "\(error)"
    }
    out.samples = samples
    out.rejects = rejects
    out.counts = sink.counts
    out.extra = sink.extra
    out.notes = sink.notes
    out.exportDate = sink.exportDate
    out.assumedTimeZone = sink.assumedTimeZone
    out.tally = sink.rejectTally
    out.crc = sink.contentCRC32
    return (out, summary)
  }

  /// Reads `path` both ways and expects the same outcome; returns the pieced read's summary.
  @discardableResult
  static func expectSame(
    _ path: String, chunkBytes: Int = 256, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> AppleChunkedRead.Summary? {
    let (one, _) = read(path, threads: 1)
    var (pieced, summary) = read(path, threads: 2, chunkBytes: chunkBytes)
    // A read continued from the middle of the file leaves the checksum to the stage.
    if pieced.crc == nil && summary?.readOnFrom != nil { pieced.crc = one.crc }
    #expect(pieced.error == one.error, sourceLocation: sourceLocation)
    // A reader that throws has its input dropped whole (IngestStage rolls back its rows and
    // keeps none of its counts): only the error is an output then.
    if one.error != nil { return summary }
    #expect(pieced.samples.count == one.samples.count, sourceLocation: sourceLocation)
    let firstDifferentSample = zip(pieced.samples, one.samples).enumerated().first {
      $0.element.0 != $0.element.1
    }?.offset
    #expect(firstDifferentSample == nil, sourceLocation: sourceLocation)
    #expect(pieced.rejects == one.rejects, sourceLocation: sourceLocation)
    #expect(pieced.counts == one.counts, sourceLocation: sourceLocation)
    #expect(pieced.extra == one.extra, sourceLocation: sourceLocation)
    #expect(pieced.notes == one.notes, sourceLocation: sourceLocation)
    #expect(pieced.exportDate == one.exportDate, sourceLocation: sourceLocation)
    #expect(pieced.assumedTimeZone == one.assumedTimeZone, sourceLocation: sourceLocation)
    #expect(pieced.tally == one.tally, sourceLocation: sourceLocation)
    #expect(pieced.crc == one.crc, sourceLocation: sourceLocation)
    return summary
  }

  static func record(_ i: Int, indent: String = " ") -> String {
    let minute = String(format: "%02d", i % 60)
    return
      "\(indent)<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" "
      + "unit=\"count\" startDate=\"2024-01-01 10:\(minute):00 -0800\" "
      + "endDate=\"2024-01-01 10:\(minute):30 -0800\" value=\"\(i)\"/>\n"
  }

  /// Records 0..<n, one per line, as Apple writes them.
  static func records(_ range: Range<Int>) -> String { range.map { record($0) }.joined() }

  static let head =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
    + " <ExportDate value=\"2024-06-01 12:00:00 -0700\"/>\n"

  /// Everything that could make a cut look right when it is not, or carry state from one
  /// piece to the next: `<Record` lines with one space inside a comment, CDATA and a
  /// correlation; a tag spanning lines; a nested unknown element (its reject names its
  /// parent's line); an illegal character before a record; a second `ExportDate` followed
  /// by activity summaries (which take its offset); a workout with children; a bad date;
  /// and 230 unknown element names inside correlations (200 are counted one by one).
  static let traps: [(name: String, text: String)] = {
    var unknown = ""
    for n in 0..<230 {
      unknown +=
        " <Correlation type=\"HKCorrelationTypeIdentifierFood\">\n  <Unknown\(n) a=\"1\"/>\n"
        + " </Correlation>\n" + record(n)
    }
    return [
      ("comment", " <!-- a comment\n <Record type=\"HKQuantityTypeIdentifierStepCount\"/>\n-->\n"),
      ("cdata", " <![CDATA[\n <Record type=\"x\"/>\n]]>\n"),
      (
        "correlation",
        " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Cuff\" "
          + "startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:00:00 -0800\">\n"
          + records(0..<8) + " </Correlation>\n"
      ),
      (
        "multi-line tag",
        " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"a\nb\n c\"\n "
          + "unit=\"count\" startDate=\"2024-01-01 11:00:00 -0800\" "
          + "endDate=\"2024-01-01 11:00:10 -0800\" value=\"3\"/>\n"
      ),
      (
        "nested element",
        " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"W\" unit=\"count\" "
          + "startDate=\"2024-01-01 12:00:00 -0800\" endDate=\"2024-01-01 12:00:10 -0800\" "
          + "value=\"4\">\n  <Surprise a=\"1\"/>\n </Record>\n"
      ),
      ("illegal character", " \u{0B}\n" + records(150..<152)),
      (
        "bad date",
        " <Record type=\"HKQuantityTypeIdentifierStepCount\" startDate=\"yesterday\"/>\n"
      ),
      (
        "second ExportDate",
        " <ExportDate value=\"2024-06-02 12:00:00 +0530\"/>\n"
          + records(0..<40)
          + (1...9).map {
            " <ActivitySummary dateComponents=\"2024-05-0\($0)\" activeEnergyBurned=\"400\" "
              + "appleExerciseTime=\"30\" appleStandHours=\"10\"/>\n"
          }.joined()
      ),
      (
        "workout",
        " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"30\" "
          + "durationUnit=\"min\" sourceName=\"Watch\" startDate=\"2024-01-02 07:00:00 -0800\" "
          + "endDate=\"2024-01-02 07:30:00 -0800\">\n"
          + "  <MetadataEntry key=\"HKTimeZone\" value=\"Europe/Paris\"/>\n"
          + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" "
          + "startDate=\"2024-01-02 07:00:00 -0800\" endDate=\"2024-01-02 07:30:00 -0800\" "
          + "sum=\"5.1\" unit=\"km\"/>\n </Workout>\n"
      ),
      ("230 unknown names", unknown),
    ]
  }()

  /// A document with each trap between 60 records before and after it.
  static func document(_ trap: String) -> String {
    head + records(0..<60) + trap + records(60..<120) + "</HealthData>\n"
  }

  /// Every trap in one document.
  static let tricky: String =
    head + traps.map { records(0..<20) + $0.text }.joined() + records(0..<20) + "</HealthData>\n"

  @Test("the sample export reads the same in pieces of 4 KB and 64 KB, all pieces used")
  func sampleExport() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../SampleData/export.xml").standardizedFileURL.path
    try #require(FileManager.default.fileExists(atPath: path))
    for size in [4096, 65536] {
      let summary = Self.expectSame(path, chunkBytes: size)
      // 2.1 MB in pieces of at most `size` (plus a carried partial line): at least
      // size / 2.1 MB pieces, and none read on from the file.
      #expect(summary?.readOnFrom == nil)
      let pieces = (summary?.piecesMerged ?? 0) + (summary?.piecesReadThrough ?? 0)
      #expect(pieces >= 2_137_271 / (size + size / 4))
      // Every cut falls before a top-level element: no piece is read on after the first.
      #expect(summary?.readThroughs == 0)
    }
  }

  @Test("a plain export of many records is read in many pieces with exact line numbers")
  func plainRecords() throws {
    let folder = TemporaryDirectory("chunked")
    let text = Self.head + Self.records(0..<2000) + "</HealthData>\n"
    let path = try folder.write("export.xml", text)
    let summary = Self.expectSame(path, chunkBytes: 1024)
    #expect(summary?.readOnFrom == nil)
    let (pieced, _) = Self.read(path, threads: 2, chunkBytes: 1024)
    // Line 1 is the declaration, 2 the root, 3 the ExportDate: record i is on line i + 4.
    #expect(pieced.samples.count == 2000)
    #expect(pieced.samples.map(\.origin.record) == (0..<2000).map { Int64($0 + 4) })
    #expect(pieced.crc == CRC32.checksum(Array(text.utf8)))
  }

  @Test(
    "cuts inside comments, CDATA and correlations, lines in reasons, a second ExportDate and 230 unknown names read the same at every piece size"
  )
  func traps() throws {
    let folder = TemporaryDirectory("chunked")
    for trap in Self.traps {
      let path = try folder.write("\(trap.name).xml", Self.document(trap.text))
      for size in [256, 300, 512, 700, 1024, 2048] {
        let summary = Self.expectSame(path, chunkBytes: size)
        // Pieces before the trap are used at every size (120 records are about 24 KB).
        #expect((summary?.piecesMerged ?? 0) >= 2, "\(trap.name) at \(size)")
      }
    }
    let path = try folder.write("all.xml", Self.tricky)
    let (one, _) = Self.read(path, threads: 1)
    // The reference read is clean; of what it drops, only the nested <Surprise> and the
    // record with a bad date are rejects (the correlations' members are skipped), and the
    // 230 names inside correlations count 200 one by one and 30 as `other`.
    #expect(one.error == nil)
    #expect(one.rejects.count == 2)
    #expect(one.extra["skipped.other"] == 30)
    #expect(one.extra["skipped.Unknown0"] == 1)
    for size in [256, 300, 512, 700, 1024, 2048, 4096] {
      Self.expectSame(path, chunkBytes: size)
    }
  }

  @Test("damaged files fail with the same message, line and byte offset")
  func damagedFiles() throws {
    let folder = TemporaryDirectory("chunked")
    var bytes = Array(Self.tricky.utf8)
    // Truncated at several places, from the first quarter to the very end.
    for cut in [bytes.count / 4, bytes.count / 2, bytes.count * 3 / 4, bytes.count - 3] {
      let path = try folder.write("cut-\(cut).xml", Array(bytes[..<cut]))
      Self.expectSame(path, chunkBytes: 512)
    }
    // Invalid UTF-8 and a mismatched end tag late in the file.
    let late = bytes.count * 4 / 5
    var broken = bytes
    broken[late] = 0xFF
    Self.expectSame(try folder.write("utf8.xml", broken), chunkBytes: 512)
    let closing = Array("</Nope>\n".utf8)
    bytes.insert(contentsOf: closing, at: late - (late % 7))
    let mismatched = try folder.write("mismatch.xml", bytes)
    let (one, _) = Self.read(mismatched, threads: 1)
    #expect(one.error != nil)
    Self.expectSame(mismatched, chunkBytes: 512)
  }

  /// `bytes` as the only entry of a zip, deflated.
  static func zipped(_ bytes: [UInt8]) throws -> [UInt8] {
    var out: [UInt8] = []
    let writer = ZipWriter { out.append(contentsOf: $0) }
    try writer.addEntry(
      "apple_health_export/export.xml", data: bytes,
      modified: ZipTimestamp(year: 2024, month: 6, day: 1, hour: 12, minute: 0, second: 0))
    try writer.finish()
    return out
  }

  @Test(
    "an export.zip is inflated once and parsed in pieces, reading the same as in one piece; a damaged entry fails the same"
  )
  func zipEntries() throws {
    let folder = TemporaryDirectory("chunked-zip")
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../SampleData/export.xml").standardizedFileURL.path
    let plain = Array(try Data(contentsOf: URL(fileURLWithPath: sample)))
    let tricky = Array(Self.tricky.utf8)
    for (name, xml) in [("sample", plain), ("tricky", tricky)] {
      let path = try folder.write("\(name).zip", try Self.zipped(xml))
      for size in [1024, 65536] {
        Self.expectSame(path, chunkBytes: size)
      }
    }
    // The entry's CRC-32 is checked after its last byte: a flipped byte late in the
    // deflated data fails with the zip reader's message both ways (or the XML's, when the
    // inflated bytes stop being XML first).
    var damaged = try Self.zipped(plain)
    damaged[damaged.count * 3 / 4] ^= 0x40
    let path = try folder.write("damaged.zip", damaged)
    let (one, _) = Self.read(path, threads: 1)
    #expect(one.error != nil)
    Self.expectSame(path, chunkBytes: 4096)
  }
}
