import HealthModel
import HealthSystem
import Testing

@testable import Ingest

/// A source that hands out `bytes` in pieces of `piece` bytes, then throws.
private final class FailingSource: ByteSource {
  let path = "failing.bin"
  private let bytes: [UInt8]
  private let piece: Int
  private var position = 0
  var inputBytesConsumed: Int64 { Int64(position) }

  init(_ bytes: [UInt8], piece: Int) {
    self.bytes = bytes
    self.piece = piece
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard position < bytes.count else {
      throw HealthError.malformed("broken after \(position) bytes", at: SourceLocation(file: path))
    }
    let n = min(piece, buffer.count, bytes.count - position)
    bytes.withUnsafeBytes {
      buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: n)
    }
    position += n
    return n
  }
}

/// Reads everything with a reader buffer of `size` bytes; returns the bytes and the error.
private func readAll(_ source: ByteSource, bufferSize size: Int) -> ([UInt8], (any Error)?) {
  var out: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: size)
  do {
    while true {
      let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
      if n == 0 { return (out, nil) }
      out += buffer[0..<n]
    }
  } catch { return (out, error) }
}

@Suite("Read-ahead byte source")
struct ReadAheadByteSourceTests {
  let text = Array("The quick brown fox jumps over the lazy dog".utf8)

  @Test(
    "bytes arrive complete and in order, whatever the chunk and buffer sizes",
    arguments: [1, 2, 7, 64])
  func inOrder(chunkSize: Int) {
    for bufferSize in [1, 3, 50] {
      let source = ReadAheadByteSource(
        MemoryByteSource(text, chunkSize: 5), chunkSize: chunkSize)
      let (bytes, error) = readAll(source, bufferSize: bufferSize)
      #expect(error == nil)
      #expect(bytes == text)
    }
  }

  @Test("the wrapped source's error arrives after exactly the bytes read before it")
  func errorInOrder() {
    let source = ReadAheadByteSource(FailingSource(text, piece: 4), chunkSize: 4)
    let (bytes, error) = readAll(source, bufferSize: 3)
    #expect(bytes == text)
    let message = (error as? HealthError)?.message
    #expect(message == "broken after 43 bytes")
  }

  @Test("onChunk sees every byte, also those drained after the parser stopped")
  func checksumCoversAll() throws {
    // zlib.crc32(b"The quick brown fox jumps over the lazy dog") = 414fa339 (Python).
    let crc = CRCCollector()
    let source = ReadAheadByteSource(MemoryByteSource(text), chunkSize: 6) { crc.add($0) }
    var first = [UInt8](repeating: 0, count: 4)
    let n = try first.withUnsafeMutableBytes { try source.read(into: $0) }
    #expect(n == 4)
    try source.drain()
    #expect(crc.hex == "414fa339")
    var more = [UInt8](repeating: 0, count: 4)
    #expect(try more.withUnsafeMutableBytes { try source.read(into: $0) } == 0)
  }

  @Test("progress follows the wrapped source's consumption of the chunk being read")
  func progress() throws {
    let source = ReadAheadByteSource(MemoryByteSource(text), chunkSize: 10)
    #expect(source.inputBytesConsumed == 0)
    var buffer = [UInt8](repeating: 0, count: 3)
    _ = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
    #expect(source.inputBytesConsumed == 10)
    #expect(source.path == "<memory>")
  }

  @Test("dropping the source early stops the read-ahead thread")
  func dropEarly() throws {
    // 64 MiB in 1 KiB chunks: the thread would block on the full handoff forever if
    // dropping did not close it (the test would hang).
    let big = [UInt8](repeating: 0x41, count: 64 << 20)
    do {
      let source = ReadAheadByteSource(MemoryByteSource(big), chunkSize: 1024)
      var buffer = [UInt8](repeating: 0, count: 10)
      #expect(try buffer.withUnsafeMutableBytes { try source.read(into: $0) } == 10)
    }
  }
}

/// Collects a CRC-32 on the read-ahead thread (read after `drain`).
private final class CRCCollector: @unchecked Sendable {
  private var crc = CRC32()
  func add(_ bytes: [UInt8]) { crc.update(bytes) }
  var hex: String { crc.hex }
}
