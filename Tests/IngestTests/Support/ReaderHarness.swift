import Foundation
import HealthModel
import Ingest

/// What a reader handed to its sink, for tests.
final class Collected {
  var samples: [Sample] = []
  var rejects: [Reject] = []
  private(set) var sink: IngestSink!

  init(path: String = "<memory>") {
    sink = IngestSink(
      inputIndex: 0, path: path, onSample: { [unowned self] in self.samples.append($0) },
      onReject: { [unowned self] in self.rejects.append($0) })
  }

  /// Samples of one metric.
  func samples(_ metric: MetricID) -> [Sample] { samples.filter { $0.metric == metric } }

  /// Whether `read = kept + rejected` holds for every type.
  var reconciles: Bool {
    sink.counts.values.allSatisfy { $0.read == $0.kept + $0.rejected }
  }
}

/// Options fixing the zone, so tests do not depend on the machine.
let berlin = ReaderOptions(timeZone: "Europe/Berlin", timeZoneOrigin: "pipeline setting")
let newYork = ReaderOptions(timeZone: "America/New_York", timeZoneOrigin: "pipeline setting")

/// The text readers whose read buffer a test can shrink, so records cross buffer refills.
protocol BufferedTextReader: SeekableSourceReader {
  init()
  var bufferSize: Int { get set }
}

extension AutoExportJSONReader: BufferedTextReader {}
extension AutoExportCSVReader: BufferedTextReader {}
extension AutoExportWorkoutsCSVReader: BufferedTextReader {}
extension LongCSVReader: BufferedTextReader {}

/// Reads `bytes` with a text reader from memory handed out in pieces of `chunkSize` bytes.
func readInMemory<Reader: BufferedTextReader>(
  _ type: Reader.Type, _ bytes: [UInt8], path: String, options: ReaderOptions,
  bufferSize: Int = 1 << 16, chunkSize: Int = .max
) throws -> Collected {
  var reader = Reader()
  reader.bufferSize = bufferSize
  let out = Collected()
  try reader.read(
    source: MemoryByteSource(bytes, path: path, chunkSize: chunkSize), into: out.sink,
    options: options, progress: .silent)
  return out
}

/// Reads the file at `path` with `reader`.
func readFile(_ reader: some InputReader, path: String, options: ReaderOptions) throws
  -> Collected
{
  let out = Collected(path: path)
  try reader.read(path: path, into: out.sink, options: options, progress: .silent)
  return out
}

/// Reads JSON text with the Health Auto Export reader.
func readAutoExportJSON(
  _ text: String, options: ReaderOptions = newYork, bufferSize: Int = 1 << 16,
  chunkSize: Int = .max
) throws -> Collected {
  try readAutoExportJSON(
    Array(text.utf8), options: options, bufferSize: bufferSize, chunkSize: chunkSize)
}

/// Reads JSON bytes with the Health Auto Export reader.
func readAutoExportJSON(
  _ bytes: [UInt8], options: ReaderOptions = newYork, bufferSize: Int = 1 << 16,
  chunkSize: Int = .max
) throws -> Collected {
  try readInMemory(
    AutoExportJSONReader.self, bytes, path: "test.json", options: options,
    bufferSize: bufferSize, chunkSize: chunkSize)
}

/// Runs `body` and returns the `HealthError` it throws, if any.
func healthError(_ body: () throws -> Void) -> HealthError? {
  do {
    try body()
    return nil
  } catch let e as HealthError {
    return e
  } catch {
    return HealthError(.internalError, "unexpected error \(error)")
  }
}

/// Epoch seconds of a wall-clock time with a fixed offset, worked out with the calendar
/// arithmetic of `CivilDate` (independent of the readers).
func epoch(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0, offset: Int)
  -> Int64
{
  Int64(CivilDate.daysFromCivil(year: y, month: mo, day: d)) * 86_400
    + Int64(h * 3600 + mi * 60 + s) - Int64(offset)
}
