/// The one seeded random number generator of healthpipe: xoshiro256** seeded through
/// SplitMix64, the same on every platform, so generated sample exports and randomised tests
/// are reproducible byte for byte. Never used for anything a user's data depends on.
///
/// Nothing random in healthpipe comes from elsewhere: no system generator, no clock, no
/// hashing seed. Independent streams are derived from a seed and labels (a day, a channel),
/// so the sample generator can regenerate a day's records on their own, in any order, with
/// the same result.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  @usableFromInline var s0: UInt64
  @usableFromInline var s1: UInt64
  @usableFromInline var s2: UInt64
  @usableFromInline var s3: UInt64

  /// A stream for a seed.
  public init(seed: UInt64) {
    var sm = seed
    s0 = SeededRandom.splitMix(&sm)
    s1 = SeededRandom.splitMix(&sm)
    s2 = SeededRandom.splitMix(&sm)
    s3 = SeededRandom.splitMix(&sm)
  }

  /// A stream with an explicit xoshiro256** state (known-answer tests).
  public init(state: (UInt64, UInt64, UInt64, UInt64)) {
    (s0, s1, s2, s3) = state
  }

  /// A stream derived from a seed and labels: a different label gives an unrelated stream.
  public init(seed: UInt64, _ a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0) {
    var h = seed ^ 0x9E37_79B9_7F4A_7C15
    h = SeededRandom.mix(h &+ a &* 0xBF58_476D_1CE4_E5B9)
    h = SeededRandom.mix(h &+ b &* 0x94D0_49BB_1331_11EB)
    h = SeededRandom.mix(h &+ c &* 0xD6E8_FEB8_6659_FD93)
    self.init(seed: h)
  }

  /// SplitMix64: advances `state` and returns the next output (the seeding of the state).
  public static func splitMix(_ state: inout UInt64) -> UInt64 {
    state = state &+ 0x9E37_79B9_7F4A_7C15
    return mix(state)
  }

  /// SplitMix64's output function: a good 64-bit mixer on its own.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next 64 random bits.
  @inlinable
  public mutating func next() -> UInt64 {
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
  @inlinable
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// Uniform in [a, b).
  @inlinable
  public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

  /// Uniform in `range` (the upper bound itself is never drawn).
  @inlinable
  public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    uniform(range.lowerBound, range.upperBound)
  }

  /// Uniform integer in `range`.
  @inlinable
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound + 1)
    return range.lowerBound + Int(next() % span)
  }

  /// True with probability `p`.
  @inlinable
  public mutating func chance(_ p: Double) -> Bool { unit() < p }

  /// Approximately normal (mean 0, SD 1): the Irwin-Hall sum of 12 uniforms minus 6.
  /// No transcendental functions, so the numbers are identical on every platform.
  @inlinable
  public mutating func normal() -> Double {
    var sum = 0.0
    for _ in 0..<12 { sum += unit() }
    return sum - 6
  }

  /// Normal with a mean and SD.
  @inlinable
  public mutating func normal(_ mean: Double, _ sd: Double) -> Double { mean + sd * normal() }

  /// Normal clamped to [lo, hi].
  @inlinable
  public mutating func normal(_ mean: Double, _ sd: Double, within lo: Double, _ hi: Double)
    -> Double
  {
    min(hi, max(lo, normal(mean, sd)))
  }
}
