import Foundation
import HealthSystem
import Ingest
import TestSupport
import Testing

/// `apple-dogsheep/zip_contents` zipped in many ways. Its export.xml holds, per SOURCES.md's
/// independent count: 2 Records (1 BodyMassIndex, 1 HeartRate), 1 Workout with a
/// WorkoutRoute carrying one FileReference (no Location), 2 ActivitySummary.
@Suite(
  "Apple export.zip reader",
  .enabled(if: RealData.isPresent, "../shared/data/real is absent"),
  .enabled(if: pythonAvailable, "python3 is needed to build the zip variants"),
  .enabled(if: zipAvailable, "/usr/bin/zip is needed for the zip64 variant"))
struct AppleZipReaderTests {
  static func expectDogsheepCounts(_ r: ParsedExport) {
    #expect(r.read("HKQuantityTypeIdentifierBodyMassIndex") == 1)
    #expect(r.read("HKQuantityTypeIdentifierHeartRate") == 1)
    #expect(r.read("Workout") == 1)
    #expect(r.read("ActivitySummary.activeEnergyBurned") == 2)
    #expect(r.extra["skipped.WorkoutRoute"] == 1)
    #expect(r.extra["skipped.FileReference"] == 1)
    #expect(r.extra["skipped.Location"] == nil)
    #expect(r.rejects.isEmpty)
    // No record from the bogus __MACOSX copy (type "Bogus") may appear.
    #expect(r.read("Bogus") == 0)
  }

  @Test(
    "every well-formed variant reads the same records",
    arguments: [
      "deflated", "stored", "mixed", "macosx", "cda", "descriptor", "zip64", "localised",
      "comment",
    ])
  func variants(_ variant: String) throws {
    let folder = TemporaryDirectory("zip")
    let path = try ZipFixtures.make(variant, in: folder)
    let r = try ZipFixtures.read(path)
    Self.expectDogsheepCounts(r)
    let expectedEntry =
      variant == "localised"
      ? "apple_health_export/eksport.xml" : "apple_health_export/export.xml"
    #expect(r.notes.contains { $0.contains(expectedEntry) }, "\(r.notes)")
  }

  @Test("the data-descriptor variant really has flag bit 3, the zip64 one a zip64 end record")
  func variantsAreWhatTheySay() throws {
    let folder = TemporaryDirectory("zip")
    let descriptor = try ZipReader(path: try ZipFixtures.make("descriptor", in: folder))
    let flagged = descriptor.entries.filter { $0.hasDataDescriptor }
    #expect(flagged.count == descriptor.entries.count)
    let zip64 = try FileReader.readAll(try ZipFixtures.make("zip64", in: folder))
    let signature: [UInt8] = [0x50, 0x4B, 0x06, 0x06]
    #expect(zip64.indices.contains { zip64[$0...].starts(with: signature) })
  }

  @Test("a truncated zip is exit 65 naming the missing end record")
  func truncated() throws {
    let folder = TemporaryDirectory("zip")
    let path = try ZipFixtures.make("deflated", in: folder)
    let bytes = try FileReader.readAll(path)
    try Data(bytes[0..<(bytes.count / 2)]).write(to: URL(fileURLWithPath: path))
    let error = try #require(ZipFixtures.error(path))
    #expect(error.code == .dataError)
    #expect(error.message.contains("end-of-central-directory record is missing"))
    #expect(error.location?.file == path)
    #expect(error.location?.byteOffset == Int64(bytes.count / 2))
  }

  @Test("a wrong CRC-32 is exit 65 naming the entry")
  func wrongCRC() throws {
    let folder = TemporaryDirectory("zip")
    let path = try ZipFixtures.make("deflated", in: folder)
    try ZipFixtures.patchCentralEntry(path, endingWith: "export.xml") { bytes, at in
      bytes[at + 16] ^= 0xFF
    }
    let error = try #require(ZipFixtures.error(path))
    #expect(error.code == .dataError)
    #expect(error.message.contains("CRC-32 mismatch in entry apple_health_export/export.xml"))
    #expect(error.location?.path == "apple_health_export/export.xml")
    #expect(error.location?.byteOffset != nil)
  }

  @Test("an unsupported method and an encrypted entry are exit 65 naming the entry")
  func unsupported() throws {
    let folder = TemporaryDirectory("zip")
    let bzip2 = try ZipFixtures.make("bzip2", in: folder)
    let e1 = try #require(ZipFixtures.error(bzip2))
    #expect(e1.code == .dataError)
    #expect(e1.message.contains("compression method 12"))
    #expect(e1.location?.path == "apple_health_export/export.xml")

    let encrypted = try ZipFixtures.make("deflated", in: folder)
    try ZipFixtures.patchCentralEntry(encrypted, endingWith: "export.xml") { bytes, at in
      bytes[at + 8] |= 1
    }
    let e2 = try #require(ZipFixtures.error(encrypted))
    #expect(e2.code == .dataError)
    #expect(e2.message.contains("is encrypted"))
  }

  @Test("a zip without an export XML is exit 65 saying what it looked at")
  func noExport() throws {
    let folder = TemporaryDirectory("zip")
    let error = try #require(ZipFixtures.error(try ZipFixtures.make("noxml", in: folder)))
    #expect(error.code == .dataError)
    #expect(error.message.contains("no Apple Health export XML inside the zip"))
  }

  @Test("a zip bomb (70 MB of blanks deflated over 1000:1) is refused before inflating")
  func bomb() throws {
    let folder = TemporaryDirectory("zip")
    let path = try ZipFixtures.make("bomb", in: folder)
    let zip = try ZipReader(path: path)
    let entry = try #require(zip.entries.first)
    // The premise: over 64 MB and over 1000:1.
    #expect(entry.uncompressedSize > 64 << 20)
    #expect(entry.uncompressedSize > 1000 * entry.compressedSize)
    let error = try #require(ZipFixtures.error(path))
    #expect(error.code == .dataError)
    #expect(error.message.contains("zip bomb"))
    #expect(error.location?.path == "apple_health_export/export.xml")
  }
}

@Suite(
  "Damaged zips",
  .enabled(if: RealData.isPresent, "../shared/data/real is absent"),
  .enabled(if: pythonAvailable, "python3 is needed to build the zip"),
  .enabled(if: zipAvailable, "/usr/bin/zip is needed for the zip64 variant"))
struct DamagedZipTests {
  @Test(
    "a zip cut at any byte, or with a flipped byte, is exit 65 or reads; never a crash",
    arguments: ["deflated", "zip64", "descriptor"])
  func cutAndFlipped(_ variant: String) throws {
    let folder = TemporaryDirectory("zip")
    let path = try ZipFixtures.make(variant, in: folder)
    let bytes = try FileReader.readAll(path)
    let damaged = folder.file("damaged.zip")
    for cut in stride(from: 0, to: bytes.count, by: 7) {
      try folder.write("damaged.zip", Array(bytes[0..<cut]))
      let error = try #require(ZipFixtures.error(damaged), "cut at \(cut)")
      #expect(error.code == .dataError, "cut at \(cut): \(error)")
    }
    for at in 0..<bytes.count {
      var flipped = bytes
      flipped[at] ^= at % 2 == 0 ? 0xFF : 0x5A
      try folder.write("damaged.zip", flipped)
      if let error = ZipFixtures.error(damaged) {
        #expect(error.code == .dataError, "flip at \(at): \(error)")
      }
    }
  }
}
