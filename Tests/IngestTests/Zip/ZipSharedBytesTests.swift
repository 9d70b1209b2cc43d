import Foundation
import HealthModel
import Ingest
import SampleExports
import TestSupport
import Testing

/// Regression (docs/reliability.md): a 370 KB zip whose thousands of central-directory entries all
/// point at one deflate stream took over a minute (each `.xml` entry was inflated again, up
/// to 8 MB per look). Entries that share bytes are now refused as a bomb, and looking for
/// the export inflates at most 4 KB per candidate entry, so the work is linear in the zip's
/// own size.
@Suite("Regression: zip entries sharing bytes")
struct ZipSharedBytesTests {
  /// A valid zip with one deflated entry `name` holding `content`.
  static func zip(_ name: String, _ content: [UInt8]) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let writer = ZipWriter { bytes.append(contentsOf: $0) }
    let modified = ZipTimestamp(year: 2024, month: 1, day: 1, hour: 0, minute: 0, second: 0)
    try writer.beginEntry(name, modified: modified)
    try content.withUnsafeBytes { try writer.write($0) }
    try writer.endEntry()
    _ = try writer.finish()
    return bytes
  }

  static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
  static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }
  static func put16(_ v: Int, _ b: inout [UInt8], _ i: Int) {
    b[i] = UInt8(v & 0xFF)
    b[i + 1] = UInt8(v >> 8 & 0xFF)
  }
  static func put32(_ v: Int, _ b: inout [UInt8], _ i: Int) {
    put16(v & 0xFFFF, &b, i)
    put16(v >> 16, &b, i + 2)
  }

  /// `zip` (one entry, no comment) with `copies` more central-directory records naming
  /// `copyN.xml`-style names of the same length that point at the same local header.
  static func sharingOneStream(_ zip: [UInt8], copies: Int) -> [UInt8] {
    let eocd = zip.count - 22
    let directoryOffset = le32(zip, eocd + 16)
    let directory = Array(zip[directoryOffset..<eocd])
    let nameLength = le16(directory, 28)
    var out = Array(zip[..<eocd])
    for k in 0..<copies {
      var record = directory
      // Same length as the original name: "c" + zero-padded number + ".xml".
      let digits = String(k)
      let name =
        "c" + String(repeating: "0", count: nameLength - 5 - digits.count) + digits
        + ".xml"
      record.replaceSubrange(46..<(46 + nameLength), with: Array(name.utf8))
      out += record
    }
    var end = Array(zip[eocd...])
    let count = 1 + copies
    put16(count, &end, 8)
    put16(count, &end, 10)
    put32(directory.count * count, &end, 12)
    return out + end
  }

  @Test("entries pointing at one deflate stream are refused as a bomb, naming both")
  func overlapRefused() throws {
    let content = Array(
      "<HealthData locale=\"en_US\">\n<ExportDate value=\"2024-06-01 12:00:00 -0700\"/>\n</HealthData>\n"
        .utf8)
    let good = try Self.zip("apple_health_export/export.xml", content)
    let folder = TemporaryDirectory("zip-shared")
    let path = try folder.write("shared.zip", Self.sharingOneStream(good, copies: 3))
    let error = #expect(throws: HealthError.self) { _ = try ZipReader(path: path) }
    #expect(error?.code == .dataError)
    // The first copy is named c000000000000000000000000000.xml (30 bytes like the original).
    #expect(error?.message.contains("overlap in the file") == true, "\(String(describing: error))")
    #expect(error?.message.contains("apple_health_export/export.xml") == true)
    #expect(error?.message.hasSuffix("refusing a possible zip bomb") == true)
    #expect(error?.location?.byteOffset == 0)
    // The zip it was made from reads fine: the check is about shared bytes only.
    let plain = try folder.write("plain.zip", good)
    #expect(try ZipReader(path: plain).entries.count == 1)
  }

  @Test("looking into an entry inflates only the first 4 KB of it")
  func headIsBounded() throws {
    // 1 MiB of blanks deflates to about 1 KB: the head is its first 4096 bytes.
    let folder = TemporaryDirectory("zip-head")
    let path = try folder.write(
      "blanks.zip", try Self.zip("blanks.xml", [UInt8](repeating: 0x20, count: 1 << 20)))
    let zip = try ZipReader(path: path)
    let head = try ZipEntryByteSource.head(of: zip.entries[0], in: zip, count: 4096)
    #expect(head == [UInt8](repeating: 0x20, count: 4096))
    // A short entry gives all it has.
    let short = try folder.write("short.zip", try Self.zip("s.xml", Array("<a/>".utf8)))
    let small = try ZipReader(path: short)
    #expect(
      try ZipEntryByteSource.head(of: small.entries[0], in: small, count: 4096)
        == Array("<a/>".utf8))
  }
}
