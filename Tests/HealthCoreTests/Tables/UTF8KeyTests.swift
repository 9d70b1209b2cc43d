import Testing

@testable import HealthCore

@Suite("Strings keyed by their UTF-8 bytes")
struct UTF8KeyTests {
  @Test("equal bytes are one key; canonically equal strings with other bytes are two")
  func bytesDecide() {
    let watch = "Jane’s Apple Watch"
    let copy = String(decoding: Array(watch.utf8), as: UTF8.self)
    #expect(UTF8Key(watch) == UTF8Key(copy))
    #expect(UTF8Key(watch).hashValue == UTF8Key(copy).hashValue)
    #expect(UTF8Key(watch) != UTF8Key("Jane's Apple Watch"))
    #expect(UTF8Key("") == UTF8Key(""))
    #expect(UTF8Key("a") != UTF8Key(""))
    // U+00E9 and e + U+0301 are one `String` to Swift, but two byte sequences in a table.
    let composed = "Ren\u{E9}e"
    let decomposed = "Rene\u{301}e"
    #expect(composed == decomposed)
    #expect(UTF8Key(composed) != UTF8Key(decomposed))
  }
}
