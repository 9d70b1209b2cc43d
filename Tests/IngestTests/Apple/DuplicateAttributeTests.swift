import Ingest
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): a `Record` with its `type`
/// attribute written twice was kept as the second type, so a step count silently became another
/// metric. XML forbids a repeated attribute name; the element is now rejected as malformed
/// with the name in the reason, at its line, and the records around it are read as before.
@Suite("Regression: repeated attribute names")
struct DuplicateAttributeTests {
  static let step =
    "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"120\"/>\n"

  @Test("a repeated type, value or sourceName rejects the record; every piece size agrees")
  func repeatedNames() throws {
    let doubled = [
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" type=\"X\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 09:00:00 -0800\" endDate=\"2024-01-01 09:10:00 -0800\" value=\"1\"/>\n",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 09:00:00 -0800\" endDate=\"2024-01-01 09:10:00 -0800\" value=\"1\" value=\"2\"/>\n",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" sourceName=\"Q\" unit=\"count\" startDate=\"2024-01-01 09:00:00 -0800\" endDate=\"2024-01-01 09:10:00 -0800\" value=\"1\"/>\n",
    ]
    for piece in [1, 7, 1 << 16] {
      let r = try ParsedExport.parse(
        export(Self.step + doubled.joined() + Self.step), pieceSize: piece)
      // Lines: HealthData 1, ExportDate 2, step 3, the three doubled records 4-6, step 7.
      #expect(r.samples.map(\.origin.record) == [3, 7])
      #expect(r.rejects.map(\.origin.record) == [4, 5, 6])
      #expect(r.rejects.allSatisfy { $0.code == .malformed })
      #expect(r.rejects[0].reason == "attribute 'type' appears twice in the tag")
      #expect(r.rejects[1].reason == "attribute 'value' appears twice in the tag")
      #expect(r.rejects[2].reason == "attribute 'sourceName' appears twice in the tag")
    }
  }

  @Test("names that only share a length or a prefix are not repeats")
  func similarNames() throws {
    // `type` and `unit` have the same length; `startDate` and `start` share a prefix.
    let r = try ParsedExport.parse(
      export(
        "<Record type=\"HKQuantityTypeIdentifierStepCount\" unit=\"count\" start=\"x\" sourceName=\"P\" startDate=\"2024-01-01 09:00:00 -0800\" endDate=\"2024-01-01 09:10:00 -0800\" value=\"1\"/>\n"
      ))
    #expect(r.samples.count == 1)
    #expect(r.rejects.isEmpty)
  }
}
