import HealthModel

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Somewhere bytes can be written: standard output, an atomic file (the tests add an
/// in-memory buffer, `MemorySink` in TestSupport).
public protocol ByteSink: AnyObject {
  /// Appends bytes.
  func write(_ bytes: [UInt8]) throws
}

extension ByteSink {
  /// Appends UTF-8 text.
  public func write(_ text: String) throws { try write(Array(text.utf8)) }
}

extension AtomicFileWriter: ByteSink {}

/// A buffered writer to a file descriptor (standard output by default). A closed pipe
/// (`healthpipe export t | head`) ends the write quietly as exit 74.
public final class FileDescriptorSink: ByteSink {
  private let fd: Int32
  private var buffer: [UInt8] = []

  /// A sink over a descriptor (1 = standard output).
  public init(fd: Int32 = 1) {
    self.fd = fd
    buffer.reserveCapacity(1 << 16)
  }

  deinit { try? flush() }

  public func write(_ bytes: [UInt8]) throws {
    buffer += bytes
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes out what is buffered.
  public func flush() throws {
    var offset = 0
    defer { buffer.removeAll(keepingCapacity: true) }
    while offset < buffer.count {
      let n = buffer.withUnsafeBytes { raw in
        Platform.write(fd, raw.baseAddress! + offset, raw.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { throw HealthError.brokenPipe() }
        throw HealthError(.ioError, "writing to standard output failed: \(SystemCalls.errnoText())")
      }
      offset += n
    }
  }
}
