import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// `ingest --threads 1` against `--threads 2` on exports shaped like an iPhone + Apple Watch
/// user's (issue 28, docs/performance.md "Shapes"): records in time order, nearly every one
/// with children (a motion context on the heart rates, beat lists on the HRV), the phone's
/// and the watch's steps interleaved, some values a reader must reject; in Apple's layout,
/// unindented, and re-serialised with explicit end tags and `sourceName` first. The two
/// readings must write the same bytes, and the second core must parse pieces.
@Suite("--threads on records with children")
struct ThreadsShapeTests {
  enum Layout: String, CaseIterable {
    case apple, unindented, endTags
  }

  static let watch = "Sam\u{2019}s Apple\u{00A0}Watch"
  static let phone = "Sam\u{2019}s iPhone"

  /// Minute `i` after 2024-01-01 00:00 in California's winter time (`-0800`; 3,600
  /// minutes stay within January).
  static func date(_ i: Int) -> String {
    let (day, hour, minute) = (1 + i / 1440, i / 60 % 24, i % 60)
    return "2024-01-" + String(format: "%02d %02d:%02d:00 -0800", day, hour, minute)
  }

  /// The start of a record element of `type` from `source` at minute `i` of 2024.
  static func start(
    _ type: String, _ source: String, _ i: Int, _ unit: String, _ value: String, _ layout: Layout
  )
    -> String
  {
    let dates = "startDate=\"\(date(i))\" endDate=\"\(date(i).replacing(":00 -", with: ":50 -"))\""
    let type = "type=\"HKQuantityTypeIdentifier\(type)\""
    let source = "sourceName=\"\(source)\""
    let rest = "unit=\"\(unit)\" \(dates) value=\"\(value)\""
    return layout == .endTags
      ? "<Record \(source) \(rest) \(type)" : "<Record \(type) \(source) \(rest)"
  }

  static func line(_ level: Int, _ layout: Layout, _ text: String) -> String {
    (layout == .unindented ? "" : String(repeating: " ", count: level)) + text + "\n"
  }

  /// An empty element: `<X .../>`, or `<X ...></X>` when re-serialised.
  static func empty(_ name: String, _ attributes: String, _ layout: Layout) -> String {
    layout == .endTags ? "<\(name) \(attributes)></\(name)>" : "<\(name) \(attributes)/>"
  }

  /// The elements of minute `i`: the watch's heart rate with its motion context (every 13th
  /// value not a number), both devices' steps, and every 7th minute an HRV with beats.
  static func minute(_ i: Int, _ layout: Layout) -> String {
    let value = i % 13 == 5 ? "n/a" : "\(55 + i % 50)"
    var out =
      line(1, layout, start("HeartRate", watch, i, "count/min", value, layout) + ">")
      + line(
        2, layout,
        empty(
          "MetadataEntry", "key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(i % 3)\"", layout)
      )
      + line(1, layout, "</Record>")
    for source in [watch, phone] {
      let steps = start("StepCount", source, i, "count", "\(i % 90)", layout)
      out += line(1, layout, layout == .endTags ? steps + "></Record>" : steps + "/>")
    }
    if i % 7 == 3 {
      out += line(
        1, layout, start("HeartRateVariabilitySDNN", watch, i, "ms", "41.5", layout) + ">")
      out += line(2, layout, "<HeartRateVariabilityMetadataList>")
      for b in 0..<60 {
        let beat = "bpm=\"\(60 + b % 9)\" time=\"6:14:\(10 + b % 40).94 AM\""
        out += line(3, layout, empty("InstantaneousBeatsPerMinute", beat, layout))
      }
      out += line(2, layout, "</HeartRateVariabilityMetadataList>") + line(1, layout, "</Record>")
    }
    return out
  }

  /// About 3 MB: three pieces of 1 MiB at least.
  static func document(_ layout: Layout) -> String {
    var text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
      + line(1, layout, empty("ExportDate", "value=\"2024-06-01 12:00:00 -0700\"", layout))
    for i in 0..<3600 { text += minute(i, layout) }
    return text + "</HealthData>\n"
  }

  @Test("one thread and two write the same samples and rejects", arguments: Layout.allCases)
  func sameBytes(_ layout: Layout) throws {
    let dir = TemporaryDirectory("threads-shape")
    let input = try dir.write("export.xml", Self.document(layout))
    let size = try #require(try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int)
    #expect(size >= 3 << 20)
    var debug = ""
    for threads in ["1", "2"] {
      try FileManager.default.createDirectory(
        atPath: dir.file(threads), withIntermediateDirectories: true)
      let r = try Healthpipe.run(
        [
          "ingest", input, "--out", dir.file("\(threads)/samples.hpt"), "--threads", threads,
          "--quiet",
        ], environment: ["HEALTHPIPE_DEBUG_PIECES": "1"])
      #expect(r.code == 0, "\(r.stderr)")
      if threads == "2" { debug = r.stderr }
    }
    for table in ["samples.hpt", "rejects-ingest.hpt"] {
      #expect(
        try ThreadsOptionTests.bytes(dir.file("1/\(table)"))
          == ThreadsOptionTests.bytes(dir.file("2/\(table)")), "\(layout): \(table)")
    }
    // 3,600 minutes: 277 heart rates of "n/a" (i % 13 == 5, from 5 to 3,593) rejected,
    // the other 3,323 kept with 7,200 steps and 514 HRV values (i % 7 == 3, 3 to 3,597).
    let (_, rejects) = try TableFile.read(Reject.self, from: dir.file("2/rejects-ingest.hpt"))
    #expect(rejects.count == 277)
    let (_, samples) = try TableFile.read(Sample.self, from: dir.file("2/samples.hpt"))
    #expect(samples.count == 3_323 + 7_200 + 514)
    // The second core parses pieces: the reading thread reads on through none after the
    // first.
    let pieces = try #require(
      debug.split(separator: "\n").first { $0.hasPrefix("healthpipe: pieces of ") }, "\(debug)")
    #expect(pieces.contains("(0 times after the first piece)"), "\(pieces)")
    #expect(!pieces.contains(": 0 parsed on worker threads"), "\(pieces)")
  }
}
