import Foundation
import TestSupport
import Testing

@testable import HealthSystem

/// The CRC-32 routine (`CRC32Routine`: libdeflate's where the system has it, zlib's
/// otherwise) gives zlib's value for every length, alignment and starting value, so no
/// checksum, manifest or table depends on which one ran. Expected values from Python:
/// `zlib.crc32(b"")` = 0, `zlib.crc32(b"a")` = e8b7be43, `zlib.crc32(b"hello world")` =
/// 0d4a1185, `zlib.crc32(bytes(range(256)) * 4096)` = 04d0e435 (1 MiB).
@Suite("CRC-32 routine: libdeflate or zlib, the same values")
struct CRC32RoutineTests {
  func crc(_ bytes: [UInt8], from start: UInt32 = 0) -> UInt32 {
    var c = CRC32(value: start)
    c.update(bytes)
    return c.value
  }

  @Test("values worked out by Python's zlib")
  func known() {
    #expect(crc([]) == 0)
    #expect(crc(Array("a".utf8)) == 0xE8B7_BE43)
    #expect(crc(Array("hello world".utf8)) == 0x0D4A_1185)
    // Continued from "hello "'s CRC over "world".
    #expect(crc(Array("world".utf8), from: 0xED81_F9F6) == 0x0D4A_1185)
    let mebibyte = (0..<4096).flatMap { _ in (0..<256).map { UInt8($0) } }
    #expect(crc(mebibyte) == 0x04D0_E435)
  }

  @Test("every length and alignment up to 300 bytes, and random runs, equal zlib's")
  func sameAsZlib() {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    bytes.withUnsafeBytes { all in
      for offset in 0..<16 {
        for length in 0...300 {
          let part = UnsafeRawBufferPointer(rebasing: all[offset..<(offset + length)])
          let start = UInt32.random(in: 0...UInt32.max, using: &generator)
          #expect(CRC32Routine.update(start, part) == CRC32Routine.zlibUpdate(start, part))
        }
      }
      for _ in 0..<200 {
        let from = Int.random(in: 0..<all.count, using: &generator)
        let to = Int.random(in: from...all.count, using: &generator)
        let part = UnsafeRawBufferPointer(rebasing: all[from..<to])
        #expect(CRC32Routine.update(0, part) == CRC32Routine.zlibUpdate(0, part))
      }
    }
  }

  @Test("libdeflate is used where the system has it, and HEALTHPIPE_CRC32=zlib turns it off")
  func routineChoice() throws {
    let present =
      FileManager.default.fileExists(atPath: "/lib/x86_64-linux-gnu/libdeflate.so.0")
      || FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libdeflate.so.0")
      || FileManager.default.fileExists(atPath: "/usr/lib/aarch64-linux-gnu/libdeflate.so.0")
    let expected =
      ProcessInfo.processInfo.environment["HEALTHPIPE_CRC32"] == "zlib" || !present
      ? "zlib" : "libdeflate"
    #expect(CRC32Routine.name == expected)
  }
}
