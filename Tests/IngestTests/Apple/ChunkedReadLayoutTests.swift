import Foundation
import TestSupport
import Testing

@testable import Ingest

/// Reading in pieces whatever the records' children and the lines' layout: heart-rate
/// records with a `MetadataEntry`, HRV records with beat lists, workouts with children,
/// correlations, records closed by an end tag, in Apple's layout, without indentation, with
/// two and four spaces, with tabs, and with no line breaks at all. At every piece size the
/// pieced read must give what one reading gives (`ChunkedReadTests.expectSame`: samples,
/// rejects, lines, counts, errors), and the second core must do part of the work.
@Suite("Reading export.xml in pieces: records with children in any layout")
struct ChunkedReadLayoutTests {
  enum Layout: String, CaseIterable {
    case apple, unindented, twoAndFour, tabs, oneLine
  }

  /// The indentation of an element at `level` (1 = top level) and the line break after it.
  static func lead(_ level: Int, _ layout: Layout) -> String {
    switch layout {
    case .apple: String(repeating: " ", count: level)
    case .unindented, .oneLine: ""
    case .twoAndFour: String(repeating: "  ", count: level)
    case .tabs: String(repeating: "\t", count: level)
    }
  }

  static func element(_ level: Int, _ layout: Layout, _ tag: String) -> String {
    lead(level, layout) + tag + (layout == .oneLine ? "" : "\n")
  }

  static func attributes(_ type: String, _ i: Int, unit: String) -> String {
    let minute = String(format: "%02d", i % 60)
    let hour = String(format: "%02d", 6 + i / 60 % 12)
    return
      "type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"Sam’s Apple\u{00A0}Watch\" "
      + "unit=\"\(unit)\" startDate=\"2024-01-01 \(hour):\(minute):00 -0800\" "
      + "endDate=\"2024-01-01 \(hour):\(minute):30 -0800\""
  }

  /// Element `i`: mostly records with children, with the other shapes mixed in.
  static func item(_ i: Int, _ layout: Layout) -> String {
    let e = { (level: Int, tag: String) in element(level, layout, tag) }
    switch i % 13 {
    case 3:
      return e(
        1, "<Record \(attributes("HeartRateVariabilitySDNN", i, unit: "ms")) value=\"41.5\">")
        + e(2, "<HeartRateVariabilityMetadataList>")
        + (0..<6).map {
          e(3, "<InstantaneousBeatsPerMinute bpm=\"\(60 + $0)\" time=\"6:14:4\($0).94 AM\"/>")
        }
        .joined() + e(2, "</HeartRateVariabilityMetadataList>") + e(1, "</Record>")
    case 7:
      return e(
        1, "<Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Cuff\">")
        + e(2, "<Record \(attributes("BloodPressureSystolic", i, unit: "mmHg")) value=\"120\"/>")
        + e(2, "<Record \(attributes("BloodPressureDiastolic", i, unit: "mmHg")) value=\"80\"/>")
        + e(1, "</Correlation>")
    case 9:
      return e(1, "<Record \(attributes("StepCount", i, unit: "count")) value=\"\(i)\"></Record>")
    case 11:
      let day = String(format: "%02d", 1 + i / 13 % 28)
      return e(
        1,
        "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"30\" "
          + "durationUnit=\"min\" sourceName=\"Watch\" startDate=\"2024-02-\(day) 07:00:00 -0800\" "
          + "endDate=\"2024-02-\(day) 07:30:00 -0800\">")
        + e(2, "<MetadataEntry key=\"HKTimeZone\" value=\"America/Los_Angeles\"/>")
        + e(
          2,
          "<WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2024-02-\(day) 07:10:00 -0800\"/>")
        + e(
          2,
          "<WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" "
            + "startDate=\"2024-02-\(day) 07:00:00 -0800\" endDate=\"2024-02-\(day) 07:30:00 -0800\" "
            + "sum=\"5.1\" unit=\"km\"/>")
        + e(1, "</Workout>")
    case 0, 5:
      return e(1, "<Record \(attributes("StepCount", i, unit: "count")) value=\"\(i)\"/>")
    default:
      return e(
        1, "<Record \(attributes("HeartRate", i, unit: "count/min")) value=\"\(60 + i % 40)\">")
        + e(2, "<MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(i % 3)\"/>")
        + e(1, "</Record>")
    }
  }

  static func document(_ layout: Layout, items: Int = 260) -> String {
    let nl = layout == .oneLine ? "" : "\n"
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\(nl)<HealthData locale=\"en_US\">\(nl)"
      + element(1, layout, "<ExportDate value=\"2024-06-01 12:00:00 -0700\"/>")
      + (0..<items).map { item($0, layout) }.joined()
      + element(1, layout, "<!-- <Record type=\"x\"/> -->") + "</HealthData>\n"
  }

  @Test(
    "every layout reads the same at piece sizes from 256 to 1,400 bytes, most pieces in parallel",
    arguments: Layout.allCases)
  func layouts(_ layout: Layout) throws {
    let folder = TemporaryDirectory("chunked-layout")
    let path = try folder.write("export.xml", Self.document(layout))
    let (one, _) = ChunkedReadTests.read(path, threads: 1)
    // 260 items, 20 of each residue mod 13: 20 correlations give nothing (their records are
    // skipped), 20 workouts two samples each (the workout, its distance), the 220 others
    // one each: 260 samples.
    #expect(one.error == nil)
    #expect(one.samples.count == 260)
    #expect(one.extra["skipped.Correlation"] == 20)
    for size in stride(from: 256, through: 1400, by: 41) {
      let summary = ChunkedReadTests.expectSame(path, chunkBytes: size)
      let merged = summary?.piecesMerged ?? 0
      let through = summary?.piecesReadThrough ?? 0
      #expect(summary?.readOnFrom == nil, "\(layout) at \(size)")
      // The second core takes part: at least a third of the pieces are parsed by workers
      // (the rest: the first piece, and pieces read on after a cut inside a correlation or
      // after an element longer than the piece).
      #expect(
        merged * 3 >= merged + through, "\(layout) at \(size): \(merged) of \(merged + through)")
    }
  }

  @Test(
    "in Apple's layout a cut never lands inside a correlation: every piece after the first is used")
  func appleLayoutNeverReadsOn() throws {
    let folder = TemporaryDirectory("chunked-layout")
    let path = try folder.write("export.xml", Self.document(.apple))
    // Pieces of 2 KB and more hold at least one whole element, so a cut with the learned
    // indentation exists in each.
    for size in [2048, 3000, 4096] {
      let summary = ChunkedReadTests.expectSame(path, chunkBytes: size)
      #expect(summary?.readThroughs == 0, "at \(size)")
      #expect((summary?.piecesMerged ?? 0) >= 10, "at \(size)")
    }
  }

  @Test(
    "every trap of ChunkedReadTests among records with children, at piece sizes from 256 to 1,400 bytes"
  )
  func trapsAmongChildren() throws {
    let folder = TemporaryDirectory("chunked-layout")
    for layout in [Layout.apple, .unindented] {
      for trap in ChunkedReadTests.traps {
        // 40 elements (most with children) before the trap and 40 after: a piece boundary
        // falls before every kind of element, on both sides of the trap, at some size.
        let text =
          ChunkedReadTests.head + (0..<40).map { Self.item($0, layout) }.joined() + trap.text
          + (40..<80).map { Self.item($0, layout) }.joined() + "</HealthData>\n"
        let path = try folder.write("\(layout)-\(trap.name).xml", text)
        for size in stride(from: 256, through: 1400, by: 73) {
          let summary = ChunkedReadTests.expectSame(path, chunkBytes: size)
          #expect((summary?.piecesMerged ?? 0) >= 2, "\(layout) \(trap.name) at \(size)")
        }
      }
    }
  }

  @Test("damaged files in any layout fail with the same message, line and byte offset")
  func damaged() throws {
    let folder = TemporaryDirectory("chunked-layout")
    for layout in [Layout.unindented, .oneLine, .twoAndFour] {
      var bytes = Array(Self.document(layout).utf8)
      for cut in [bytes.count / 3, bytes.count / 2 + 7, bytes.count - 20] {
        let path = try folder.write("\(layout)-cut-\(cut).xml", Array(bytes[..<cut]))
        ChunkedReadTests.expectSame(path, chunkBytes: 300)
      }
      bytes[bytes.count * 2 / 3] = 0xFF
      ChunkedReadTests.expectSame(try folder.write("\(layout)-utf8.xml", bytes), chunkBytes: 300)
    }
  }

  @Test("an element longer than eight pieces: the rest is read from the file, the same")
  func longElement() throws {
    let folder = TemporaryDirectory("chunked-layout")
    // A workout whose route holds 400 inline locations (about 40 KB, no top-level name
    // inside): with pieces of 512 bytes the splitter finds no cut within 4 KB and gives up.
    let route =
      " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" duration=\"9\" "
      + "durationUnit=\"min\" sourceName=\"Watch\" startDate=\"2024-03-01 07:00:00 -0800\" "
      + "endDate=\"2024-03-01 07:09:00 -0800\">\n  <WorkoutRoute sourceName=\"Watch\">\n"
      + (0..<400).map {
        "   <Location date=\"2024-03-01 07:00:0\($0 % 10) -0800\" latitude=\"37.7\"/>\n"
      }
      .joined() + "  </WorkoutRoute>\n </Workout>\n"
    let text =
      ChunkedReadTests.head + (0..<80).map { Self.item($0, .apple) }.joined() + route
      + (80..<160).map { Self.item($0, .apple) }.joined() + "</HealthData>\n"
    let path = try folder.write("export.xml", text)
    var summary = ChunkedReadTests.expectSame(path, chunkBytes: 512)
    #expect(summary?.readOnFrom != nil)
    #expect((summary?.piecesMerged ?? 0) >= 2)
    // The same from a zip: the entry is inflated again and the bytes before skipped.
    let zip = try folder.write("export.zip", try ChunkedReadTests.zipped(Array(text.utf8)))
    summary = ChunkedReadTests.expectSame(zip, chunkBytes: 512)
    let flat = try folder.write(
      "flat.zip", try ChunkedReadTests.zipped(Array(Self.document(.unindented).utf8)))
    ChunkedReadTests.expectSame(flat, chunkBytes: 700)
  }
}
