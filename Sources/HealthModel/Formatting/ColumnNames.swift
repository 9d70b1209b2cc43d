import Foundation

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
