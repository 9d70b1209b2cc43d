import Ingest
import Testing

/// Regression (docs/reliability.md): every attribute of a tag was compared with all the attributes
/// before it (the repeated-name check), so one `Record` with 100,000 attributes took 54 s.
/// An element may now have at most 64 attributes; one with more is a `malformed` reject at
/// its line, the attributes past the cap are checked but not compared, and the time is
/// linear in the tag's length (the 300,000-attribute case runs under the corpus tests'
/// time limit in `CorpusTests.manyAttributes`).
@Suite("Regression: attributes per element")
struct AttributeCountTests {
  /// A step record with `extra` filler attributes between `type` and the rest: 7 real
  /// attributes in all (type, sourceName, unit, startDate, endDate, value) plus `extra`.
  static func record(hour: Int, extra: Int) -> String {
    let filler = (0..<extra).map { " x\($0)=\"\($0)\"" }.joined()
    return
      "<Record type=\"HKQuantityTypeIdentifierStepCount\"\(filler) sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 \(hour):00:00 -0800\" endDate=\"2024-01-01 \(hour):10:00 -0800\" value=\"\(hour)\"/>\n"
  }

  @Test("64 attributes are read; 65 make the record a malformed reject at its line")
  func cap() throws {
    // 6 real attributes + 58 fillers = 64 (kept); + 59 fillers = 65 (rejected).
    let body =
      Self.record(hour: 10, extra: 58) + Self.record(hour: 11, extra: 59)
      + Self.record(hour: 12, extra: 0)
    for piece in [1, 13, 1 << 16] {
      let r = try ParsedExport.parse(export(body), pieceSize: piece, bufferSize: 256)
      // Lines: HealthData 1, ExportDate 2, the records 3, 4, 5.
      #expect(r.samples.map(\.origin.record) == [3, 5])
      #expect(r.samples.map(\.value) == [10, 12])
      #expect(r.rejects.map(\.origin.record) == [4])
      #expect(r.rejects.first?.code == .malformed)
      #expect(
        r.rejects.first?.reason
          == "more than 64 attributes in one element (an Apple export writes at most 13)")
      #expect(r.read("HKQuantityTypeIdentifierStepCount") == 3)
    }
  }

  @Test("100,000 attributes: one reject, the records around it kept, a repeat past the cap ignored")
  func hundredThousand() throws {
    // The filler names repeat `type` past the cap: not compared, so not the reason.
    let filler = (0..<100_000).map { $0 == 70_000 ? " type=\"X\"" : " a\($0)=\"\"" }.joined()
    let huge =
      "<Record type=\"HKQuantityTypeIdentifierStepCount\"\(filler) sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 09:00:00 -0800\" endDate=\"2024-01-01 09:10:00 -0800\" value=\"5\"/>\n"
    let r = try ParsedExport.parse(
      export(Self.record(hour: 10, extra: 0) + huge + Self.record(hour: 12, extra: 0)))
    #expect(r.samples.map(\.origin.record) == [3, 5])
    #expect(r.rejects.map(\.origin.record) == [4])
    #expect(r.rejects.first?.reason.hasPrefix("more than 64 attributes") == true)
  }
}
