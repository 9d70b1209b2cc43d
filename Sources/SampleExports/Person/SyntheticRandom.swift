import HealthCore

/// The generator's own pseudo-random numbers: xoshiro256** seeded through SplitMix64.
///
/// Nothing else in the generator is random: no system generator, no clock, no hashing
/// seed. Independent streams are derived from the run's seed and labels (a day, a channel),
/// so a day's records can be regenerated on their own, in any order, with the same result.
struct SyntheticRandom {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// A stream for a seed.
  init(seed: UInt64) {
    var sm = seed
    s0 = SyntheticRandom.splitMix(&sm)
    s1 = SyntheticRandom.splitMix(&sm)
    s2 = SyntheticRandom.splitMix(&sm)
    s3 = SyntheticRandom.splitMix(&sm)
  }

  /// A stream with an explicit xoshiro256** state (known-answer tests).
  init(state: (UInt64, UInt64, UInt64, UInt64)) {
    (s0, s1, s2, s3) = state
  }

  /// A stream derived from a seed and labels: a different label gives an unrelated stream.
  init(seed: UInt64, _ a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0) {
    var h = seed ^ 0x9E37_79B9_7F4A_7C15
    h = SyntheticRandom.mix(h &+ a &* 0xBF58_476D_1CE4_E5B9)
    h = SyntheticRandom.mix(h &+ b &* 0x94D0_49BB_1331_11EB)
    h = SyntheticRandom.mix(h &+ c &* 0xD6E8_FEB8_6659_FD93)
    self.init(seed: h)
  }

  /// SplitMix64: advances `state` and returns the next output.
  static func splitMix(_ state: inout UInt64) -> UInt64 {
    state = state &+ 0x9E37_79B9_7F4A_7C15
    return mix(state)
  }

  private static func mix(_ x: UInt64) -> UInt64 { SplitMix64.mix(x) }

  /// The next 64 random bits.
  @inline(__always)
  mutating func next() -> UInt64 {
    let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << 45) | (s3 >> 19)
    return result
  }

  /// Uniform in [0, 1).
  @inline(__always)
  mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// Uniform in [a, b).
  @inline(__always)
  mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

  /// Uniform integer in `range`.
  @inline(__always)
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound + 1)
    return range.lowerBound + Int(next() % span)
  }

  /// True with probability `p`.
  @inline(__always)
  mutating func chance(_ p: Double) -> Bool { unit() < p }

  /// Approximately normal (mean 0, SD 1): the Irwin-Hall sum of 12 uniforms minus 6.
  /// No transcendental functions, so the numbers are identical on every platform.
  @inline(__always)
  mutating func normal() -> Double {
    var sum = 0.0
    for _ in 0..<12 { sum += unit() }
    return sum - 6
  }

  /// Normal with a mean and SD.
  @inline(__always)
  mutating func normal(_ mean: Double, _ sd: Double) -> Double { mean + sd * normal() }

  /// Normal clamped to [lo, hi].
  @inline(__always)
  mutating func normal(_ mean: Double, _ sd: Double, within lo: Double, _ hi: Double) -> Double {
    min(hi, max(lo, normal(mean, sd)))
  }
}
