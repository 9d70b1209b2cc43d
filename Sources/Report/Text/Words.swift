/// Small English helpers for report sentences: counts with the right plural, lists, and
/// names inside sentences (docs/report.md, "Words").
public enum Words {
  /// `1 day`, `2 days`, `0 nights`; `plural` for irregular words.
  public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(Numbers.grouped(Double(n), 0)) \(n == 1 ? singular : (plural ?? singular + "s"))"
  }

  /// See `count(_:_:_:)`.
  public static func count(_ n: Int64, _ singular: String, _ plural: String? = nil) -> String {
    count(Int(n), singular, plural)
  }

  /// The word alone, for `n` of them: `day` or `days`.
  public static func noun(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    n == 1 ? singular : (plural ?? singular + "s")
  }

  /// A name inside a sentence: the first letter lower-cased unless the name starts with an
  /// abbreviation (`HRV (SDNN)`, `VO₂ max` stay as they are).
  public static func lowerFirst(_ name: String) -> String {
    let chars = Array(name)
    guard let first = chars.first, first.isUppercase else { return name }
    if chars.count > 1, chars[1].isUppercase { return name }
    return first.lowercased() + String(chars.dropFirst())
  }

  /// The first letter upper-cased (only that letter: sentences are never title-cased).
  public static func upperFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + String(text.dropFirst())
  }

  /// `a`, `a and b`, `a, b and c`.
  public static func list(_ items: [String]) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
  }

  /// A percentage with its unit: `12 %`.
  public static func percent(_ value: Double, decimals: Int = 0) -> String {
    Numbers.fixed(value, decimals) + " %"
  }

  /// What HRV (SDNN) is, said once where it first appears (docs/report.md, "Words").
  public static let hrvExplanation =
    "HRV (SDNN) is heart rate variability: the standard deviation of the time between "
    + "heartbeats (SDNN), in ms. Higher than your usual tends to mean well recovered."
}
