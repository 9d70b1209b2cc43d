import Foundation

/// A goal (docs/streaks.md, "Goals"; `[goal.NAME]` in the pipeline file): a day
/// is a goal day when any of its conditions holds. With a weekly target the goal also has a
/// weekly streak (weeks with at least `weeklyTarget` goal days).
public struct GoalDefinition: Sendable, Hashable {
  /// The goal's name (`active`, `steps`, `sleep`, or `NAME` of `[goal.NAME]`).
  public var name: String
  /// Alternatives: the day is a goal day when at least one holds.
  public var conditions: [GoalCondition]
  /// Goal days needed per week for the weekly streak and the weekly rows, if any.
  public var weeklyTarget: Int?
  /// Text for people; defaults to the conditions joined by `or`.
  public var description: String

  /// Creates a goal. `description` nil means "say what the conditions say".
  public init(
    name: String, conditions: [GoalCondition], weeklyTarget: Int? = nil,
    description: String? = nil
  ) {
    self.name = name
    self.conditions = conditions
    self.weeklyTarget = weeklyTarget
    self.description = description ?? conditions.map(\.summary).joined(separator: " or ")
  }

  /// Parses a goal from its pipeline-file text: alternatives joined by ` or `, each
  /// `METRIC OP NUMBER [UNIT]` (see `GoalCondition(parsing:)`). Throws `HealthError` exit 78.
  public init(
    name: String, parsing text: String, weeklyTarget: Int? = nil, description: String? = nil
  ) throws {
    guard !name.isEmpty else { throw GoalText.error("a goal needs a name") }
    if let weeklyTarget, !(1...7).contains(weeklyTarget) {
      throw GoalText.error("weekly target \(weeklyTarget) for '\(name)' must be 1 to 7 days")
    }
    let parts = text.components(separatedBy: " or ").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard !parts.contains(where: \.isEmpty) else {
      throw GoalText.error("'\(text)' for '\(name)' has an empty alternative")
    }
    self.init(
      name: name, conditions: try parts.map(GoalCondition.init(parsing:)),
      weeklyTarget: weeklyTarget, description: description)
  }

  /// The default goals: `active` (exerciseMinutes ≥ 30 or a workout ≥ 20 min, 5
  /// days a week), `steps` (≥ 8,000), `sleep` (asleep ≥ 420 min).
  public static let defaults: [GoalDefinition] = [
    GoalDefinition(
      name: "active",
      conditions: [
        GoalCondition(metric: .exerciseMinutes, threshold: 30),
        GoalCondition(metric: .workout, threshold: 20),
      ], weeklyTarget: 5, description: "exercise ≥ 30 min or a workout ≥ 20 min"),
    GoalDefinition(
      name: "steps", conditions: [GoalCondition(metric: .steps, threshold: 8000)],
      description: "steps ≥ 8,000"),
    GoalDefinition(
      name: "sleep", conditions: [GoalCondition(metric: .sleepAsleep, threshold: 420)],
      description: "asleep ≥ 420 min (7 h)"),
  ]
}
