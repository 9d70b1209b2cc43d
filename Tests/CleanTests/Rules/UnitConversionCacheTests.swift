import HealthModel
import Testing

@testable import Clean

@Suite("Unit conversion cache")
struct UnitConversionCacheTests {
  static let units = [
    "count", "", "kg", "g", "lb", "lbs", "st", "m", "km", "cm", "mi", "ft", "in", "kcal", "Cal",
    "cal", "kJ", "J", "s", "ms", "min", "hr", "h", "count/min", "bpm", "count/s", "degC", "°C",
    "degF", "°F", "K", "%", "fraction", "mL/min·kg", "ml/(kg·min)", "mL", "L", "fl_oz_us",
    "mmHg", "mg/dL", "mmol/L", "furlong", "kg·m",
  ]
  static let values: [Double] = [0, 1, -3.5, 0.97, 97, 98.6, 150, 1e-7, 12_345.678]

  @Test("gives exactly UnitConverter's result (same bits, same nil) for every combination")
  func matchesUnitConverter() {
    var cache = UnitConversionCache()
    var checked = 0
    for (m, info) in MetricCatalog.all.enumerated() {
      for (u, unit) in Self.units.enumerated() {
        for percent in [PercentConvention.fraction, .hundred] {
          for value in Self.values {
            let expected = UnitConverter.convert(
              value, from: unit, to: info.canonicalUnit, percent: percent)
            let got = cache.canonical(
              value, metric: UInt32(m), unit: UInt32(u), unitTexts: Self.units,
              canonicalUnit: info.canonicalUnit,
              percent: percent)
            #expect(got?.bitPattern == expected?.bitPattern, "\(info.id) \(value) \(unit)")
            if expected != nil { checked += 1 }
          }
        }
      }
    }
    // Sanity: plenty of combinations convert (not everything nil).
    #expect(checked > 500)
  }
}
