import HealthSystem
import Testing

/// `Inflater.inflate(_:maxOutput:into:)` (docs/reliability.md): telling what a zip entry holds must
/// not inflate more than the bytes looked at, whatever the compression ratio.
@Suite("Inflater output limit")
struct InflaterOutputLimitTests {
  @Test("1 MiB of blanks from about 1 KB: a 4096-byte limit produces exactly 4096 bytes")
  func limit() throws {
    let content = [UInt8](repeating: 0x20, count: 1 << 20)
    let compressed = try Deflater.compress(content, wrapping: .raw, level: 9)
    let inflater = try Inflater(.raw, outputChunkSize: 1024)
    var out: [UInt8] = []
    let consumed = try compressed.withUnsafeBytes { raw in
      try inflater.inflate(raw, maxOutput: 4096) { out.append(contentsOf: $0) }
    }
    #expect(out == [UInt8](repeating: 0x20, count: 4096))
    #expect(inflater.totalOut == 4096)
    #expect(!inflater.finished)
    #expect(consumed <= compressed.count)
    // Going on without a limit from where it stopped gives the rest, byte for byte.
    let rest = try compressed.withUnsafeBytes { raw in
      try inflater.inflate(UnsafeRawBufferPointer(rebasing: raw[consumed...])) {
        out.append(contentsOf: $0)
      }
    }
    #expect(consumed + rest == compressed.count)
    #expect(inflater.finished)
    #expect(out == content)
  }
}
