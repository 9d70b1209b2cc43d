import HealthModel

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

  /// Opens a regular file for reading; exit 66 when it does not exist, cannot be read, or
  /// is not a regular file: a FIFO would block (it is opened without waiting for a writer
  /// and refused), a device such as `/dev/zero` would never end, a folder or a socket cannot
  /// be read as a file. The message names what it is.
  public init(path: String) throws {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if let st = SystemCalls.fileStatus(path), let kind = SystemCalls.specialKind(st.st_mode) {
        throw Self.notRegular(path, kind)
      }
      throw HealthError.missingInput(path, reason: SystemCalls.errnoText(code))
    }
    var st = stat()
    fstat(descriptor, &st)
    if let kind = SystemCalls.specialKind(st.st_mode) {
      close(descriptor)
      throw Self.notRegular(path, kind)
    }
    // Back to blocking reads (a regular file ignores the flag; this keeps it plain).
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    fd = descriptor
    size = Int64(st.st_size)
  }

  deinit { if fd >= 0 { close(fd) } }

  /// Exit 66 for an input that is not a regular file, naming what it is.
  private static func notRegular(_ path: String, _ kind: String) -> HealthError {
    guard kind != "a folder" else {
      return HealthError.missingInput(path, reason: "it is a folder, not a file")
    }
    return HealthError(
      .noInput, "cannot open input: it is \(kind), not a regular file",
      at: SourceLocation(file: path),
      hint: "pass the export file itself; a FIFO, a device or a socket is refused at once "
        + "(it could block or never end)")
  }

  /// Reads up to `buffer.count` bytes into `buffer`; returns 0 at end of file.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let n = Platform.read(fd, buffer.baseAddress, buffer.count)
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
    // Not zero-filled first: only the bytes read are kept (`initialized`), so no
    // uninitialized byte is ever seen. Table concatenation reads every block through here.
    var failure: (code: Int32, at: Int)?
    let out = [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
      var got = 0
      while got < count {
        let n = pread(fd, buf.baseAddress! + got, count - got, off_t(position) + off_t(got))
        if n < 0 {
          if errno == EINTR { continue }
          failure = (errno, got)
          break
        }
        if n == 0 { break }
        got += n
      }
      initialized = got
    }
    if let failure {
      throw HealthError(
        .ioError, "read failed: \(SystemCalls.errnoText(failure.code))",
        at: SourceLocation(file: path, byteOffset: position + Int64(failure.at)))
    }
    return out
  }

  /// Moves the sequential position.
  public func seek(to position: Int64) {
    lseek(fd, off_t(position), SEEK_SET)
    offset = position
  }

  /// What `readSmallRegularFile` found.
  public enum SmallFile: Sendable {
    /// The whole content.
    case bytes([UInt8])
    /// Not a regular file: what it is (`a FIFO`, `a device`, `a folder`, `a socket`).
    case notRegular(String)
    /// Larger than the limit: its size.
    case tooLarge(Int64)
  }

  /// Reads a small file whole, but only a regular file of at most `limit` bytes: a FIFO
  /// would block (it is opened without waiting for a writer and never read), `/dev/zero`
  /// would never end and `/dev/stdin` would read whatever is piped in. Exit 66 when it
  /// cannot be opened.
  public static func readSmallRegularFile(_ path: String, limit: Int) throws -> SmallFile {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw HealthError.missingInput(path, reason: SystemCalls.errnoText())
    }
    var st = stat()
    fstat(descriptor, &st)
    if let kind = SystemCalls.specialKind(st.st_mode) {
      close(descriptor)
      return .notRegular(kind)
    }
    guard Int64(st.st_size) <= Int64(limit) else {
      close(descriptor)
      return .tooLarge(Int64(st.st_size))
    }
    let reader = FileReader(path: path, descriptor: descriptor, size: Int64(st.st_size))
    // The file's size and one byte more, so a file that grew since `fstat` is read on (up
    // to one byte past the limit). Asking for `limit + 1` bytes at once allocated the whole
    // limit for every small file: a thousand chained includes held a gigabyte.
    var bytes: [UInt8] = []
    var want = min(limit, Int(st.st_size)) + 1
    while true {
      let chunk = try reader.read(at: Int64(bytes.count), count: want)
      bytes += chunk
      if chunk.count < want || bytes.count > limit { break }
      want = min(limit + 1 - bytes.count, 1 << 16)
    }
    return bytes.count > limit ? .tooLarge(Int64(bytes.count)) : .bytes(bytes)
  }

  private init(path: String, descriptor: Int32, size: Int64) {
    self.path = path
    fd = descriptor
    self.size = size
  }

  /// Reads the whole file (small files only: pipeline files, fixtures).
  public static func readAll(_ path: String) throws -> [UInt8] {
    let reader = try FileReader(path: path)
    return try reader.read(at: 0, count: Int(reader.size))
  }
}
