/// Known units, their dimension, and the linear map `base = value * factor + offset`.
///
/// Unit strings are matched exactly first, then case-insensitively with `·`/`*`/`.` and
/// parentheses normalised, so `mL/min·kg`, `ml/(kg·min)` and `mL/(kg*min)` are one unit.
public enum UnitTable {
  /// One unit's definition.
  public struct Definition: Sendable, Hashable {
    /// Dimension it measures.
    public var dimension: UnitDimension
    /// Multiplier to the dimension's base unit.
    public var factor: Double
    /// Added after the multiplier (temperatures only).
    public var offset: Double
  }

  private static func d(_ dim: UnitDimension, _ factor: Double, _ offset: Double = 0) -> Definition
  {
    Definition(dimension: dim, factor: factor, offset: offset)
  }

  /// Exact unit strings as they appear in exports, keyed by their normalised form.
  static let definitions: [String: Definition] = {
    let raw: [(String, Definition)] = [
      ("count", d(.count, 1)), ("", d(.count, 1)),
      // mass
      ("kg", d(.mass, 1)), ("g", d(.mass, 0.001)), ("mg", d(.mass, 1e-6)),
      ("mcg", d(.mass, 1e-9)), ("lb", d(.mass, 0.453_592_37)), ("lbs", d(.mass, 0.453_592_37)),
      ("oz", d(.mass, 0.028_349_523_125)), ("st", d(.mass, 6.350_293_18)),
      // length
      ("m", d(.length, 1)), ("km", d(.length, 1000)), ("cm", d(.length, 0.01)),
      ("mm", d(.length, 0.001)), ("mi", d(.length, 1609.344)), ("ft", d(.length, 0.3048)),
      ("in", d(.length, 0.0254)), ("yd", d(.length, 0.9144)),
      // energy
      ("kcal", d(.energy, 1)), ("Cal", d(.energy, 1)), ("cal", d(.energy, 0.001)),
      ("kJ", d(.energy, 1 / 4.184)), ("J", d(.energy, 1 / 4184)),
      // time
      ("s", d(.time, 1)), ("sec", d(.time, 1)), ("ms", d(.time, 0.001)), ("min", d(.time, 60)),
      ("hr", d(.time, 3600)), ("h", d(.time, 3600)), ("d", d(.time, 86_400)),
      // frequency
      ("count/min", d(.frequency, 1)), ("bpm", d(.frequency, 1)), ("/min", d(.frequency, 1)),
      ("breaths/min", d(.frequency, 1)), ("count/s", d(.frequency, 60)), ("spm", d(.frequency, 1)),
      // temperature
      ("degC", d(.temperature, 1)), ("°C", d(.temperature, 1)), ("C", d(.temperature, 1)),
      ("degF", d(.temperature, 5.0 / 9.0, -32 * 5.0 / 9.0)),
      ("°F", d(.temperature, 5.0 / 9.0, -32 * 5.0 / 9.0)),
      ("F", d(.temperature, 5.0 / 9.0, -32 * 5.0 / 9.0)), ("K", d(.temperature, 1, -273.15)),
      // fraction ("%" is handled by PercentConvention)
      ("fraction", d(.fraction, 1)),
      // oxygen uptake
      ("mL/min·kg", d(.oxygenUptake, 1)), ("ml/(kg·min)", d(.oxygenUptake, 1)),
      ("mL/(kg·min)", d(.oxygenUptake, 1)), ("mL/kg/min", d(.oxygenUptake, 1)),
      ("ml/kg/min", d(.oxygenUptake, 1)), ("mL/(kg*min)", d(.oxygenUptake, 1)),
      // volume
      ("mL", d(.volume, 1)), ("L", d(.volume, 1000)), ("dL", d(.volume, 100)),
      ("fl_oz_us", d(.volume, 29.573_529_562_5)), ("fl oz", d(.volume, 29.573_529_562_5)),
      ("cup_us", d(.volume, 236.588_236_5)),
      // pressure, concentration, sound, speed
      ("mmHg", d(.pressure, 1)), ("mg/dL", d(.concentration, 1)),
      ("mmol/L", d(.concentration, 18.0156)),
      ("mmol<180.1558800000541>/L", d(.concentration, 18.015_588)),
      ("dBASPL", d(.soundLevel, 1)), ("dB", d(.soundLevel, 1)),
      ("km/hr", d(.speed, 1)), ("km/h", d(.speed, 1)), ("mi/hr", d(.speed, 1.609_344)),
      ("m/s", d(.speed, 3.6)), ("ft/s", d(.speed, 1.097_28)),
    ]
    var table: [String: Definition] = [:]
    for (name, def) in raw { table[normalise(name)] = def }
    return table
  }()

  /// Case-folded, `·`/`*`/`.` unified and parentheses removed, so spellings compare equal.
  static func normalise(_ unit: String) -> String {
    var out = ""
    out.reserveCapacity(unit.utf8.count)
    for ch in unit {
      switch ch {
      case "(", ")", " ", "\u{00A0}": continue
      case "·", "*", "⋅", "•": out.append(".")
      default: out.append(ch)
      }
    }
    // Case matters for a few (Cal vs cal, mL vs ml is fine to fold; "Cal" must stay kcal).
    if out == "Cal" || out == "cal" { return out }
    return out.lowercased()
  }

  /// The definition of a unit string, or nil when it is unknown.
  public static func definition(of unit: String) -> Definition? {
    if let hit = definitions[normalise(unit)] { return hit }
    // "min·kg" vs "kg·min" ordering inside the VO2 unit.
    let n = normalise(unit)
    if n.hasPrefix("ml/") && n.contains("kg") && n.contains("min") {
      return Definition(dimension: .oxygenUptake, factor: 1, offset: 0)
    }
    return nil
  }
}
