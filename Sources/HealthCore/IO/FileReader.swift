#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A buffered sequential reader over a file descriptor, for the streaming readers:
/// memory stays at one buffer whatever the file size.
public final class FileReader {
  /// The path as the user named it.
  public let path: String
  private var fd: Int32
  /// Size of the file in bytes at open time.
  public let size: Int64
  /// Bytes handed out so far.
  public private(set) var offset: Int64 = 0

  /// Opens a file for reading; exit 66 when it does not exist or cannot be read.
  public init(path: String) throws {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw HealthError.missingInput(path, reason: SystemCalls.errnoText())
    }
    var st = stat()
    fstat(descriptor, &st)
    if (st.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw HealthError.missingInput(path, reason: "it is a folder, not a file")
    }
    fd = descriptor
    size = Int64(st.st_size)
  }

  deinit { if fd >= 0 { close(fd) } }

  /// Reads up to `buffer.count` bytes into `buffer`; returns 0 at end of file.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      #if canImport(Glibc)
        let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
      #else
        let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
      #endif
      if n < 0 {
        if errno == EINTR { continue }
        throw HealthError(
          .ioError, "read failed: \(SystemCalls.errnoText())",
          at: SourceLocation(file: path, byteOffset: offset))
      }
      offset += Int64(n)
      return n
    }
  }

  /// Reads exactly `count` bytes at an absolute position (for zip central directories);
  /// returns fewer only at end of file.
  public func read(at position: Int64, count: Int) throws -> [UInt8] {
    var out = [UInt8](repeating: 0, count: count)
    var got = 0
    while got < count {
      let n = out.withUnsafeMutableBytes { buf in
        pread(fd, buf.baseAddress! + got, count - got, off_t(position) + off_t(got))
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw HealthError(
          .ioError, "read failed: \(SystemCalls.errnoText())",
          at: SourceLocation(file: path, byteOffset: position + Int64(got)))
      }
      if n == 0 { break }
      got += n
    }
    if got < count { out.removeLast(count - got) }
    return out
  }

  /// Moves the sequential position.
  public func seek(to position: Int64) {
    lseek(fd, off_t(position), SEEK_SET)
    offset = position
  }

  /// Reads the whole file (small files only: pipeline files, fixtures).
  public static func readAll(_ path: String) throws -> [UInt8] {
    let reader = try FileReader(path: path)
    return try reader.read(at: 0, count: Int(reader.size))
  }
}
