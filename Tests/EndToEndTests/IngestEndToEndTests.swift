import Foundation
import HealthCore
import HealthSystem
import TestSupport
import Testing

/// `healthpipe ingest` as a user runs it: exit codes, files named in messages, outputs left
/// alone after a failure, byte-identical reruns.
@Suite("healthpipe ingest")
struct IngestEndToEndTests {
  static let record =
    "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"120\"/>\n"
  static let xml =
    "<HealthData locale=\"en_US\">\n<ExportDate value=\"2024-06-01 12:00:00 -0700\"/>\n" + record
    + "</HealthData>\n"

  static func write(_ dir: TemporaryDirectory, _ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: dir.file(name)))
    return dir.file(name)
  }

  static func bytes(_ path: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
  }

  @Test(
    "the real Apple files ingest with the independently counted records",
    .enabled(if: Healthpipe.realData != nil, "../shared/data/real is absent"))
  func realFiles() throws {
    let real = try #require(Healthpipe.realData).path
    let dir = TemporaryDirectory("ingest-e2e")
    let out = dir.file("samples.hpt")
    let r = try Healthpipe.run([
      "ingest", real + "/apple-dogsheep/export.xml", real + "/apple-ru-aleksi/testdata.xml",
      "--out", out,
    ])
    #expect(r.code == 0, "\(r.stderr)")
    // SOURCES.md: dogsheep 2 Records + 1 Workout (with distance and energy totals) + 2
    // ActivitySummary (3 rings each) = 2 + 3 + 6 = 11 samples; AlekSi 2 Records.
    #expect(r.stderr.contains("13 records read, 13 kept, 0 rejected"), "\(r.stderr)")
    let csv = try Healthpipe.run(["export", out])
    #expect(csv.code == 0)
    let rows = csv.stdout.split(whereSeparator: \.isNewline).dropFirst()  // CRLF rows
    #expect(rows.count == 13)
    #expect(rows.filter { $0.hasPrefix("bmi,") }.count == 1)
    #expect(rows.filter { $0.hasPrefix("heartRate,") }.count == 1)
    #expect(rows.filter { $0.hasPrefix("height,") }.count == 1)
    #expect(rows.filter { $0.hasPrefix("bodyMass,") }.count == 1)
    let manifest = try StageManifest.read(from: out + ".manifest.json")
    #expect(manifest.balanced)
    #expect(manifest.inputs.count == 2)
  }

  @Test(
    "the zipped zip_contents folder ingests like its XML",
    .enabled(if: Healthpipe.realData != nil, "../shared/data/real is absent"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zip"), "needs zip"))
  func realZip() throws {
    let real = try #require(Healthpipe.realData).path
    let dir = TemporaryDirectory("ingest-e2e")
    let zip = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/zip"),
      ["-q", "-r", dir.file("export.zip"), "apple_health_export"],
      in: real + "/apple-dogsheep/zip_contents")
    try #require(zip.code == 0, "\(zip.stderr)")
    let out = dir.file("samples.hpt")
    let r = try Healthpipe.run(["ingest", dir.file("export.zip"), "--out", out])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stderr.contains("11 records read, 11 kept, 0 rejected"), "\(r.stderr)")
    let header = try TableFile.header(of: out)
    #expect(header.inputs.first?.format == "apple-zip")
    // The descriptor's CRC is that of the zip file itself.
    let crc = CRC32.checksum(Self.bytes(dir.file("export.zip")))
    #expect(header.inputs.first?.crc32 == String(format: "%08x", crc))
  }

  @Test(
    "bad inputs give the documented exit code and name the file",
    arguments: [
      ("truncated.xml", Array(xml.utf8.prefix(60)), Int32(65)),
      (
        "bad-utf8.xml", Array(xml.utf8.prefix(80)) + [0xFF, 0xFE] + Array(xml.utf8.dropFirst(80)),
        65
      ),
      ("empty.xml", [], 65),
      ("unknown.bin", Array("just some text\n".utf8), 65),
      ("truncated.zip", [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 7, count: 100), 65),
    ])
  func badInputs(_ name: String, _ content: [UInt8], _ code: Int32) throws {
    let dir = TemporaryDirectory("ingest-e2e")
    let path = try Self.write(dir, name, content)
    let r = try Healthpipe.run(["ingest", path, "--out", dir.file("s.hpt")])
    #expect(r.code == code, "\(r.stderr)")
    #expect(r.stderr.contains(path), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("s.hpt")))
  }

  @Test("a missing input is exit 66")
  func missing() throws {
    let dir = TemporaryDirectory("ingest-e2e")
    let r = try Healthpipe.run(["ingest", dir.file("nope.xml"), "--out", dir.file("s.hpt")])
    #expect(r.code == 66)
    #expect(r.stderr.contains(dir.file("nope.xml")))
  }

  @Test("a failed run leaves an earlier --out byte-identical; one bad input of two is exit 1")
  func earlierOutputUntouched() throws {
    let dir = TemporaryDirectory("ingest-e2e")
    let good = try Self.write(dir, "good.xml", Array(Self.xml.utf8))
    let out = dir.file("s.hpt")
    #expect(try Healthpipe.run(["ingest", good, "--out", out]).code == 0)
    let before = Self.bytes(out)
    let rejectsBefore = Self.bytes(dir.file("rejects-ingest.hpt"))
    let truncated = try Self.write(dir, "cut.xml", Array(Self.xml.utf8.prefix(90)))
    let failed = try Healthpipe.run(["ingest", truncated, "--out", out])
    #expect(failed.code == 65)
    #expect(failed.stderr.contains("cut.xml"))
    #expect(Self.bytes(out) == before)
    #expect(Self.bytes(dir.file("rejects-ingest.hpt")) == rejectsBefore)

    let partial = try Healthpipe.run(["ingest", good, truncated, "--out", out])
    #expect(partial.code == 1, "\(partial.stderr)")
    #expect(partial.stderr.contains("cut.xml"))
    #expect(partial.stderr.contains("1 records read"))
  }

  @Test("a rerun writes a byte-identical samples table")
  func rerun() throws {
    let dir = TemporaryDirectory("ingest-e2e")
    let good = try Self.write(dir, "good.xml", Array(Self.xml.utf8))
    #expect(try Healthpipe.run(["ingest", good, "--out", dir.file("a.hpt"), "--quiet"]).code == 0)
    #expect(
      try Healthpipe.run([
        "ingest", good, "--out", dir.file("b.hpt"), "--rejects", dir.file("rb.hpt"), "--quiet",
      ]).code == 0)
    #expect(Self.bytes(dir.file("a.hpt")) == Self.bytes(dir.file("b.hpt")))
    #expect(!Self.bytes(dir.file("a.hpt")).isEmpty)
  }

  @Test("usage errors are exit 64")
  func usage() throws {
    #expect(try Healthpipe.run(["ingest", "--out", "/tmp/x.hpt"]).code == 64)
    #expect(try Healthpipe.run(["ingest", "x.xml"]).code == 64)
    #expect(
      try Healthpipe.run(["ingest", "x.xml", "--out", "y", "--timezone", "Mars/Base"]).code == 64)
  }
}
