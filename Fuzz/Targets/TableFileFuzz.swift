import Exports
import HealthCore
import HealthModel
import TestSupport

/// libFuzzer target: the typed table file reader, export (CSV and NDJSON) and inspection.
///
/// Table files carry a CRC-32 on the header, on every block and on the footer, so random
/// bytes would almost always stop at the first checksum. Before writing the scratch file the
/// target recomputes every CRC it can find, so the fuzzer reaches the header JSON, the block
/// decoder and the value printers (what a disk with a valid-looking but wrong block would
/// feed them). The checksum paths themselves are covered by the corpus tests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTableFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  TableCRCFixer.fix(&bytes)
  let path = bytes.withUnsafeBytes { Fuzz.scratchFile("table.hpt", $0) }
  do {
    let reader = try TableFileReader(path: path)
    switch reader.header.kind {
    case .samples: try TableFile.stream(Sample.self, from: path) { _ in }
    case .rejects: try TableFile.stream(Reject.self, from: path) { _ in }
    case .daily: try TableFile.stream(DailyValue.self, from: path) { _ in }
    case .baselines: try TableFile.stream(BaselineRow.self, from: path) { _ in }
    case .scores: try TableFile.stream(ScoreRow.self, from: path) { _ in }
    case .streaks: try TableFile.stream(StreakRow.self, from: path) { _ in }
    case .weekly: try TableFile.stream(WeeklyRow.self, from: path) { _ in }
    case .habits: try TableFile.stream(HabitDayRow.self, from: path) { _ in }
    }
  } catch {
    Fuzz.check(error)
  }
  for format in TableExporter.Format.allCases {
    do {
      _ = try TableExporter.export(path: path, format: format, to: MemorySink())
    } catch {
      Fuzz.check(error)
    }
  }
  do {
    let inspection = try TableInspection.inspect(path: path)
    _ = inspection.text()
    _ = try inspection.json()
  } catch {
    Fuzz.check(error)
  }
  return 0
}
