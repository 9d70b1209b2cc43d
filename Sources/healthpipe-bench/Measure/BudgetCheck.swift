/// One figure held against one budget (docs/performance.md). Never an assertion: the status is
/// printed, the exit code does not depend on it.
struct BudgetCheck: Sendable, Encodable {
  /// How the figure must compare with the limit.
  enum Rule: String, Sendable, Codable {
    /// figure ≥ limit
    case atLeast = "≥"
    /// figure ≤ limit
    case atMost = "≤"
    /// figure < limit
    case below = "<"
  }

  /// The section it belongs to.
  var section: BenchSection
  /// What is checked, e.g. `export.xml 210 MB ingest rate`.
  var what: String
  /// The figure from the best repetition (or the conservative one for memory).
  var best: Double
  /// The figure from the median repetition, when it differs in kind from `best`.
  var median: Double?
  /// Unit of the figures and the limit (`MB/s`, `MB`, `s`, `ms`, `%`, `B/sample`).
  var unit: String
  /// The comparison.
  var rule: Rule
  /// The budget.
  var limit: Double
  /// Where the budget comes from, e.g. `performance.md #1` (the
  /// section's row in docs/performance.md).
  var source: String

  /// Whether the best figure meets the budget.
  var pass: Bool { Self.meets(best, rule, limit) }
  /// Whether the median figure meets it (nil without a median).
  var medianPass: Bool? { median.map { Self.meets($0, rule, limit) } }

  /// `≥ 300.0 MB/s`.
  var budgetText: String { "\(rule.rawValue) " + Format.value(limit, unit: unit) }

  static func meets(_ v: Double, _ rule: Rule, _ limit: Double) -> Bool {
    switch rule {
    case .atLeast: v >= limit
    case .atMost: v <= limit
    case .below: v < limit
    }
  }

  private enum CodingKeys: String, CodingKey {
    case section, what, best, median, unit, rule, limit, source, pass, medianPass
  }

  /// The figures, the budget and both statuses.
  func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(section, forKey: .section)
    try c.encode(what, forKey: .what)
    try c.encode(best, forKey: .best)
    try c.encodeIfPresent(median, forKey: .median)
    try c.encode(unit, forKey: .unit)
    try c.encode(rule, forKey: .rule)
    try c.encode(limit, forKey: .limit)
    try c.encode(source, forKey: .source)
    try c.encode(pass, forKey: .pass)
    try c.encodeIfPresent(medianPass, forKey: .medianPass)
  }
}
