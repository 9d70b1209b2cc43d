import Foundation

/// How one daily series healthpipe knows is written in the files people open (`daily.csv`,
/// `weekly.csv`, `healthpipe export`, the SQLite database): its column name, the unit word
/// users know, the scale from the stored value and the decimals that fit the metric
/// (docs/interop.md, "Names, units and decimals").
///
/// Tables keep canonical units and full precision (`count/min`, fractions 0-1); a format
/// only changes how a number is written: `spo2` 0.964 is `96.4` in a column whose unit is
/// `%`, resting heart rate 52.333 is `52.3` with `bpm`.
public struct SeriesFormat: Sendable, Hashable {
  /// The metric id in tables (`restingHeartRate`).
  public var metric: MetricID
  /// The column name: the id in snake case (`resting_heart_rate`), the same in CSV headers
  /// and SQL.
  public var name: String
  /// A title for people (`Resting heart rate`).
  public var title: String
  /// The unit word people know (`bpm`, `breaths/min`, `%`, `ln ms`), as written in CSV
  /// headers and unit cells.
  public var unit: String
  /// The unit the tables store (`count/min`, `fraction`, `ln(ms)`: `SeriesUnits`).
  public var storedUnit: String
  /// Written value = stored value × scale (100 for fractions written as percent).
  public var scale: Double
  /// Decimals of a day's value (and of its means, SDs and changes).
  public var decimals: Int
  /// What a day's value is, in one or two sentences.
  public var description: String

  /// Creates a format.
  public init(
    _ metric: MetricID, _ title: String, unit: String, scale: Double = 1, decimals: Int,
    _ description: String
  ) {
    self.metric = metric
    self.name = ColumnNames.snakeCase(metric.rawValue)
    self.title = title
    self.unit = unit
    self.storedUnit = SeriesUnits.unit(of: metric)
    self.scale = scale
    self.decimals = decimals
    self.description = description
  }

  /// A stored value as written: scaled, at `decimals` (`96.4` for 0.964 with scale 100).
  public func text(_ stored: Double) -> String {
    NumberFormatting.decimal(stored * scale, decimals)
  }

  /// `name [unit]`, the CSV header convention (`resting_heart_rate [bpm]`).
  public var header: String { ColumnNames.header(name, unit: unit) }
}

/// Column names in the files people open: snake case, the unit in brackets after a space.
public enum ColumnNames {
  /// `restingHeartRate` → `resting_heart_rate`, `hrvLnSDNN` → `hrv_ln_sdnn`, `vo2Max` →
  /// `vo2_max`, `High Intensity Interval Training` → `high_intensity_interval_training`:
  /// a word starts at an upper-case letter after a lower-case letter or digit, and at the
  /// last capital of an acronym followed by a lower-case letter; every run of characters
  /// other than ASCII letters and digits is one `_`; no `_` at either end. Accents are
  /// dropped first (`Übung` → `ubung`).
  public static func snakeCase(_ text: String) -> String {
    let folded =
      text.utf8.allSatisfy { $0 < 0x80 }
      ? text : text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    let chars = Array(folded.unicodeScalars)
    var out = ""
    var pendingSeparator = false
    func isUpper(_ c: Unicode.Scalar) -> Bool { c.value >= 65 && c.value <= 90 }
    func isLower(_ c: Unicode.Scalar) -> Bool { c.value >= 97 && c.value <= 122 }
    func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }
    for (i, c) in chars.enumerated() {
      guard isUpper(c) || isLower(c) || isDigit(c) else {
        pendingSeparator = !out.isEmpty
        continue
      }
      if isUpper(c), i > 0 {
        let previous = chars[i - 1]
        let nextIsLower = i + 1 < chars.count && isLower(chars[i + 1])
        if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
          pendingSeparator = !out.isEmpty
        }
      }
      if pendingSeparator {
        out += "_"
        pendingSeparator = false
      }
      out.unicodeScalars.append(isUpper(c) ? Unicode.Scalar(c.value + 32)! : c)
    }
    return out
  }

  /// `name [unit]`, or `name` without a unit.
  public static func header(_ name: String, unit: String) -> String {
    unit.isEmpty ? name : "\(name) [\(unit)]"
  }
}
