import Foundation
import SampleExports
import TestSupport
import Testing

/// The bench's heavy-Apple-Watch export (`SyntheticOptions.heavyWatch`): every watch record
/// carries three more metadata entries and every HRV beat list is twice as long, while the
/// records themselves stay the same. Counted in the XML text, independently of the writer.
@Suite("Heavy Apple Watch export shape")
struct HeavyWatchShapeTests {
  static func xml(heavy: Bool) throws -> String {
    let folder = TemporaryDirectory("heavy-watch")
    var options = SyntheticOptions(days: 3, seed: 11)
    options.heavyWatch = heavy
    let files = try SyntheticExport.write(options, formats: [.appleXML], to: folder.path)
    return try String(contentsOfFile: files[0].path, encoding: .utf8)
  }

  /// A record-level metadata entry line (workout routes carry sync entries one level
  /// deeper, which are not counted).
  static func entry(_ key: String) -> String { "\n  <MetadataEntry key=\"\(key)\"" }

  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test("watch records gain the sync metadata; beat lists double; nothing else changes")
  func shape() throws {
    let plain = try Self.xml(heavy: false)
    let heavy = try Self.xml(heavy: true)
    // The same records: one `<Record ` start per record in both.
    let records = Self.count("<Record ", in: plain)
    #expect(records > 1000)
    #expect(Self.count("<Record ", in: heavy) == records)
    // Every record whose sourceName is the watch's, and only those, carries each entry once.
    let watchRecords = plain.split(separator: "\n").filter {
      $0.hasPrefix(" <Record ") || $0.hasPrefix("  <Record ")
    }.filter { $0.contains("sourceName=\"Sam\u{2019}s Apple\u{00A0}Watch\"") }.count
    #expect(watchRecords > 100)
    #expect(Self.count(Self.entry("HKMetadataKeySyncIdentifier"), in: plain) == 0)
    #expect(Self.count(Self.entry("HKMetadataKeySyncIdentifier"), in: heavy) == watchRecords)
    #expect(Self.count(Self.entry("HKMetadataKeySyncVersion"), in: heavy) == watchRecords)
    #expect(Self.count(Self.entry("HKMetadataKeyAlgorithmVersion"), in: heavy) == watchRecords)
    // Beat lists: 55-80 beats each, twice that in the heavy shape.
    let lists = Self.count("<HeartRateVariabilityMetadataList>", in: plain)
    #expect(lists > 0)
    #expect(Self.count("<HeartRateVariabilityMetadataList>", in: heavy) == lists)
    let beats = Self.count("<InstantaneousBeatsPerMinute ", in: plain)
    let heavyBeats = Self.count("<InstantaneousBeatsPerMinute ", in: heavy)
    #expect(beats >= 55 * lists && beats <= 80 * lists)
    #expect(heavyBeats >= 110 * lists && heavyBeats <= 160 * lists)
  }
}
