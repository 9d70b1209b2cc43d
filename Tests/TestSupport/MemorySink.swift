import HealthSystem

/// Collects bytes in memory, for tests and fuzz targets that read what a `ByteSink` user
/// (`TableExporter.export`) wrote.
public final class MemorySink: ByteSink {
  /// Everything written.
  public private(set) var bytes: [UInt8] = []
  /// An empty sink.
  public init() {}
  public func write(_ bytes: [UInt8]) throws { self.bytes += bytes }
  /// The bytes as UTF-8 text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
