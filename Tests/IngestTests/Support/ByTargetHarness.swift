import HealthCore
import HealthModel

@testable import Ingest

/// Reads `text` (named `name`) with a text reader into a samples table at `path`, through a
/// sink with a row writer (values kept by target) when `byTarget`, else one `Sample` at a
/// time; returns the sink for its counts. Tests compare the two tables' bytes.
func readIntoTable<Reader: BufferedTextReader>(
  _ type: Reader.Type, _ text: String, name: String, to path: String, rowsPerBlock: Int,
  byTarget: Bool, options: ReaderOptions
) throws -> IngestSink {
  try readIntoTable(name: name, to: path, rowsPerBlock: rowsPerBlock, byTarget: byTarget) {
    try Reader().read(
      source: MemoryByteSource(Array(text.utf8), path: name), into: $0, options: options,
      progress: .silent)
  }
}

/// `read` fills a sink named `name` whose samples go into a table at `path`, by target
/// (through a row writer) when `byTarget`, else one `Sample` at a time; returns the sink.
func readIntoTable(
  name: String, to path: String, rowsPerBlock: Int, byTarget: Bool,
  _ read: (IngestSink) throws -> Void
) throws -> IngestSink {
  let table = try TableWriter<Sample>(path: path, stage: "ingest", rowsPerBlock: rowsPerBlock)
  let sink = IngestSink(
    inputIndex: 0, path: name, onSample: { try table.append($0) }, onReject: { _ in },
    rowWriter: byTarget ? SampleRowWriter(table) : nil)
  try read(sink)
  try table.commit()
  return sink
}
