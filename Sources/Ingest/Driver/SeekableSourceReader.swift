import HealthSystem

/// A reader that reads from any seekable byte source (the text formats: JSON and CSV). Files
/// are read through a `FileReader`; tests feed memory in pieces of any size.
public protocol SeekableSourceReader: InputReader {
  /// Reads from `source` into `sink`.
  func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter
  ) throws
}

extension SeekableSourceReader {
  /// Reads the file at `path`, and sets the sink's `contentCRC32` from the bytes read
  /// (`ChecksummedFileReader`: no second read for the input's fingerprint).
  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    let source = try ChecksummedFileReader(path: path)
    try read(source: source, into: sink, options: options, progress: progress)
    sink.contentCRC32 = try source.wholeFileCRC32()
  }
}
