import HealthCore
import Testing

@Suite("Text pool")
struct TextPoolTests {
  @Test("the pool gives one id per byte sequence, and ranks ids in UTF-8 order")
  func pool() {
    var pool = TextPool()
    let a = pool.intern("Jane’s iPhone")
    let b = pool.intern("Jane’s Apple Watch")
    // A copy with its own storage (not the cached instance) still finds its id.
    let c = pool.intern(String(decoding: Array("Jane’s iPhone".utf8), as: UTF8.self))
    let d = pool.intern("Rene\u{301}e")
    let e = pool.intern("Ren\u{E9}e")
    #expect(a == c && a != b)
    #expect(d != e)
    #expect(pool.count == 4)
    // UTF-8 order: "Jane’s A…" < "Jane’s i…" (0x41 < 0x69); "Ren" + 0xC3 0xA9 (é) sorts
    // after "Ren" + "e" (0x65).
    #expect(pool.sortRanks() == [1, 0, 2, 3])
  }
}
