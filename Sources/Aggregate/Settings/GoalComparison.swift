/// How a goal condition compares a day's value with its threshold.
public enum GoalComparison: String, Sendable, Hashable, CaseIterable, Codable {
  /// value ≥ threshold.
  case atLeast = ">="
  /// value > threshold.
  case greaterThan = ">"
  /// value ≤ threshold.
  case atMost = "<="
  /// value < threshold.
  case lessThan = "<"

  /// Parses `>=`, `≥`, `>`, `<=`, `≤` or `<`.
  public init?(symbol: String) {
    switch symbol {
    case ">=", "≥": self = .atLeast
    case ">": self = .greaterThan
    case "<=", "≤": self = .atMost
    case "<": self = .lessThan
    default: return nil
    }
  }

  /// The symbol people read (`≥`).
  public var displaySymbol: String {
    switch self {
    case .atLeast: "≥"
    case .greaterThan: ">"
    case .atMost: "≤"
    case .lessThan: "<"
    }
  }

  /// Whether `value` meets `threshold`.
  @inlinable
  public func holds(_ value: Double, _ threshold: Double) -> Bool {
    switch self {
    case .atLeast: value >= threshold
    case .greaterThan: value > threshold
    case .atMost: value <= threshold
    case .lessThan: value < threshold
    }
  }
}
