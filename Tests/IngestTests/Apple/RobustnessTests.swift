import HealthModel
import Ingest
import Testing

/// Damaged documents never crash the reader: a cut anywhere is exit 65 with a location, and
/// corrupted bytes give either rejects or exit 65.
@Suite("Robustness")
struct RobustnessTests {
  @Test("a document cut at any byte is exit 65 with a line and an offset inside it")
  func truncatedAnywhere() throws {
    let bytes = Array(BufferBoundaryTests.document.utf8)
    // The last bytes after </HealthData> are a newline: cutting there still reads fine.
    let rootEnd = bytes.count - 1
    for cut in 0..<rootEnd {
      let error = try #require(ParsedExport.error(Array(bytes[0..<cut])), "cut at \(cut)")
      #expect(error.code == .dataError, "cut at \(cut): \(error)")
      #expect(error.location?.line != nil)
      let offset = try #require(error.location?.byteOffset)
      #expect(offset >= 0 && offset <= Int64(cut), "cut at \(cut): \(error)")
    }
  }

  @Test("corrupted bytes give rejects or exit 65, never a crash")
  func corrupted() throws {
    let bytes = Array(BufferBoundaryTests.document.utf8)
    var generator = SeededRandom(seed: 42)
    let replacements: [UInt8] = [0x00, 0x0B, 0x22, 0x26, 0x3C, 0x3E, 0x2F, 0x3D, 0x80, 0xFF, 0x20]
    for _ in 0..<400 {
      var damaged = bytes
      for _ in 0..<3 {
        let at = Int(generator.next() % UInt64(damaged.count))
        damaged[at] = replacements[Int(generator.next() % UInt64(replacements.count))]
      }
      do {
        let r = try ParsedExport.parse(damaged, pieceSize: 97)
        // Whatever was read is accounted for: read = kept + rejected per type.
        for (_, c) in r.counts { #expect(c.read == c.kept + c.rejected) }
      } catch let error as HealthError {
        #expect(error.code == .dataError)
      }
    }
  }
}
