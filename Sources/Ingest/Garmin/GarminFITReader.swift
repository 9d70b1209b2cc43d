import HealthSystem

/// Reads a FIT file (`.fit` from a Garmin device or any FIT writer; several files chained in
/// one are read in turn) into samples: `FITDecoder` for the bytes, `GarminFITMapper` for
/// their meaning (docs/ingest-garmin.md). Detected by the `.FIT` signature of its header,
/// never by its name.
public struct GarminFITReader: InputReader, Sendable {
  /// `garmin-fit`.
  public static let format = InputFormat.garminFIT
  /// The decoder's buffer size.
  public var bufferSize = 1 << 20

  /// A reader with the default buffer.
  public init() {}

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    let source = try FileByteSource(path: path)
    try read(source: source, into: sink, options: options, progress: progress)
    sink.contentCRC32 = try source.wholeFileCRC32()
  }

  /// Reads from any byte source (tests hand memory over in pieces of any size).
  public func read(
    source: ByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    let mapper = GarminFITMapper(sink: sink, zone: try InstantTimeZone(options: options))
    progress.begin(stage: "ingest \(source.path)")
    defer { progress.end() }
    let decoder = FITDecoder(source: source, bufferSize: bufferSize)
    try decoder.run(mapper)
    try mapper.finish()
    GarminFITReader.record(decoder.counts, in: sink)
  }

  /// Adds what the decoder counted to the manifest's extras.
  static func record(_ counts: FITDecodeCounts, in sink: IngestSink) {
    sink.extra["fit.messages", default: 0] += counts.dataMessages
    sink.extra["fit.definitions", default: 0] += counts.definitions
    if counts.compressedTimestamps > 0 {
      sink.extra["fit.compressedTimestampMessages", default: 0] += counts.compressedTimestamps
    }
    if counts.developerFields > 0 {
      sink.extra["fit.developerFieldsSkipped", default: 0] += counts.developerFields
    }
    if counts.trailingZeroBytes > 0 {
      sink.extra["fit.trailingZeroBytes", default: 0] += counts.trailingZeroBytes
    }
  }

  /// Whether the first bytes are a FIT file header (`.FIT` at bytes 8-11).
  public static func matches(prefix: [UInt8]) -> Bool { FITFileHeader.matches(prefix: prefix) }
}
