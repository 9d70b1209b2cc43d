import Foundation
import HealthModel
import Ingest
import TestSupport
import Testing

/// The vendor readers (Oura, WHOOP, Withings) under the round-3 rules (docs/reliability.md,
/// "Duplicates and mixed shapes" and "Limits"): a column they read, given twice, is refused;
/// a column they do not read may repeat; the columns not read cannot grow the manifest
/// without bound.
@Suite("Vendor CSVs: repeated columns and columns not read")
struct VendorRepeatedColumnTests {
  @Test("a weight column given twice (kg and lb) is exit 65 at line 1 naming both columns")
  func readColumnTwice() throws {
    let text =
      "Date,\"Weight (kg)\",Comments,\"Weight (lb)\"\n\"2026-07-08 11:58:38\",67.4,,148.5\n"
    let error = try #require(throws: HealthError.self) {
      _ = try readVendor(WithingsCSVReader.self, text, path: "weight.csv")
    }
    #expect(error.code == .dataError)
    #expect(error.location?.file == "weight.csv" && error.location?.line == 1)
    #expect(
      error.message.contains(
        "two columns for one value ('Weight (kg)' in column 2, 'Weight (lb)' in column 4)"))
  }

  @Test("a WHOOP column given twice under one name is refused the same way")
  func whoopColumnTwice() throws {
    // The real cycles header (26 columns) with column 5 given again as column 27.
    let text =
      String(WhoopCSVReaderTests.cyclesHeader.dropLast()) + ",Resting heart rate (bpm)\n"
      + "2026-07-12 23:20:04,2026-07-14 00:10:00,UTC+01:00,91,52,61,33.1,97,10.5,2100,150,80,"
      + "2026-07-12 23:20:04,2026-07-13 07:05:04,90,15.2,420,465,240,100,80,45,480,10,90,,53\n"
    let error = try #require(throws: HealthError.self) {
      _ = try readVendor(WhoopCSVReader.self, text)
    }
    #expect(error.code == .dataError)
    #expect(
      error.message.contains("the column 'Resting heart rate (bpm)' twice (columns 5 and 27)"))
  }

  @Test("a column not read may repeat: both are counted as not read, the row is read")
  func notReadColumnTwice() throws {
    let text =
      "Date,\"Weight (kg)\",Comments,Comments\n\"2026-07-08 11:58:38\",67.4,a,b\n"
    let out = try readVendor(WithingsCSVReader.self, text)
    #expect(out.rejects.isEmpty && out.reconciles)
    #expect(out.samples.map(\.value) == [67.4])
    // Both cells hold text: 1 + 1 under the one name.
    #expect(out.sink.extra["notRead.Comments"] == 2)
  }

  @Test("300 'Bone mass (uN)' columns: at most 256 counter names, 32 columns named in the note")
  func manyColumnsNotRead() throws {
    // Every 'Bone mass (…)' header is the Bone mass column (its unit is in the header), which
    // is not read; each of the 300 cells holds a value.
    let names = (1...300).map { "Bone mass (u\($0))" }
    let text =
      "Date,Weight (kg)," + names.joined(separator: ",") + "\n2026-07-08 11:58:38,67.4,"
      + Array(repeating: "1", count: 300).joined(separator: ",") + "\n"
    let out = try readVendor(WithingsCSVReader.self, text)
    #expect(out.rejects.isEmpty)
    let named = out.sink.extra.filter { $0.key.hasPrefix("notRead.") }
    #expect(named.count <= IngestSink.maxExtraNames)
    #expect(named["notRead.Bone mass (u1)"] == 1)
    #expect(named["notRead.Bone mass (u300)"] == nil)
    // Nothing is lost: the named ones and the rest add up to the 300 cells.
    #expect(named.values.reduce(0, +) + (out.sink.extra["extra.otherNames"] ?? 0) == 300)
    let note = try #require(out.sink.notes.first { $0.contains("columns not read") })
    #expect(note.contains("Bone mass (u32) (1 values"))
    #expect(!note.contains("Bone mass (u33)"))
    #expect(note.hasSuffix("268 more columns (268 values)"))
  }
}
