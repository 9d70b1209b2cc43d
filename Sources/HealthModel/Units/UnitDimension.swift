/// The physical dimension of a unit; conversion happens only within one dimension.
public enum UnitDimension: String, Sendable, Codable {
  /// Counts (steps, flights, stand hours, BMI).
  case count
  /// Mass; base kg.
  case mass
  /// Length; base m.
  case length
  /// Energy; base kcal.
  case energy
  /// Duration; base s.
  case time
  /// Rates per minute (heart rate, breaths); base count/min.
  case frequency
  /// Temperature; base degC (with an offset for degF and K).
  case temperature
  /// Proportion; base fraction 0-1.
  case fraction
  /// VO2 max; base mL/(kg·min).
  case oxygenUptake
  /// Volume; base mL.
  case volume
  /// Pressure; base mmHg.
  case pressure
  /// Blood glucose concentration; base mg/dL.
  case concentration
  /// Sound level; base dBASPL.
  case soundLevel
  /// Speed; base km/h.
  case speed
  /// Anything else: only the identical unit string converts.
  case other
}

/// How `%` is meant. Apple's XML writes percentages as fractions 0-1 (`0.96`); Health Auto
/// Export and the long CSV write them 0-100 (`96.5`). The reader's format decides.
public enum PercentConvention: String, Sendable, Codable {
  /// `%` values are fractions 0-1 (Apple Health XML).
  case fraction
  /// `%` values are on the 0-100 scale (Health Auto Export, long CSV).
  case hundred
}
