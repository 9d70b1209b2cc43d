import Foundation
import TestSupport
import Testing

@testable import Ingest

/// `ChecksummedFileReader`: the text readers' input CRC-32 computed from the bytes they
/// read, whatever they skip, re-read or leave unread; the expected value is Python's
/// `zlib.crc32` of the file.
@Suite("Checksummed file reader")
struct ChecksummedFileReaderTests {
  /// 300,007 bytes of a linear congruential sequence, written to a file; its CRC by Python.
  static func file(in dir: TemporaryDirectory) throws -> (path: String, crc: UInt32) {
    var x: UInt32 = 12_345
    let bytes = (0..<300_007).map { _ -> UInt8 in
      x = x &* 1_103_515_245 &+ 12_345
      return UInt8(truncatingIfNeeded: x >> 16)
    }
    let path = try dir.write("input.bin", bytes)
    let script = "import sys, zlib; print(zlib.crc32(open(sys.argv[1], 'rb').read()))"
    let python = try Python.run(script, [path])
    try #require(python.code == 0)
    let crc = try #require(UInt32(python.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    return (path, crc)
  }

  /// Reads `count` bytes (fewer at the end) through `source`.
  static func read(_ source: ChecksummedFileReader, _ count: Int) throws -> Int {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
    defer { buffer.deallocate() }
    return try source.read(into: buffer)
  }

  @Test("read whole, not at all, or with seeks back and forward: the file's CRC-32")
  func everyPattern() throws {
    let dir = TemporaryDirectory()
    let (path, expected) = try Self.file(in: dir)

    let whole = try ChecksummedFileReader(path: path)
    while try Self.read(whole, 65_536) > 0 {}
    #expect(try whole.wholeFileCRC32() == expected)

    let untouched = try ChecksummedFileReader(path: path)
    #expect(try untouched.wholeFileCRC32() == expected)

    // A JSON reader's pattern: read a prefix, seek back to re-read part of it, read on
    // across the end of the checksummed run, then jump ahead and stop.
    let seeking = try ChecksummedFileReader(path: path)
    #expect(try Self.read(seeking, 1_000) == 1_000)
    seeking.seek(to: 10)
    #expect(try Self.read(seeking, 500) == 500)
    #expect(try Self.read(seeking, 4_000) == 4_000)  // bytes 510..<4,510: 1,000..<4,510 new
    seeking.seek(to: 200_000)
    #expect(try Self.read(seeking, 100) == 100)
    #expect(try seeking.wholeFileCRC32() == expected)
  }
}
