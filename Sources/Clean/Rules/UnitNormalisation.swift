import HealthModel

/// Rule 1 of the clean stage: every catalog metric's value goes to its canonical unit
/// (`MetricInfo.canonicalUnit`) through `UnitConverter`, with the `%` convention of the
/// input it came from (Apple XML: fractions; Health Auto Export and the long CSV: 0-100,
/// so SpO2 `97` becomes `0.97`). An unknown unit, or one of the wrong dimension, is a
/// reject (`unknown-unit`), never a guess. Metrics outside the catalog keep their value and
/// unit as read.
enum UnitNormalisation {
  /// The canonical value, or nil when `unit` cannot express the metric.
  static func canonical(
    _ value: Double, unit: String, canonicalUnit: String, percent: PercentConvention
  ) -> Double? {
    if unit == canonicalUnit { return value }
    return UnitConverter.convert(value, from: unit, to: canonicalUnit, percent: percent)
  }

  /// Why a unit was refused: `unit 'furlong' cannot be converted to count/min (heartRate)`.
  static func reason(unit: String, info: MetricInfo) -> String {
    let shown = unit.isEmpty ? "no unit" : "unit '\(unit)'"
    let what = UnitConverter.isKnown(unit) ? "is not a unit of" : "is unknown for"
    return "\(shown) \(what) \(info.id) (canonical \(info.canonicalUnit)); "
      + "the value was not converted"
  }
}

/// Converts values of one (metric, unit, `%` convention) combination without
/// `UnitConverter`'s per-call string work: the unit definitions are looked up once per
/// combination and the same arithmetic is applied (`(v * sf + so - to) / tf`, in that
/// order, so results are bit-identical to `UnitConverter.convert`; a test checks it).
struct UnitConversionCache: Sendable {
  private enum Conversion {
    case identity
    case linear(
      sourceFactor: Double, sourceOffset: Double, targetFactor: Double, targetOffset: Double)
    case unknown
  }
  private var conversions: [UInt64: Conversion] = [:]
  /// The last conversions found, direct-mapped by key: a time-ordered export alternates
  /// metrics and units row by row, so most rows skip the dictionary (`.max` is no key: it
  /// would need metric pool id 2³¹ − 1).
  private var recentKeys = [UInt64](repeating: .max, count: 16)
  private var recent = [Conversion](repeating: .unknown, count: 16)

  /// The canonical value, or nil for an unknown unit. `unit` is an index into `unitTexts`
  /// (the clean stage's unit pool), read only the first time a combination is seen.
  mutating func canonical(
    _ value: Double, metric: UInt32, unit: UInt32, unitTexts: [String], canonicalUnit: String,
    percent: PercentConvention
  ) -> Double? {
    let key = UInt64(metric) << 33 | UInt64(unit) << 1 | (percent == .hundred ? 1 : 0)
    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 60)
    if recentKeys[slot] != key {
      if let known = conversions[key] {
        recent[slot] = known
      } else {
        let found = Self.conversion(
          unit: unitTexts[Int(unit)], canonicalUnit: canonicalUnit, percent: percent)
        conversions[key] = found
        recent[slot] = found
      }
      recentKeys[slot] = key
    }
    switch recent[slot] {
    case .identity: return value
    case .unknown: return nil
    case .linear(let sf, let so, let tf, let to):
      let base = value * sf + so
      return (base - to) / tf
    }
  }

  private static func conversion(
    unit: String, canonicalUnit: String, percent: PercentConvention
  ) -> Conversion {
    if unit == canonicalUnit { return .identity }
    guard let target = UnitTable.definition(of: canonicalUnit),
      UnitNormalisation.canonical(1, unit: unit, canonicalUnit: canonicalUnit, percent: percent)
        != nil
    else { return .unknown }
    if unit == "%" {
      return .linear(
        sourceFactor: percent == .hundred ? 0.01 : 1, sourceOffset: 0,
        targetFactor: target.factor, targetOffset: target.offset)
    }
    guard let source = UnitTable.definition(of: unit) else { return .unknown }
    return .linear(
      sourceFactor: source.factor, sourceOffset: source.offset, targetFactor: target.factor,
      targetOffset: target.offset)
  }
}
