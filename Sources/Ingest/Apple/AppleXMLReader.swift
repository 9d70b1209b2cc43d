import Foundation
import HealthSystem

/// Reads an Apple Health `export.xml` (any localised name) with the streaming byte
/// scanner: memory stays at one buffer whatever the file size, and the file's CRC-32 is
/// computed on the way (set as `sink.contentCRC32`).
public struct AppleXMLReader: InputReader {
  /// `apple-xml`.
  public static let format = InputFormat.appleXML
  /// Size of the read buffer in bytes.
  public var bufferSize: Int
  /// Threads that parse pieces of a file at the same time (`AppleChunkedRead`); 1 reads
  /// in one piece.
  public var parsingThreads: Int
  /// The size of those pieces; files under two pieces are read in one.
  public var chunkBytes: Int

  /// A reader with a buffer of `bufferSize` bytes (it grows only for a single tag longer
  /// than that), parsing a file on `parsingThreads` threads (nil: one per core) in
  /// pieces of `chunkBytes`.
  public init(
    bufferSize: Int = 256 << 10, parsingThreads: Int? = nil,
    chunkBytes: Int = 1 << 20
  ) {
    self.bufferSize = bufferSize
    self.parsingThreads = max(1, parsingThreads ?? ProcessInfo.processInfo.activeProcessorCount)
    self.chunkBytes = max(256, chunkBytes)
  }

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    if let size = try? FileReader(path: path).size, readsInPieces(size) {
      progress.begin(stage: "ingest \(Self.displayName(path))", totalBytes: size)
      defer { progress.end() }
      _ = try chunkedRead(path: path, options: options).read(into: sink, progress: progress)
      return
    }
    let source = try FileByteSource(path: path)
    progress.begin(stage: "ingest \(Self.displayName(path))", totalBytes: source.size)
    defer { progress.end() }
    try read(source: source, name: path, into: sink, options: options, progress: progress)
    sink.contentCRC32 = try source.wholeFileCRC32()
  }

  /// Reads an export from any byte source (a zip entry, memory). `name` and `entryName`
  /// are used in messages.
  public func read(
    source: ByteSource, name: String, entryName: String? = nil, into sink: IngestSink,
    options: ReaderOptions, progress: ProgressMeter
  ) throws {
    let parser = AppleExportParser(
      source: source, fileName: name, entryName: entryName, bufferSize: bufferSize, sink: sink,
      options: options, progress: progress)
    try parser.run()
  }

  /// Whether an export of `size` bytes is parsed in pieces: with more than one thread, and
  /// at least two pieces' worth.
  func readsInPieces(_ size: Int64) -> Bool {
    parsingThreads > 1 && size >= 2 * Int64(chunkBytes)
  }

  /// The piece-by-piece reading of the export at `path` with these settings.
  func chunkedRead(path: String, options: ReaderOptions) -> AppleChunkedRead {
    AppleChunkedRead(
      path: path, chunkBytes: chunkBytes, workers: parsingThreads, bufferSize: bufferSize,
      options: options)
  }

  static func displayName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
