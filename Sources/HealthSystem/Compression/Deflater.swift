import CZlib
import HealthModel

/// Streaming deflate through zlib: raw deflate (zip writer) or zlib-wrapped (PNG).
public final class Deflater {
  private var stream = z_stream()
  private var output = [UInt8](repeating: 0, count: 1 << 16)
  private var ended = false

  /// Creates a deflater. `level` is zlib's 0-9 (6 is zlib's default balance).
  public init(_ wrapping: Inflater.Wrapping, level: Int32 = 6) throws {
    let bits: Int32 = wrapping == .raw ? -15 : 15
    let status = deflateInit2_(
      &stream, level, Z_DEFLATED, bits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      throw HealthError.internalError("zlib deflateInit2 failed with status \(status)")
    }
  }

  deinit { deflateEnd(&stream) }

  /// Compresses a chunk; `finish` flushes everything and ends the stream.
  public func deflate(
    _ input: UnsafeRawBufferPointer, finish: Bool,
    into sink: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    precondition(!ended, "deflate after finish")
    stream.next_in = input.baseAddress.map {
      UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self))
    }
    stream.avail_in = uInt(input.count)
    let capacity = output.count
    let flush = finish ? Z_FINISH : Z_NO_FLUSH
    while true {
      var status: Int32 = Z_OK
      let produced: Int = output.withUnsafeMutableBytes { out in
        stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(capacity)
        status = CZlib.deflate(&stream, flush)
        return capacity - Int(stream.avail_out)
      }
      if produced > 0 {
        try output.withUnsafeBytes { (buf) in
          try sink(UnsafeRawBufferPointer(rebasing: buf[0..<produced]))
        }
      }
      if status == Z_STREAM_END {
        ended = true
        return
      }
      guard status == Z_OK || status == Z_BUF_ERROR else {
        throw HealthError.internalError("zlib deflate failed with status \(status)")
      }
      if !finish && stream.avail_in == 0 && stream.avail_out != 0 { return }
    }
  }

  /// Compresses a whole buffer in one go.
  public static func compress(_ bytes: [UInt8], wrapping: Inflater.Wrapping, level: Int32 = 6)
    throws -> [UInt8]
  {
    let deflater = try Deflater(wrapping, level: level)
    var out: [UInt8] = []
    try bytes.withUnsafeBytes { (raw) in
      try deflater.deflate(raw, finish: true) { out.append(contentsOf: $0) }
    }
    return out
  }
}
