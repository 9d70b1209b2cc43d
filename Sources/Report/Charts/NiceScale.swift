import Foundation

/// A linear map from values to chart coordinates.
public struct LinearScale: Sendable, Hashable {
  /// Domain start (maps to `rangeStart`).
  public var domainStart: Double
  /// Domain end (maps to `rangeEnd`).
  public var domainEnd: Double
  /// Coordinate of `domainStart`.
  public var rangeStart: Double
  /// Coordinate of `domainEnd`.
  public var rangeEnd: Double

  /// Creates a scale.
  public init(domain: (Double, Double), range: (Double, Double)) {
    domainStart = domain.0
    domainEnd = domain.1
    rangeStart = range.0
    rangeEnd = range.1
  }

  /// The coordinate of a value.
  public func map(_ value: Double) -> Double {
    let span = domainEnd - domainStart
    guard span != 0 else { return (rangeStart + rangeEnd) / 2 }
    return rangeStart + (value - domainStart) / span * (rangeEnd - rangeStart)
  }
}

/// "Nice" axis ticks: steps of 1, 2, 2.5 or 5 times a power of ten, and a domain widened
/// to whole steps.
public struct NiceTicks: Sendable, Hashable {
  /// First tick (the domain start).
  public var lower: Double
  /// Last tick (the domain end).
  public var upper: Double
  /// Distance between ticks.
  public var step: Double
  /// Decimals needed to write every tick exactly.
  public var decimals: Int

  /// The tick values, lower to upper.
  public var values: [Double] {
    let n = Int(((upper - lower) / step).rounded())
    return (0...max(0, n)).map { lower + Double($0) * step }
  }

  /// Ticks covering `[minimum, maximum]` with about `target` intervals. A zero-width
  /// range is widened around its value.
  public init(minimum: Double, maximum: Double, target: Int = 4) {
    var lo = minimum
    var hi = maximum
    if !(lo.isFinite && hi.isFinite) {
      lo = 0
      hi = 1
    }
    if hi < lo { swap(&lo, &hi) }
    if hi - lo < 1e-9 {
      let pad = lo == 0 ? 1 : abs(lo) * 0.05
      lo -= pad
      hi += pad
    }
    let raw = (hi - lo) / Double(max(1, target))
    let power = pow(10, floor(log10(raw)))
    let fraction = raw / power
    let mantissa: Double
    if fraction <= 1 {
      mantissa = 1
    } else if fraction <= 2 {
      mantissa = 2
    } else if fraction <= 2.5 {
      mantissa = 2.5
    } else if fraction <= 5 {
      mantissa = 5
    } else {
      mantissa = 10
    }
    let step = mantissa * power
    self.step = step
    lower = floor(lo / step + 1e-9) * step
    upper = ceil(hi / step - 1e-9) * step
    if upper <= lower { upper = lower + step }
    let exponent = Int(floor(log10(step) + 1e-9))
    decimals = max(0, -exponent + (mantissa == 2.5 ? 1 : 0))
  }
}
