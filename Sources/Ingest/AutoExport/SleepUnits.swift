import HealthModel

/// Sleep values arrive in hours (`hr`) from Health Auto Export; samples carry minutes.
enum SleepUnits {
  /// Minutes per one unit of `unit`; hours when the unit is empty (the app's documented
  /// unit); nil when the unit is not a time unit.
  static func minutesFactor(_ unit: String) -> Double? {
    if unit.isEmpty { return 60 }
    guard let d = UnitTable.definition(of: unit), d.dimension == .time else { return nil }
    return d.factor / 60
  }

  /// The stage of a Health Auto Export CSV sleep column's sub-name (`Core`, `In Bed`, ...).
  static func stage(column sub: String) -> SleepStage? { SleepStage(appleOrAutoExport: sub) }
}
