import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

/// Round 3, finding 17 (docs/reliability.md): a table header saying `"version":2` was read
/// as version 1 (only the binary version before it was checked), and a key given twice was
/// accepted (the decoder keeps one of the two). The corpus holds such files
/// (`table/header-version-3.hpt`, `table/header-repeated-key.hpt`; `table/old-version-1.hpt` is
/// a table of the format before this one).
@Suite("Regression: table header checks")
struct HeaderChecksTests {
  /// A samples table with `facts` whose header JSON is rewritten by `edit`, its CRC-32
  /// recomputed.
  static func table(facts: StageFacts = StageFacts(), _ edit: (String) -> String) throws -> String {
    let dir = TemporaryDirectory("header-checks")
    let path = dir.file("t.hpt")
    let writer = try TableWriter<Sample>(path: path, stage: "test", facts: facts)
    try writer.commit()
    var bytes = try FileReader.readAll(path)
    let length = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
    let json = Array(edit(String(decoding: bytes[16..<16 + length], as: UTF8.self)).utf8)
    var head = Array(bytes[0..<12])
    for v in [UInt32(json.count)] {
      head += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
    }
    let crc = CRC32.checksum(json)
    bytes =
      head + json + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
      + Array(bytes[(16 + length + 4)...])
    let out = NSTemporaryDirectory() + "/header-checks-\(UUID().uuidString).hpt"
    try Data(bytes).write(to: URL(fileURLWithPath: out))
    return out
  }

  @Test(
    "a second key, another version or another format is refused with the byte offset",
    arguments: [
      ("\"version\":2", "\"version\":3", "table header says version 3"),
      ("\"stage\":\"test\"", "\"stage\":\"test\",\"stage\":\"clean\"", "has the key 'stage' twice"),
      ("\"format\":\"healthpipe-table\"", "\"format\":\"other\"", "says format 'other'"),
      (
        "\"stage\":\"test\"", "\"stage\":\"te\\u0073t\",\"st\\u0061ge\":\"x\"",
        "has the key 'stage' twice"
      ),
    ])
  func refused(_ from: String, _ to: String, _ message: String) throws {
    let path = try Self.table { $0.replacingOccurrences(of: from, with: to) }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = try #require(throws: HealthError.self) { _ = try TableFileReader(path: path) }
    #expect(error.code == .dataError)
    #expect(error.message.contains(message), "\(error.message)")
    #expect(error.location?.byteOffset ?? 0 >= 16)
  }

  @Test("the same key in two different objects is not a repeat")
  func nestedKeysPass() throws {
    // Every column object has "name" and "type": one each per object.
    let path = try Self.table { $0 }
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try TableFileReader(path: path).header.kind == .samples)
  }
}
