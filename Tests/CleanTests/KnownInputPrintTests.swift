import Clean
import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

/// `CleanOptions.knownInputPrint`: the samples table's fingerprint as the pipeline's ingest
/// computed it is taken only while the file's size and mtime are those it was taken with;
/// the cleaned table records the same CRC-32 either way, and its bytes do not change.
@Suite("Clean stage: a known fingerprint of its input")
struct KnownInputPrintTests {
  func run(_ dir: TemporaryDirectory, known: FileFingerprint?, name: String) throws
    -> (crc32: String, bytes: [UInt8])
  {
    let input = dir.file("samples.hpt")
    var options = CleanOptions(input: input, output: dir.file("\(name).hpt"))
    options.knownInputPrint = known
    _ = try CleanStage.execute(options, progress: .silent)
    let header = try TableFile.header(of: options.output)
    return (
      header.inputs.last?.crc32 ?? "", Array(try Data(contentsOf: URL(filePath: options.output)))
    )
  }

  @Test("a print matching the file is used; the table is the same as without it")
  func matchingPrint() throws {
    let dir = TemporaryDirectory()
    let input = try CleanStageTests.writeInput(dir)
    let truth = try FileFingerprint.withChecksum(input)
    let without = try run(dir, known: nil, name: "a")
    let with = try run(dir, known: truth, name: "b")
    #expect(without.crc32 == truth.crc32)
    #expect(with.crc32 == truth.crc32)
    #expect(with.bytes.count == without.bytes.count)
  }

  @Test("a print taken before the file changed is not used")
  func stalePrint() throws {
    let dir = TemporaryDirectory()
    let input = try CleanStageTests.writeInput(dir)
    let truth = try FileFingerprint.withChecksum(input)
    // The same size, another mtime: what a rewrite of the table looks like.
    var stale = truth
    stale.crc32 = "00000000"
    stale.digest = "0000000000000000"
    stale.modifiedNanoseconds -= 1_000_000_000
    #expect(try run(dir, known: stale, name: "c").crc32 == truth.crc32)
    // Another file's print is not used either.
    var other = truth
    other.path = dir.file("other.hpt")
    other.crc32 = "00000000"
    #expect(try run(dir, known: other, name: "d").crc32 == truth.crc32)
  }

  @Test("a print matching the file's size and mtime is taken as computed")
  func takenAsComputed() throws {
    let dir = TemporaryDirectory()
    let input = try CleanStageTests.writeInput(dir)
    var given = try FileFingerprint.withChecksum(input)
    given.crc32 = "0badc0de"
    // The pipeline hands only what ingest computed while writing this very file; the
    // stage trusts it as the stamps do (docs/architecture.md), without reading the table.
    #expect(try run(dir, known: given, name: "e").crc32 == "0badc0de")
  }
}
