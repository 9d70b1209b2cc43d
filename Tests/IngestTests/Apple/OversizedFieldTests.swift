import Ingest
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): a record whose `sourceName` was
/// 10 MB long was kept; aggregate then carried the source list into its table headers,
/// wrote headers of 21 MB and the report refused them as implausible. Ingest now rejects a
/// record with any text field over `IngestSink.maxFieldBytes` (64 KiB) as malformed, and
/// shortens long text in every rejects row.
@Suite("Regression: absurdly long text fields")
struct OversizedFieldTests {
  static func record(source: String, value: String = "1") -> String {
    "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" unit=\"count\" startDate=\"2024-01-01 09:00:00 -0800\" endDate=\"2024-01-01 09:10:00 -0800\" value=\"\(value)\"/>\n"
  }

  @Test("a source of exactly 64 KiB is kept; one byte more is rejected with its length")
  func boundary() throws {
    let limit = 64 * 1024
    let r = try ParsedExport.parse(
      export(
        Self.record(source: String(repeating: "s", count: limit))
          + Self.record(source: String(repeating: "s", count: limit + 1))
          + Self.record(source: String(repeating: "s", count: 10 << 20))))
    #expect(r.samples.map(\.origin.record) == [3])
    #expect(r.rejects.map(\.origin.record) == [4, 5])
    #expect(r.rejects.allSatisfy { $0.code == .malformed })
    #expect(
      r.rejects[0].reason
        == "the source name is 65537 bytes long; text fields over 65536 bytes are not kept")
    #expect(r.rejects[1].reason.hasPrefix("the source name is 10485760 bytes long"))
    // The rejects row keeps a shortened copy: at most 64 KiB of whole characters and '…'.
    #expect(r.rejects[1].source.utf8.count <= limit)
    #expect(r.rejects[1].source.hasSuffix("…"))
    #expect(r.counts["HKQuantityTypeIdentifierStepCount"]?.read == 3)
    #expect(r.counts["HKQuantityTypeIdentifierStepCount"]?.rejected == 2)
  }

  @Test("a 10 MB bad number is rejected with a shortened value and reason")
  func longBadNumber() throws {
    let r = try ParsedExport.parse(
      export(Self.record(source: "P", value: String(repeating: "é", count: 5 << 20))))
    #expect(r.samples.isEmpty)
    #expect(r.rejects.count == 1)
    #expect(r.rejects[0].code == .badNumber)
    #expect(r.rejects[0].value.utf8.count <= 64 * 1024)
    #expect(r.rejects[0].reason.utf8.count <= 64 * 1024)
    // Cut between characters, never inside the two-byte é.
    #expect(r.rejects[0].value.hasSuffix("é…"))
  }
}
