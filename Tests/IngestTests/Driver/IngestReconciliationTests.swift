import HealthCore
import HealthSystem
import Testing

@testable import Ingest

@Suite("Ingest reconciliation")
struct IngestReconciliationTests {
  static func input(kept: Int64, rejected: Int64, samplesRows: Int64, rejectsRows: Int64)
    -> InputRead
  {
    var totals = TypeCounts()
    totals.read = kept + rejected
    totals.kept = kept
    totals.rejected = rejected
    return InputRead(
      index: 0, path: "a.xml", format: .appleXML,
      fingerprint: FileFingerprint(path: "a.xml", size: 1, modifiedNanoseconds: 0),
      descriptor: InputDescriptor(index: 0, path: "a.xml", format: "apple-xml", size: 1, crc32: ""),
      counts: ["T": totals], totals: totals, rejectTally: RejectTally(), extra: [:], notes: [],
      samplesRows: samplesRows, rejectsRows: rejectsRows)
  }

  @Test("every line holds when the tables have the rows counted")
  func holds() {
    let lines = IngestReconciliation.lines(
      for: [Self.input(kept: 5, rejected: 2, samplesRows: 5, rejectsRows: 2)])
    #expect(lines.filter { !$0.holds }.isEmpty)
    #expect(
      Set(lines.map(\.scope)) == ["input", "input-samples", "input-rejects", "type", "total"])
  }

  @Test("rows that differ from the counts break the reconciliation (the stage exits 70)")
  func breaks() {
    // 5 kept but 4 samples rows written, 2 rejected but 3 rejects rows: same sum, wrong split.
    let lines = IngestReconciliation.lines(
      for: [Self.input(kept: 5, rejected: 2, samplesRows: 4, rejectsRows: 3)])
    #expect(lines.filter { !$0.holds }.map(\.scope) == ["input-samples", "input-rejects"])
  }
}
