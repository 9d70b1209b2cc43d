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

/// "Nice" axis ticks (docs/report.md, "Charts"): steps of 1, 2 or 5 times a power of ten,
/// whole steps for whole-number data, a little padding so no point sits on the frame, and a
/// minimum span so day-to-day noise is not stretched into cliffs.
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

  /// Ticks from `lower` to `upper` every `step` (axes with their own idea of nice, such as
  /// clock hours).
  public init(lower: Double, upper: Double, step: Double, decimals: Int = 0) {
    self.lower = lower
    self.upper = max(upper, lower + step)
    self.step = step
    self.decimals = decimals
  }

  /// The share of the data's span added above and below before rounding out to ticks.
  public static let padding = 0.06

  /// Ticks covering `[minimum, maximum]` with about `target` intervals.
  ///
  /// - Parameters:
  ///   - integer: the data are whole numbers (bpm, ms, steps): the step is at least 1.
  ///   - minimumSpan: the smallest value range the axis shows, centred on the data (a
  ///     metric's `MetricPresentation.minimumSpan`); a zero-width range without one is
  ///     widened by 5 % of its value.
  ///   - includeZero: the axis starts or ends at zero (bars).
  public init(
    minimum: Double, maximum: Double, target: Int = 4, integer: Bool = false,
    minimumSpan: Double = 0, includeZero: Bool = false
  ) {
    var lo = minimum
    var hi = maximum
    if !(lo.isFinite && hi.isFinite) {
      lo = 0
      hi = 1
    }
    if hi < lo { swap(&lo, &hi) }
    let nonNegative = lo >= 0
    if includeZero {
      lo = min(lo, 0)
      hi = max(hi, 0)
    }
    if hi - lo < minimumSpan {
      let centre = (lo + hi) / 2
      lo = centre - minimumSpan / 2
      hi = centre + minimumSpan / 2
    }
    if hi - lo < 1e-9 {
      let pad = lo == 0 ? 1 : abs(lo) * 0.05
      lo -= pad
      hi += pad
    }
    let pad = (hi - lo) * Self.padding
    if !(includeZero && lo == 0) { lo -= pad }
    if !(includeZero && hi == 0) { hi += pad }
    // Data that cannot be negative never gets a negative axis.
    if nonNegative && lo < 0 { lo = 0 }
    let raw = (hi - lo) / Double(max(1, target))
    let power = pow(10, floor(log10(raw)))
    let fraction = raw / power
    let mantissa: Double = fraction <= 1 ? 1 : (fraction <= 2 ? 2 : (fraction <= 5 ? 5 : 10))
    var step = mantissa * power
    if integer { step = max(1, step.rounded()) }
    self.step = step
    lower = floor(lo / step + 1e-9) * step
    upper = ceil(hi / step - 1e-9) * step
    if upper <= lower { upper = lower + step }
    decimals = max(0, -Int(floor(log10(step) + 1e-9)))
  }
}
