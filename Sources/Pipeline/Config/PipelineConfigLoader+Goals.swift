import Aggregate
import HealthModel

extension PipelineConfigLoader {
  /// A `[goal.NAME]` section, checked: its condition parsed (nil keeps a built-in goal's).
  struct GoalSection {
    /// The parsed condition's alternatives, if the section gives one.
    var conditions: [GoalCondition]?
    /// `weekly_target`: goal days needed per week (1-7), if given.
    var weeklyTarget: Int?
    /// `description`, if given.
    var description: String?
  }

  /// Parses and checks `[goal.NAME]` (exit 78 at the line of a bad value).
  static func goal(_ name: String, document: PipelineDocument, location: SourceLocation)
    throws -> GoalSection
  {
    var g = GoalSection()
    for e in document.entries(in: "goal." + name) {
      switch e.key {
      case "condition":
        do {
          g.conditions = try GoalDefinition(name: name, parsing: e.value).conditions
        } catch let error as HealthError {
          throw configError(error.message, at: e.location, hint: error.hint)
        }
      case "weekly_target": g.weeklyTarget = try integer(e, in: 1...7)
      case "description": g.description = e.value
      default: break
      }
    }
    if g.conditions == nil && !builtInGoals.contains(name) {
      throw configError(
        "[goal.\(name)] has no 'condition'", at: location,
        hint: "e.g. condition = steps >= 10000 (a daily metric, a comparison and a number)")
    }
    return g
  }

  /// A goal of `[aggregate] goals` as the aggregate stage tracks it: its section's
  /// condition, or the built-in goal's (with the section's weekly target and description
  /// when given); `active` takes `weekly_active_target` unless its section sets one. Only
  /// called once `goal(_:document:location:)` has accepted every section and every listed
  /// goal has a section or is built in.
  static func goalDefinition(_ name: String, section: GoalSection?, weeklyActive: Int)
    -> GoalDefinition
  {
    var goal: GoalDefinition
    if let conditions = section?.conditions {
      goal = GoalDefinition(
        name: name, conditions: conditions, weeklyTarget: section?.weeklyTarget,
        description: section?.description)
    } else {
      goal = GoalDefinition.defaults.first { $0.name == name }!
      if let t = section?.weeklyTarget { goal.weeklyTarget = t }
      if let d = section?.description { goal.description = d }
    }
    if name == "active" && section?.weeklyTarget == nil { goal.weeklyTarget = weeklyActive }
    return goal
  }
}
