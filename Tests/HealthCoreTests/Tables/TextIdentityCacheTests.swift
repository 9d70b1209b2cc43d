import Foundation
import HealthCore
import TestSupport
import Testing

/// `TextIdentityCache`: a hit is always the number remembered for that very text, whatever
/// was remembered in between; the table writer that uses it writes the texts that were
/// appended, also when a column cycles through more texts than the cache holds.
@Suite("Texts found by their representation")
struct TextIdentityCacheTests {
  /// Texts long enough to live in their own storage (over 15 UTF-8 bytes), made at run time.
  static func texts(_ n: Int) -> [String] {
    (0..<n).map { "a long text number \($0) of the test" }
  }

  @Test("a text remembered is found with its number; one never remembered is not")
  func hitsAndMisses() {
    let cache = TextIdentityCache()
    let texts = Self.texts(3)
    cache.remember(texts[0], 7)
    cache.remember("min", 9)  // a small string, held inline
    #expect(cache.value(of: texts[0]) == 7)
    #expect(cache.value(of: "min") == 9)
    #expect(cache.value(of: texts[1]) == nil)
    #expect(cache.value(of: "max") == nil)
    #expect(!cache.contains(texts[2]))
    cache.removeAll()
    #expect(cache.value(of: texts[0]) == nil)
    #expect(cache.value(of: "min") == nil)
  }

  @Test("whatever 1,000 texts pushed out, every hit names the number last remembered")
  func hitsStayExact() {
    let cache = TextIdentityCache()
    let texts = Self.texts(1000)
    var remembered: [Int: UInt32] = [:]
    for round in 0..<3 {
      for (i, text) in texts.enumerated() {
        let number = UInt32(i * 3 + round)
        if let hit = cache.value(of: text) { #expect(hit == remembered[i]) }
        cache.remember(text, number)
        remembered[i] = number
        #expect(cache.value(of: text) == number)
      }
    }
    // The two most recent texts are always found (a pair of slots, the newer first).
    #expect(cache.value(of: texts[999]) == remembered[999])
  }

  @Test("a text with the same bytes in other storage is found only with the same number")
  func equalBytesElsewhere() {
    let cache = TextIdentityCache()
    let text = Self.texts(1)[0]
    cache.remember(text, 4)
    let copy = String(decoding: Array(text.utf8), as: UTF8.self)
    // A copy may miss (other storage); if it hits, the number is the text's.
    let hit = cache.value(of: copy)
    #expect(hit == nil || hit == 4)
  }

  /// A one-column table of texts.
  struct Text: TableRecord {
    static let tableKind = TableKind.samples
    static let columns = [ColumnSpec("text", .string)]
    var text: String
    func write(to row: inout RowWriter) { row.string(text) }
    init(reading row: inout RowReader) throws { text = row.string() }
    init(_ text: String) { self.text = text }
  }

  @Test("a column cycling through 200 texts (more than the cache holds) reads back as written")
  func tableRoundTrip() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("texts.hpt")
    let texts = Self.texts(200) + ["", "min", "count/min"]
    // Strides 1, 7 and 64 through the list, in blocks of 500 rows.
    var written: [String] = []
    for stride in [1, 7, 64] {
      for k in 0..<700 { written.append(texts[(k * stride) % texts.count]) }
    }
    let writer = try TableWriter<Text>(path: path, stage: "test", rowsPerBlock: 500)
    for text in written { try writer.append(Text(text)) }
    try writer.commit()
    let rows = try TableFile.read(Text.self, from: path).rows.map(\.text)
    #expect(rows == written)
  }
}
