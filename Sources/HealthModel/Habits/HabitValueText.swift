import Foundation

/// The values a person writes for a habit (a journal's `value` cell, a pipeline file's
/// `goal`), read by the habit's kind (docs/habits.md, "The habit journal").
public enum HabitValueText {
  /// A value read: an amount (1 or 0 for a check: done or not), or a skip.
  public enum Value: Sendable, Hashable {
    /// An amount: minutes, a count, or 1/0 for a check.
    case amount(Double)
    /// The day does not count for the habit: neither breaks nor extends its streak.
    case skip
  }

  /// Why a value was refused: the reject code and a reason without the line.
  public struct Refusal: Error, Sendable, Hashable {
    /// `bad-number`, `out-of-range` (negative) or `missing-field` (empty where a number
    /// is needed).
    public var code: RejectCode
    /// `value 'lots' is not a number of glasses`.
    public var reason: String
  }

  /// Reads `text` as a value of a habit of `kind` with count unit `unit`:
  /// - any kind: `skip` (or `skipped`) is a skip;
  /// - check: empty, `yes`, `y`, `true`, `done`, `x`, `✓` are done (1); `no`, `n`, `false`
  ///   are not done (0); a number ≥ 0 is done when above 0;
  /// - duration: minutes (`45`, `45 min`, `1.5 h`, `0:45`, `1:30`);
  /// - count: a number (`8`, `2.5`).
  ///
  /// Negative numbers are `out-of-range`, other text `bad-number`, an empty duration or
  /// count `missing-field`.
  public static func parse(_ text: String, kind: HabitKind, unit: String = "")
    -> Result<Value, Refusal>
  {
    let t = text.trimmingCharacters(in: .whitespaces)
    let lower = t.lowercased()
    if lower == "skip" || lower == "skipped" { return .success(.skip) }
    switch kind {
    case .check:
      if ["", "yes", "y", "true", "done", "x", "✓", "✔"].contains(lower) {
        return .success(.amount(1))
      }
      if ["no", "n", "false", "not done"].contains(lower) { return .success(.amount(0)) }
      guard let n = number(t) else {
        return .failure(
          Refusal(code: .badNumber, reason: "value '\(t)' is not yes, no, skip or a number"))
      }
      return nonNegative(n, t).map { .amount($0 > 0 ? 1 : 0) }
    case .duration:
      guard !t.isEmpty else {
        return .failure(
          Refusal(code: .missingField, reason: "the value is empty; write minutes (45 or 0:45)"))
      }
      guard let m = minutes(t) else {
        return .failure(
          Refusal(
            code: .badNumber,
            reason: "value '\(t)' is not a duration (minutes such as 45, or 0:45)"))
      }
      return nonNegative(m, t).map { .amount($0) }
    case .count:
      guard !t.isEmpty else {
        return .failure(Refusal(code: .missingField, reason: "the value is empty; write a number"))
      }
      guard let n = number(t) else {
        let what = unit.isEmpty ? "a number" : "a number of \(unit)"
        return .failure(Refusal(code: .badNumber, reason: "value '\(t)' is not \(what)"))
      }
      return nonNegative(n, t).map { .amount($0) }
    }
  }

  private static func nonNegative(_ n: Double, _ text: String) -> Result<Double, Refusal> {
    n < 0
      ? .failure(Refusal(code: .outOfRange, reason: "value \(text) is negative")) : .success(n)
  }

  /// A finite decimal number (`8`, `2.5`, `-1`, `1e3`); nil for anything else, `nan` and
  /// `inf` included.
  public static func number(_ text: String) -> Double? {
    let t = text.trimmingCharacters(in: .whitespaces)
    guard !t.isEmpty, t.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
      let v = Double(t), v.isFinite
    else { return nil }
    return v
  }

  /// Minutes from `45`, `45 min`, `45m`, `1.5 h`, `2 hours`, `0:45` or `1:30` (hours and
  /// minutes) or `1:30:30`; nil when none of these.
  public static func minutes(_ text: String) -> Double? {
    let t = text.trimmingCharacters(in: .whitespaces).lowercased()
    if t.contains(":") {
      let negative = t.hasPrefix("-")
      let parts = (negative ? String(t.dropFirst()) : t).split(
        separator: ":", omittingEmptySubsequences: false)
      guard (2...3).contains(parts.count),
        parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
        let h = Double(parts[0]), let m = Double(parts[1]), m < 60
      else { return nil }
      var total = h * 60 + m
      if parts.count == 3 {
        guard let s = Double(parts[2]), s < 60 else { return nil }
        total += s / 60
      }
      return negative ? -total : total
    }
    let units: [(String, Double)] = [
      ("minutes", 1), ("minute", 1), ("mins", 1), ("min", 1), ("m", 1), ("hours", 60),
      ("hour", 60), ("hrs", 60), ("hr", 60), ("h", 60),
    ]
    for (word, factor) in units where t.hasSuffix(word) {
      guard let n = number(String(t.dropLast(word.count))) else { return nil }
      return n * factor
    }
    return number(t)
  }

  /// `30 min`, `1 h`, `1 h 30 min`, `12.5 min`.
  public static func minutesText(_ minutes: Double) -> String {
    let rounded = (minutes * 10).rounded() / 10
    guard rounded >= 60, rounded == rounded.rounded() else {
      return NumberFormatting.shortest(rounded) + " min"
    }
    let whole = Int(rounded)
    let (h, m) = (whole / 60, whole % 60)
    return m == 0 ? "\(h) h" : "\(h) h \(m) min"
  }
}
