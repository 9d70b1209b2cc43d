import HealthCore

/// Rule 1 of the clean stage: every catalog metric's value goes to its canonical unit
/// (`MetricInfo.canonicalUnit`) through `UnitConverter`, with the `%` convention of the
/// input it came from (Apple XML: fractions; Health Auto Export and the long CSV: 0-100,
/// so SpO2 `97` becomes `0.97`). An unknown unit, or one of the wrong dimension, is a
/// reject (`unknown-unit`), never a guess. Metrics outside the catalog keep their value and
/// unit as read.
enum UnitNormalisation {
  /// The canonical value, or nil when `unit` cannot express the metric.
  static func canonical(
    _ value: Double, unit: String, info: MetricInfo, percent: PercentConvention
  ) -> Double? {
    if unit == info.canonicalUnit { return value }
    return UnitConverter.convert(value, from: unit, to: info.canonicalUnit, percent: percent)
  }

  /// Why a unit was refused: `unit 'furlong' cannot be converted to count/min (heartRate)`.
  static func reason(unit: String, info: MetricInfo) -> String {
    let shown = unit.isEmpty ? "no unit" : "unit '\(unit)'"
    let what = UnitConverter.isKnown(unit) ? "is not a unit of" : "is unknown for"
    return "\(shown) \(what) \(info.id) (canonical \(info.canonicalUnit)); "
      + "the value was not converted"
  }
}

/// Converts values of one (metric, unit, `%` convention) combination, remembering whether
/// the unit is known so `UnitConverter`'s string work happens once per combination for the
/// common case of a unit already canonical.
struct UnitConversionCache: Sendable {
  private enum Kind: UInt8 {
    case identity, convert, unknown
  }
  private var kinds: [UInt64: Kind] = [:]

  /// The canonical value, or nil for an unknown unit.
  mutating func canonical(
    _ value: Double, metric: UInt32, unit: UInt32, unitText: String, info: MetricInfo,
    percent: PercentConvention
  ) -> Double? {
    let key = UInt64(metric) << 33 | UInt64(unit) << 1 | (percent == .hundred ? 1 : 0)
    let kind: Kind
    if let known = kinds[key] {
      kind = known
    } else {
      if unitText == info.canonicalUnit {
        kind = .identity
      } else if UnitNormalisation.canonical(1, unit: unitText, info: info, percent: percent) != nil
      {
        kind = .convert
      } else {
        kind = .unknown
      }
      kinds[key] = kind
    }
    switch kind {
    case .identity: return value
    case .unknown: return nil
    case .convert:
      return UnitNormalisation.canonical(value, unit: unitText, info: info, percent: percent)
    }
  }
}
