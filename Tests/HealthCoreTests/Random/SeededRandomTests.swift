import HealthModel
import Testing

@Suite("SeededRandom: the one seeded generator")
struct SeededRandomTests {
  @Test("xoshiro256** matches the reference outputs for state {1, 2, 3, 4}")
  func xoshiroKnownAnswer() {
    // The reference C code of xoshiro256** (Blackman & Vigna) started from s = {1, 2, 3, 4}
    // yields 11520, 0, 1509978240 first: 11520 = rotl(2 * 5, 7) * 9 = 1280 * 9; the next two
    // were computed by a separate Python port of the reference code.
    var rng = SeededRandom(state: (1, 2, 3, 4))
    #expect(rng.next() == 11520)
    #expect(rng.next() == 0)
    #expect(rng.next() == 1_509_978_240)
  }

  @Test("SplitMix64 seeding matches the reference first outputs for seed 0")
  func splitMixKnownAnswer() {
    // SplitMix64 from state 0: 0xE220A8397B1DCDAF then 0x6E789E6AA1B965F4 (the published
    // first outputs, recomputed with a Python port).
    var state: UInt64 = 0
    #expect(SeededRandom.splitMix(&state) == 0xE220_A839_7B1D_CDAF)
    #expect(SeededRandom.splitMix(&state) == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test("streams are reproducible, and labels give unrelated streams")
  func streams() {
    var a = SeededRandom(seed: 42, 7, 3)
    var b = SeededRandom(seed: 42, 7, 3)
    var c = SeededRandom(seed: 42, 7, 4)
    var d = SeededRandom(seed: 43, 7, 3)
    let xs = (0..<8).map { _ in a.next() }
    #expect(xs == (0..<8).map { _ in b.next() })
    #expect(xs != (0..<8).map { _ in c.next() })
    #expect(xs != (0..<8).map { _ in d.next() })
  }

  @Test("uniform numbers stay in [0, 1) and the normal approximation is centred")
  func distributions() {
    var rng = SeededRandom(seed: 1)
    var sum = 0.0
    var sumSquares = 0.0
    for _ in 0..<20_000 {
      let u = rng.unit()
      #expect(u >= 0 && u < 1)
      let z = rng.normal()
      // Irwin-Hall with 12 uniforms: always within ±6.
      #expect(abs(z) <= 6)
      sum += z
      sumSquares += z * z
    }
    // Mean 0 and variance 1 by construction; with 20,000 draws the sample mean's SD is
    // 1/√20000 ≈ 0.007, so 0.05 is a loose bound that a wrong transform would break.
    #expect(abs(sum / 20_000) < 0.05)
    #expect(abs(sumSquares / 20_000 - 1) < 0.05)
  }
}
