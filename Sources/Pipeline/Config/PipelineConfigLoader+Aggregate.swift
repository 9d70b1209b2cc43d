import Aggregate
import HealthModel

extension PipelineConfigLoader {
  /// Parses and checks `[aggregate]` with its `[goal.NAME]` and `[habit.NAME]` sections
  /// (exit 78 at the line of a bad value).
  static func aggregateSection(_ document: PipelineDocument) throws -> AggregateSettings {
    func value(_ k: String) -> PipelineEntry? { document.entry("aggregate", k) }
    let (goalNames, goals) = try goalSections(document)
    let habits = try habits(document)
    var pinned: [String]?
    if let e = value("pinned") {
      pinned = try PinnedMetrics.parse(list(e.value), at: e.location)
    }
    var weekStart = Weekday.monday
    if let e = value("week_start") {
      guard let day = Weekday(name: e.value) else {
        throw configError("week_start must be a weekday name, not '\(e.value)'", at: e.location)
      }
      weekStart = day
    }
    var weeklyActive = 5
    if let e = value("weekly_active_target") {
      weeklyActive = try integer(e, in: 1...7)
      guard goalNames.contains("active") else {
        throw configError(
          "weekly_active_target is the weekly target of the goal 'active', which is not in "
            + "[aggregate] goals", at: e.location,
          hint: "add active to goals, or give the goal you mean its own weekly_target in "
            + "[goal.NAME]")
      }
    }
    var backfillDays: Int?
    if let e = value("backfill_days") {
      backfillDays = try integer(e, in: 7...730)
    }
    return AggregateSettings(
      goals: goalNames.map { goalDefinition($0, section: goals[$0], weeklyActive: weeklyActive) },
      pinned: pinned ?? PinnedMetrics.defaultNames, weekStart: weekStart,
      backfillDays: backfillDays, habits: habits)
  }

  /// The goal names of `[aggregate] goals` (the default goals when not given) and their
  /// `[goal.NAME]` sections, checked both ways: every listed goal is built in or has a
  /// section, and every section is listed.
  static func goalSections(_ document: PipelineDocument) throws
    -> (names: [String], sections: [String: GoalSection])
  {
    let goalsEntry = document.entry("aggregate", "goals")
    var goalNames = ["active", "steps", "sleep"]
    if let e = goalsEntry {
      goalNames = list(e.value)
      var seen = Set<String>()
      for g in goalNames where !seen.insert(g).inserted {
        throw configError("goal '\(g)' is listed twice", at: e.location)
      }
    }
    var goals: [String: GoalSection] = [:]
    for (section, location) in document.sections where isGoalSection(section) {
      let goalName = String(section.dropFirst(5))
      goals[goalName] = try goal(goalName, document: document, location: location)
    }
    for g in goalNames where goals[g] == nil && !builtInGoals.contains(g) {
      throw configError(
        "goal '\(g)' has no [goal.\(g)] section", at: goalsEntry?.location,
        hint: "define it, e.g. [goal.\(g)] with condition = steps >= 10000")
    }
    for (section, location) in document.sections where isGoalSection(section) {
      let goalName = String(section.dropFirst(5))
      guard goalNames.contains(goalName) else {
        throw configError(
          "[goal.\(goalName)] is not used: '\(goalName)' is not in [aggregate] goals",
          at: location,
          hint: "add it to goals = \(goalNames.joined(separator: ", ")), or remove the section")
      }
    }
    return (goalNames, goals)
  }
}
