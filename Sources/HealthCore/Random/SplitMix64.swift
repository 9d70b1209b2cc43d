/// SplitMix64: a tiny seeded random number generator, the same on every platform, so
/// synthetic data and randomised tests are reproducible byte for byte. (Never used for
/// anything a user's data depends on.)
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator for a seed.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's output function: a good 64-bit mixer on its own.
  @inlinable
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform Double in [0, 1).
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A uniform Double in `range`.
  public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }
}
