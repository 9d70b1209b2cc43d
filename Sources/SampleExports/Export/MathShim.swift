import Foundation

/// Natural logarithm through Foundation (one place, so every caller uses the same libm).
@inline(__always) func naturalLog(_ x: Double) -> Double { Foundation.log(x) }
/// Exponential through Foundation.
@inline(__always) func exponential(_ x: Double) -> Double { Foundation.exp(x) }
