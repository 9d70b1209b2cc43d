import Foundation
import TestSupport
import Testing

@testable import SampleExports

@Suite("Zip writer")
struct ZipWriterTests {
  static let stamp = ZipTimestamp(year: 2026, month: 11, day: 15, hour: 23, minute: 58, second: 7)

  /// A zip with a streamed entry (data descriptor), a deflated and a stored whole entry.
  static func make(forceZip64: Bool) throws -> (bytes: [UInt8], xml: [UInt8]) {
    var out: [UInt8] = []
    let zip = ZipWriter(options: ZipWriter.Options(forceZip64: forceZip64)) { out += $0 }
    // 200,000 lines: several deflate output chunks.
    var xml: [UInt8] = []
    for i in 0..<200_000 { xml += Array(" <Record value=\"\(i % 997)\"/>\n".utf8) }
    try zip.beginEntry("apple_health_export/export.xml", modified: stamp)
    try xml.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = min(70_001, raw.count - offset)
        try zip.write(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + n)]))
        offset += n
      }
    }
    try zip.endEntry()
    try zip.addEntry(
      "apple_health_export/export_cda.xml", data: Array("<ClinicalDocument/>".utf8), modified: stamp
    )
    try zip.addEntry("notes.txt", data: Array("stored".utf8), modified: stamp, method: .stored)
    let total = try zip.finish()
    #expect(total == Int64(out.count))
    return (out, xml)
  }

  static func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
  static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }
  }

  @Test("local headers: flag bit 3 and zero sizes for the streamed entry, sizes for whole ones")
  func headers() throws {
    let (b, _) = try Self.make(forceZip64: false)
    // The first local header (PK\3\4) is the streamed entry.
    #expect(Self.u32(b, 0) == 0x0403_4B50)
    #expect(Self.u16(b, 6) & 0x0008 != 0)  // data descriptor follows the data
    #expect(Self.u16(b, 8) == 8)  // deflate
    #expect(Self.u32(b, 14) == 0)  // CRC unknown in the header
    #expect(Self.u32(b, 18) == 0 && Self.u32(b, 22) == 0)
    // DOS date of 2026-11-15: (2026-1980)<<9 | 11<<5 | 15 = 23552 + 352 + 15 = 23919.
    #expect(Self.u16(b, 12) == 23_919)
    // DOS time 23:58:07 → 23<<11 | 58<<5 | 7/2 = 47104 + 1856 + 3 = 48963.
    #expect(Self.u16(b, 10) == 48_963)
    // The end record closes the file: 3 entries, no zip64.
    let end = b.count - 22
    #expect(Self.u32(b, end) == 0x0605_4B50)
    #expect(Self.u16(b, end + 10) == 3)
  }

  @Test("forced zip64: extra fields in local and central headers, zip64 end records")
  func zip64() throws {
    let (b, _) = try Self.make(forceZip64: true)
    #expect(Self.u16(b, 4) == 45)  // version needed 4.5
    #expect(Self.u32(b, 18) == 0xFFFF_FFFF)
    let nameLength = Self.u16(b, 26)
    #expect(Self.u16(b, 30 + nameLength) == 0x0001)  // zip64 extra id
    let end = b.count - 22
    #expect(Self.u32(b, end) == 0x0605_4B50)
    #expect(Self.u16(b, end + 10) == 0xFFFF)
    #expect(Self.u32(b, end - 20) == 0x0706_4B50)  // locator just before the end record
    #expect(Self.u32(b, end - 20 - 56) == 0x0606_4B50)  // zip64 end record (56 bytes)
  }

  @Test(
    "Python's zipfile and unzip -t accept both variants and read the same bytes back",
    .enabled(if: SyntheticTestSupport.hasPython))
  func readers() throws {
    for force in [false, true] {
      let (bytes, xml) = try Self.make(forceZip64: force)
      let dir = SyntheticScratch()
      let path = dir.file("t.zip")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      try Data(xml).write(to: URL(fileURLWithPath: dir.file("xml")))
      let script = """
        import sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        assert z.testzip() is None
        names = [i.filename for i in z.infolist()]
        assert names == ['apple_health_export/export.xml', 'apple_health_export/export_cda.xml', 'notes.txt'], names
        assert z.read(names[0]) == open(sys.argv[2], 'rb').read()
        assert z.read('notes.txt') == b'stored'
        assert z.infolist()[0].flag_bits & 8 and not z.infolist()[1].flag_bits & 8
        print('ok', sum(1 for i in z.infolist() if i.extra))
        """
      let r = try Python.run(script, [path, dir.file("xml")])
      #expect(r.code == 0, "\(r.output)")
      // With forced zip64 every central entry carries the zip64 extra field.
      #expect(r.output.hasPrefix(force ? "ok 3" : "ok 0"), "\(r.output)")
      if SyntheticTestSupport.hasUnzip {
        let u = try SyntheticTestSupport.run("unzip", ["-t", path])
        #expect(u.code == 0, "\(u.output)")
        #expect(u.output.contains("No errors detected"))
      }
    }
  }

  @Test("AppleDouble companions: header bytes and the __MACOSX path")
  func appleDouble() {
    let b = ZipWriter.appleDouble()
    #expect(Array(b[0..<8]) == [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00])
    #expect(String(decoding: b[8..<24], as: UTF8.self) == "Mac OS X        ")
    #expect(b.count == 82)
    #expect(
      ZipWriter.appleDoublePath(for: "apple_health_export/export.xml")
        == "__MACOSX/apple_health_export/._export.xml")
  }
}
