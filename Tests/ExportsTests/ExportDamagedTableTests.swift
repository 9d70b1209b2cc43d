import Exports
import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): `healthpipe export` of a table
/// cut short in a later block printed the header and every row of the earlier blocks before
/// failing with exit 65, so a consumer that ignored the exit code read fewer rows. Export
/// now checks the whole file first and writes nothing from a damaged table.
@Suite("Regression: export of a damaged table")
struct ExportDamagedTableTests {
  @Test("a table damaged in its third block exports nothing, in both formats")
  func nothingWritten() throws {
    let temporary = TemporaryDirectory("export-damaged")
    let folder = temporary.path
    let path = folder + "/t.hpt"
    // Six rows, two per block: three blocks.
    let writer = try TableWriter<Reject>(path: path, stage: "test", rowsPerBlock: 2)
    for i in 0..<6 {
      try writer.append(
        Reject(
          stage: "test", code: .malformed, reason: "row \(i)", metric: "steps", value: "",
          unit: "", source: "", origin: Origin(file: 0, record: Int64(i))))
    }
    try writer.commit()
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    // A healthy table exports a header and six rows.
    let healthy = MemorySink()
    #expect(try TableExporter.export(path: path, format: .csv, to: healthy) == 6)
    #expect(healthy.text.split(separator: "\r\n").count == 7)
    // Cut the last 30 bytes: the footer (1 + 12 + 4 + 8 = 25 bytes) and the end of block 3.
    try whole.prefix(whole.count - 30).write(to: URL(fileURLWithPath: path))
    for format in TableExporter.Format.allCases {
      let sink = MemorySink()
      #expect(throws: HealthError.self) {
        try TableExporter.export(path: path, format: format, to: sink)
      }
      #expect(sink.bytes.isEmpty)
    }
  }
}
