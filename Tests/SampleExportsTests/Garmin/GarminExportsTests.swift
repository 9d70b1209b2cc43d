import Foundation
import TestSupport
import Testing

@testable import SampleExports

/// The Garmin sample files: deterministic, and with the quirks real files have.
@Suite("Garmin sample files")
struct GarminExportsTests {
  static let options = SyntheticOptions(days: 12, seed: 9, density: .sample)

  @Test("the same options give the same bytes; vendor files only when asked")
  func deterministic() throws {
    let a = try SyntheticTestSupport.generate(Self.options, formats: [.garminFIT, .garminExport])
    let b = try SyntheticTestSupport.generate(Self.options, formats: [.garminFIT, .garminExport])
    for name in try SyntheticTestSupport.files(a.path) where name.hasPrefix("garmin") {
      #expect(
        try SyntheticTestSupport.bytes(a.file(name)) == SyntheticTestSupport.bytes(b.file(name)))
    }
    #expect(!SyntheticFormat.standard.contains(.garminFIT))
  }

  @Test("the chain: one monitoring file a day and one per workout, 12- and 14-byte headers")
  func chain() throws {
    let timeline = try SyntheticTimeline(Self.options, needs: [.apple])
    let exports = GarminExports(timeline: timeline)
    let (bytes, files) = exports.chainedFIT()
    let workouts = exports.days.reduce(0) { $0 + $1.plan.workouts.count }
    #expect(files == 12 + workouts)
    // Walk the chain by its headers: size byte, data size, 2-byte CRC after the data.
    var pos = 0
    var sizes: [Int] = []
    while pos < bytes.count {
      let header = Int(bytes[pos])
      let data = (0..<4).reduce(0) { $0 | Int(bytes[pos + 4 + $1]) << (8 * $1) }
      #expect(String(decoding: bytes[(pos + 8)..<(pos + 12)], as: UTF8.self) == ".FIT")
      sizes.append(header)
      pos += header + data + 2
    }
    #expect(pos == bytes.count && sizes.count == files)
    #expect(sizes.contains(12) && sizes.contains(14))
  }

  @Test("the export zip: Connect JSON in 100-day files, the zip inside stored, OFF_WRIST nights")
  func exportZip() throws {
    let timeline = try SyntheticTimeline(Self.options, needs: [.apple])
    let exports = GarminExports(timeline: timeline)
    let json = exports.jsonFiles()
    #expect(json.contains { $0.path.hasPrefix("DI_CONNECT/DI-Connect-Aggregator/UDSFile_") })
    let sleep = try #require(json.first { $0.path.hasSuffix("_sleepData.json") })
    // A night the watch charged through (no recorded night) is an OFF_WRIST element.
    let offWrist = exports.days.filter { $0.night == nil }.count
    #expect(sleep.text.components(separatedBy: "\"OFF_WRIST\"").count - 1 == offWrist)
    // GMT times without a suffix.
    #expect(sleep.text.contains("\"sleepStartTimestampGMT\": \"") && !sleep.text.contains(".0Z\""))
    let zip = try exports.exportZip()
    let text = String(decoding: zip.bytes, as: UTF8.self)
    #expect(text.contains("DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip"))
  }
}
