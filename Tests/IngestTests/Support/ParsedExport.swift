import Foundation
import HealthModel
import Ingest
import TestSupport

/// What reading one Apple export produced, collected in memory for assertions.
struct ParsedExport {
  var samples: [Sample] = []
  var rejects: [Reject] = []
  var counts: [String: TypeCounts] = [:]
  var extra: [String: Int64] = [:]
  var notes: [String] = []
  var exportDate: Int64?

  /// Samples of one metric.
  func samples(_ metric: MetricID) -> [Sample] { samples.filter { $0.metric == metric } }

  /// Records read of one input type.
  func read(_ type: String) -> Int64 { counts[type]?.read ?? 0 }

  /// Parses `text` with an in-memory source handing out pieces as asked.
  static func parse(
    _ text: String, pieceSize: Int = 1 << 16, firstPieces: [Int] = [], bufferSize: Int = 256 << 10,
    options: ReaderOptions = ReaderOptions()
  ) throws -> ParsedExport {
    try parse(
      Array(text.utf8), pieceSize: pieceSize, firstPieces: firstPieces, bufferSize: bufferSize,
      options: options)
  }

  /// Parses `bytes` with an in-memory source handing out pieces as asked.
  static func parse(
    _ bytes: [UInt8], pieceSize: Int = 1 << 16, firstPieces: [Int] = [],
    bufferSize: Int = 256 << 10, options: ReaderOptions = ReaderOptions()
  ) throws -> ParsedExport {
    var samples: [Sample] = []
    var rejects: [Reject] = []
    let sink = IngestSink(
      inputIndex: 0, path: "test.xml", onSample: { samples.append($0) },
      onReject: { rejects.append($0) })
    try AppleXMLReader(bufferSize: bufferSize).read(
      source: MemoryByteSource(bytes, chunkSize: pieceSize, firstPieces: firstPieces),
      name: "test.xml", into: sink, options: options, progress: .silent)
    return ParsedExport(sink, samples: samples, rejects: rejects)
  }

  /// What a reader handed to `sink`: the samples and rejects it collected, and its counts.
  init(_ sink: IngestSink, samples: [Sample], rejects: [Reject]) {
    self.samples = samples
    self.rejects = rejects
    counts = sink.counts
    extra = sink.extra
    notes = sink.notes
    exportDate = sink.exportDate
  }

  /// The error reading `text` throws (nil when it reads fine).
  static func error(_ text: String, pieceSize: Int = 1 << 16) -> HealthError? {
    error(Array(text.utf8), pieceSize: pieceSize)
  }

  /// The error reading `bytes` throws (nil when it reads fine).
  static func error(_ bytes: [UInt8], pieceSize: Int = 1 << 16) -> HealthError? {
    healthError { _ = try parse(bytes, pieceSize: pieceSize) }
  }
}

/// Wraps records in a minimal export: `<HealthData>` on line 1, `<ExportDate>` on line 2,
/// so the first record line is 3.
func export(_ body: String) -> String {
  "<HealthData locale=\"en_US\">\n<ExportDate value=\"2024-06-01 12:00:00 -0700\"/>\n" + body
    + "</HealthData>\n"
}

/// Whether python3 can be run (the zip variants are built with its zipfile module).
let pythonAvailable = Python.hasModule("zipfile, zlib")

/// Whether Info-ZIP's `zip` is installed (the zip64 variant is made with `zip -fz`).
let zipAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/zip")
