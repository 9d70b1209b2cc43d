import Foundation
import HealthModel
import TestSupport
import Testing

@testable import HealthCore

/// The samples table's two kind columns are written by id (`tableTextID`, the text read at
/// the id's first row in a block): no two kinds may share an id, or a block would write the
/// first kind's text for both.
@Suite("Kind columns written by id")
struct SampleKindTextsTests {
  @Test("each source kind has an id of its own, counted from 0")
  func sourceKinds() {
    let ids = SourceKind.allCases.map(\.tableTextID)
    #expect(Set(ids).count == SourceKind.allCases.count)
    #expect(ids.allSatisfy { Int($0) < SourceKind.allCases.count })
  }

  @Test("each HRV kind has an id of its own, counted from 0")
  func hrvKinds() {
    let ids = HRVKind.allCases.map(\.tableTextID)
    #expect(Set(ids).count == HRVKind.allCases.count)
    #expect(ids.allSatisfy { Int($0) < HRVKind.allCases.count })
  }

  @Test("samples of every kind, over several blocks, read back with their kinds")
  func roundTrip() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("kinds.hpt")
    let writer = try TableWriter<Sample>(path: path, stage: "test", rowsPerBlock: 7)
    var written: [Sample] = []
    for i in 0..<200 {
      let sample = Sample(
        metric: .heartRate, start: Int64(i), end: Int64(i), utcOffset: 0, value: Double(i),
        minimum: i % 3 == 0 ? nil : Double(i - 1), maximum: i % 5 == 0 ? nil : Double(i + 1),
        unit: "count/min", category: "", source: "S\(i % 4)",
        sourceKind: SourceKind.allCases[(i * 7) % SourceKind.allCases.count],
        userEntered: i % 2 == 0, hrvKind: HRVKind.allCases[(i / 3) % HRVKind.allCases.count],
        origin: Origin(file: 0, record: Int64(i)))
      written.append(sample)
      try writer.append(sample)
    }
    try writer.commit()
    let rows = try TableFile.read(Sample.self, from: path).rows
    #expect(rows == written)
  }
}
