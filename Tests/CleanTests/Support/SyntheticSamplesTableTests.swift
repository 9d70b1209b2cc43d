import Clean
import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

@Suite("Synthetic samples table for the partitioned clean tests")
struct SyntheticSamplesTableTests {
  @Test("writes exactly the count asked for, deterministically, and cleans to a balanced manifest")
  func smallTable() throws {
    let dir = TemporaryDirectory()
    try SyntheticSamplesTable.write(to: dir.file("a.hpt"), count: 20_000, seed: 7)
    try SyntheticSamplesTable.write(to: dir.file("b.hpt"), count: 20_000, seed: 7)
    #expect(try FileReader.readAll(dir.file("a.hpt")) == FileReader.readAll(dir.file("b.hpt")))
    let (_, rows) = try TableFile.read(Sample.self, from: dir.file("a.hpt"))
    #expect(rows.count == 20_000)
    let manifest = try CleanStage.run(
      CleanOptions(input: dir.file("a.hpt"), output: dir.file("clean.hpt")), progress: .silent)
    #expect(manifest.balanced)
    #expect(manifest.totals["read"] == 20_000)
    // The generator plants every kind of defect and overlap.
    for key in [
      "trimmed", "overlapped", "duplicate", "rejected.out-of-range", "rejected.future-date",
    ] {
      #expect((manifest.totals[key] ?? 0) > 0, "\(key)")
    }
  }
}
