import Dispatch
import HealthModel
import HealthSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scratch file for fixed-size values (`StoredSample`, `RejectRecord`, ...), in the
/// output's folder so it uses that disk rather than memory or `/tmp`.
///
/// It is created as `.<output name>.tmp-clean-<owner>-<n>` and unlinked at once: the open
/// descriptor keeps it readable and writable, and the system frees it when the descriptor
/// is closed, by `close()`, by the process ending, or by a kill. Only a kill between the
/// `open` and the `unlink` can leave it behind, under a name the next `healthpipe run`
/// removes (it carries the mark of the run, `TemporaryFiles.owner`).
///
/// Values are written and read back as their in-memory bytes by this same process, so
/// there is no encoding; a short read or a failed write is an error, never fewer values.
///
/// `@unchecked Sendable`: several threads may append and read at once (clean resolves two
/// metrics at a time, `PartitionedClean.resolveByMetric`). The only mutable state, the end
/// of the file, is reserved under `appendLock` before each write, so every append gets its
/// own byte range; `pwrite` and `pread` take explicit offsets and never share a file
/// position; a range is read only after the append that wrote it has returned (the
/// caller hands the chunk on). `close()` is called only when no other thread uses the file.
final class SpillFile: @unchecked Sendable {
  /// A run of values written by one `append`.
  struct Chunk: Sendable {
    /// Byte offset in the file.
    var offset: Int64
    /// Number of values.
    var count: Int
  }

  /// The output the file sits beside, for error messages.
  let output: String
  private var fd: Int32
  private var end: Int64 = 0
  private let appendLock = DispatchSemaphore(value: 1)

  /// Creates the scratch file in the folder of `output`.
  init(beside output: String) throws {
    self.output = output
    let (descriptor, path) = try TemporaryFiles.create {
      try SystemCalls.createHiddenFile(
        beside: output, tag: "clean-", mode: 0o600, readable: true,
        doing: "creating the scratch file")
    }
    unlink(path)
    TemporaryFiles.unregister(path)
    fd = descriptor
  }

  deinit { close() }

  /// Closes the file, which frees its disk space. Later reads and writes fail.
  func close() {
    if fd >= 0 {
      _ = Platform.close(fd)
      fd = -1
    }
  }

  /// Bytes reserved by appends so far.
  var size: Int64 {
    appendLock.wait()
    defer { appendLock.signal() }
    return end
  }

  /// Appends `values` and returns where they are. Safe to call from several threads at
  /// once: each call writes its own range.
  func append<T: BitwiseCopyable>(_ values: UnsafeBufferPointer<T>) throws -> Chunk {
    let bytes = UnsafeRawBufferPointer(values)
    appendLock.wait()
    let offset = end
    end += Int64(bytes.count)
    appendLock.signal()
    var done = 0
    while done < bytes.count {
      let n = pwrite(
        fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
      if n < 0 {
        if errno == EINTR { continue }
        throw SystemCalls.writeError(errno, path: output, doing: "writing the scratch file")
      }
      done += n
    }
    return Chunk(offset: offset, count: values.count)
  }

  /// Appends `values` and returns where they are.
  func append<T: BitwiseCopyable>(_ values: [T]) throws -> Chunk {
    try values.withUnsafeBufferPointer { try append($0) }
  }

  /// Reads values `skip ..< skip + target.count` of `chunk` into `target`.
  func read<T: BitwiseCopyable>(
    _ chunk: Chunk, skip: Int = 0, into target: UnsafeMutableBufferPointer<T>
  ) throws {
    precondition(skip >= 0 && skip + target.count <= chunk.count, "read outside the chunk")
    let bytes = UnsafeMutableRawBufferPointer(target)
    let start = off_t(chunk.offset) + off_t(skip * MemoryLayout<T>.stride)
    var done = 0
    while done < bytes.count {
      let n = pread(fd, bytes.baseAddress! + done, bytes.count - done, start + off_t(done))
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        let reason = n < 0 ? SystemCalls.errnoText() : "the file ended early"
        throw HealthError(
          .ioError, "reading the clean stage's scratch file failed: \(reason)",
          at: SourceLocation(file: output), hint: "check the disk and run again")
      }
      done += n
    }
  }

  /// All values of some chunks, in order.
  func read<T: BitwiseCopyable>(_ chunks: [Chunk], as type: T.Type) throws -> [T] {
    let total = chunks.reduce(0) { $0 + $1.count }
    return try [T](unsafeUninitializedCapacity: total) { buffer, initialized in
      var position = 0
      for chunk in chunks where chunk.count > 0 {
        try read(
          chunk,
          into: UnsafeMutableBufferPointer(rebasing: buffer[position..<position + chunk.count]))
        position += chunk.count
      }
      initialized = total
    }
  }
}

/// Appends values to a scratch file a batch at a time, so a long run of values never sits
/// in memory whole; the run is the list of chunks written.
struct SpillWriter<Value: BitwiseCopyable> {
  private let spill: SpillFile
  private let batch: Int
  private var buffer: [Value] = []
  /// The chunks written so far, in order.
  private(set) var chunks: [SpillFile.Chunk] = []

  /// A writer to `spill` that writes every `batch` values.
  init(spill: SpillFile, batch: Int = 4_096) {
    self.spill = spill
    self.batch = max(1, batch)
  }

  /// Adds one value.
  mutating func append(_ value: Value) throws {
    buffer.append(value)
    if buffer.count >= batch { try flush() }
  }

  /// Writes what is buffered and returns every chunk of the run.
  mutating func finish() throws -> [SpillFile.Chunk] {
    try flush()
    return chunks
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    chunks.append(try spill.append(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Reads a run of values (a list of chunks) back a batch at a time.
struct SpillReader<Value: BitwiseCopyable> {
  private let chunks: [SpillFile.Chunk]
  private let batch: Int
  private var chunk = 0
  private var consumed = 0
  /// The values of the current batch.
  private(set) var buffer: [Value] = []

  /// A reader of `chunks` that reads up to `batch` values at a time.
  init(chunks: [SpillFile.Chunk], batch: Int) {
    self.chunks = chunks
    self.batch = max(1, batch)
  }

  /// Reads the next batch into `buffer`; false (and an empty buffer) at the end.
  mutating func next(from spill: SpillFile) throws -> Bool {
    while chunk < chunks.count && consumed >= chunks[chunk].count {
      chunk += 1
      consumed = 0
    }
    guard chunk < chunks.count else {
      buffer = []
      return false
    }
    let current = chunks[chunk]
    let n = min(batch, current.count - consumed)
    let skip = consumed
    buffer = try [Value](unsafeUninitializedCapacity: n) { target, initialized in
      try spill.read(current, skip: skip, into: target)
      initialized = n
    }
    consumed += n
    return true
  }
}
