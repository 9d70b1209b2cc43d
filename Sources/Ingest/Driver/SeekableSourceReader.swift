import HealthCore

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
  /// Reads the file at `path`.
  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    try read(source: FileReader(path: path), into: sink, options: options, progress: progress)
  }
}
