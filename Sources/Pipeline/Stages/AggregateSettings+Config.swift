import Aggregate
import HealthCore

extension AggregateSettings {
  /// The aggregate settings a pipeline file describes: its goals in order (built-in goals
  /// keep their conditions unless the file gives one), pinned metrics, week start and the
  /// weekly active target.
  public init(config: PipelineConfig) throws {
    var goals: [GoalDefinition] = []
    for name in config.goalNames {
      let section = config.goals[name]
      var goal: GoalDefinition
      if let condition = section?.condition {
        do {
          goal = try GoalDefinition(
            name: name, parsing: condition, weeklyTarget: section?.weeklyTarget,
            description: section?.description)
        } catch let error as HealthError {
          throw HealthError(.configError, error.message, at: section?.location, hint: error.hint)
        }
      } else if let builtIn = GoalDefinition.defaults.first(where: { $0.name == name }) {
        goal = builtIn
        if let t = section?.weeklyTarget { goal.weeklyTarget = t }
        if let d = section?.description { goal.description = d }
      } else {
        throw HealthError(
          .configError, "goal '\(name)' has no condition", at: section?.location,
          hint: "add condition = METRIC >= NUMBER to [goal.\(name)]")
      }
      if name == "active" && section?.weeklyTarget == nil {
        goal.weeklyTarget = config.weeklyActiveTarget
      }
      goals.append(goal)
    }
    self.init(
      goals: goals, pinned: config.pinned ?? PinnedMetrics.defaultNames,
      weekStart: Weekday.allCases[config.weekStart - 1], backfillDays: config.backfillDays)
  }
}
