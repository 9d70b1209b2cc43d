import CZlib
import HealthModel

/// Streaming inflate through zlib: raw deflate (zip entries) or zlib-wrapped (PNG).
///
/// Feed compressed chunks with `inflate(_:into:)`; each call appends what it can produce to
/// the output closure in pieces of at most `outputChunkSize` bytes, so memory stays bounded.
public final class Inflater {
  /// The data format of the compressed stream.
  public enum Wrapping: Sendable {
    /// Raw deflate, no header (zip method 8).
    case raw
    /// zlib header and Adler-32 trailer (PNG IDAT).
    case zlib
  }

  private var stream = z_stream()
  private var output: [UInt8]
  /// Whether the end of the compressed stream was reached.
  public private(set) var finished = false
  /// Total compressed bytes consumed.
  public private(set) var totalIn: Int64 = 0
  /// Total bytes produced.
  public private(set) var totalOut: Int64 = 0

  /// Creates an inflater.
  public init(_ wrapping: Wrapping, outputChunkSize: Int = 1 << 18) throws {
    output = [UInt8](repeating: 0, count: outputChunkSize)
    let bits: Int32 = wrapping == .raw ? -15 : 15
    let status = inflateInit2_(
      &stream, bits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      throw HealthError.internalError("zlib inflateInit2 failed with status \(status)")
    }
  }

  deinit { inflateEnd(&stream) }

  /// Inflates one chunk of compressed bytes, handing every produced piece to `sink`.
  /// Returns the number of input bytes consumed (less than the chunk only at stream end).
  ///
  /// With `maxOutput`, stops once that many bytes were produced by this call and returns
  /// the input consumed so far (possibly less than the chunk), so a caller that needs only
  /// the first bytes of a stream never inflates more than it asked for.
  @discardableResult
  public func inflate(
    _ input: UnsafeRawBufferPointer, maxOutput: Int = .max,
    into sink: (UnsafeRawBufferPointer) throws -> Void
  ) throws -> Int {
    guard !finished, input.count > 0, maxOutput > 0 else { return 0 }
    stream.next_in = UnsafeMutablePointer(
      mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
    stream.avail_in = uInt(input.count)
    var budget = maxOutput
    while true {
      let capacity = min(output.count, budget)
      var status: Int32 = Z_OK
      let produced: Int = output.withUnsafeMutableBytes { out in
        stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(capacity)
        status = CZlib.inflate(&stream, Z_NO_FLUSH)
        return capacity - Int(stream.avail_out)
      }
      if produced > 0 {
        totalOut += Int64(produced)
        budget -= produced
        try output.withUnsafeBytes { (buf) in
          try sink(UnsafeRawBufferPointer(rebasing: buf[0..<produced]))
        }
      }
      if budget == 0 && (status == Z_OK || status == Z_BUF_ERROR) {
        let consumed = input.count - Int(stream.avail_in)
        totalIn += Int64(consumed)
        return consumed
      }
      switch status {
      case Z_STREAM_END:
        finished = true
        let consumed = input.count - Int(stream.avail_in)
        totalIn += Int64(consumed)
        return consumed
      case Z_OK, Z_BUF_ERROR:
        if stream.avail_in == 0 && stream.avail_out != 0 {
          totalIn += Int64(input.count)
          return input.count
        }
        if status == Z_BUF_ERROR && produced == 0 {
          totalIn += Int64(input.count - Int(stream.avail_in))
          return input.count - Int(stream.avail_in)
        }
      default:
        let detail = stream.msg.map { String(cString: $0) } ?? "status \(status)"
        throw HealthError(
          .dataError, "compressed data is corrupt (\(detail)) after \(totalIn) compressed bytes")
      }
    }
  }
}
