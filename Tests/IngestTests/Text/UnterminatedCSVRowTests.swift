import HealthSystem
import Ingest
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): a CSV cut short inside its last
/// row kept that row, so a step count of 16301 cut after `163` was read as 163 steps. The
/// three CSV readers now reject a last row that the file ends without a line break
/// (`malformed`, naming the line); the same row with its line break is kept.
@Suite("Regression: a CSV cut short inside its last row")
struct UnterminatedCSVRowTests {
  static func read(_ reader: some CSVReading, _ text: String, chunk: Int) throws -> Collected {
    let out = Collected()
    try reader.read(
      source: MemoryByteSource(text: text, path: "cut.csv", chunkSize: chunk), into: out.sink,
      options: ReaderOptions(timeZone: "UTC"))
    #expect(out.reconciles)
    return out
  }

  static let long =
    "date,metric,unit,source,value\n2024-01-01,steps,count,p,8000\n2024-01-02,steps,count,p,16301"
  static let daily =
    "Date,Step Count (count) \n2023-01-02 00:00:00,8000 \n2023-01-03 00:00:00,16301 "
  static let workouts =
    "Type,Start,End,Duration,Active Energy (kcal)\nRunning,2023-01-02 08:00,2023-01-02 09:00,1:00:00,400\nRunning,2023-01-03 08:00,2023-01-03 09:00,1:00:00,500"

  @Test(
    "the last row without a line break is rejected at its line; with one it is kept",
    arguments: [1, 4, Int.max])
  func cutAndWhole(_ chunk: Int) throws {
    let cases: [(any CSVReading, String)] = [
      (LongCSVReader(), Self.long), (AutoExportCSVReader(), Self.daily),
      (AutoExportWorkoutsCSVReader(), Self.workouts),
    ]
    for (reader, text) in cases {
      // Cut 2 bytes before the end: inside the last value (16301 → 163, `16301 ` → 1630,
      // 500 → 5), the field count unchanged.
      let cut = try Self.read(reader, String(text.dropLast(2)), chunk: chunk)
      #expect(cut.rejects.count == 1)
      #expect(cut.rejects.first?.code == .malformed)
      #expect(
        cut.rejects.first?.reason
          == "line 3 ends the file without a line break: the file may be cut short inside it "
          + "(end the file with a line break if the row is complete)")
      #expect(cut.rejects.first?.origin.record == 3)
      #expect(cut.samples.allSatisfy { $0.origin.record == 2 })
      #expect(!cut.samples.isEmpty)
      // The whole file with a final line break: both rows kept.
      let whole = try Self.read(reader, text + "\n", chunk: chunk)
      #expect(whole.rejects.isEmpty)
      #expect(Set(whole.samples.map(\.origin.record)) == [2, 3])
    }
  }
}

/// The three CSV readers' common entry point, for the test above.
protocol CSVReading {
  func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter) throws
}

extension CSVReading {
  func read(source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions) throws {
    try read(source: source, into: sink, options: options, progress: .silent)
  }
}

extension LongCSVReader: CSVReading {}
extension AutoExportCSVReader: CSVReading {}
extension AutoExportWorkoutsCSVReader: CSVReading {}
