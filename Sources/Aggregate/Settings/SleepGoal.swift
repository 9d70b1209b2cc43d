/// The sleep goal the sleep score measures a night against (docs/aggregate.md, "Scores"):
/// the threshold of the `sleep` goal's `sleepAsleep ≥ N` (or `> N`) condition, else of
/// the first goal with such a condition, else 420 minutes (7 hours).
public struct SleepGoal: Sendable, Hashable {
  /// Minutes asleep the goal asks for.
  public var minutes: Double
  /// Whether the night must be longer than `minutes` (`>`) rather than at least as long.
  public var strict: Bool

  /// 7 hours, at least.
  public static let standard = SleepGoal(minutes: 420, strict: false)

  /// A goal of `minutes`.
  public init(minutes: Double, strict: Bool = false) {
    self.minutes = minutes
    self.strict = strict
  }

  /// The goal the settings' goals set.
  public init(goals: [GoalDefinition]) {
    func condition(_ goal: GoalDefinition) -> GoalCondition? {
      goal.conditions.first {
        $0.metric == .sleepAsleep && $0.category.isEmpty
          && ($0.comparison == .atLeast || $0.comparison == .greaterThan)
      }
    }
    let found =
      goals.first { $0.name == "sleep" }.flatMap(condition)
      ?? goals.lazy.compactMap(condition).first
    guard let found else {
      self = .standard
      return
    }
    self.init(minutes: found.threshold, strict: found.comparison == .greaterThan)
  }

  /// Whether `asleep` minutes meet the goal.
  public func isMet(asleep: Double) -> Bool {
    strict ? asleep > minutes : asleep >= minutes
  }
}
