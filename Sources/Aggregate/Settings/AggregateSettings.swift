import HealthModel

/// What the `[aggregate]` and `[goal.NAME]` sections of a pipeline file set, with their
/// defaults (docs/aggregate.md, docs/streaks.md).
public struct AggregateSettings: Sendable, Hashable {
  /// Goals in the order reports list them. Default: `active`, `steps`, `sleep`.
  public var goals: [GoalDefinition]
  /// Pinned metric names as the user wrote them (resolved by `PinnedMetrics`).
  /// Default: `hrv`, `restingHeartRate`, `sleep`.
  public var pinned: [String]
  /// First day of a streak week. Default Monday.
  public var weekStart: Weekday
  /// Length of the streak backfill window in days, ending at as-of, when the streaks are
  /// to be rebuilt from those days only (a pipeline's `backfill_days`, as a phone's
  /// one-time backfill would). Default nil: streaks are replayed over the whole analysed
  /// history (docs/streaks.md, "The replayed span").
  public var backfillDays: Int?
  /// The pipeline file's `[habit.NAME]` sections (docs/habits.md); the aggregate stage adds
  /// the habits found in the inputs (Loop exports) whose names these do not define.
  public var habits: [HabitDefinition]

  /// The defaults.
  public init(
    goals: [GoalDefinition] = GoalDefinition.defaults,
    pinned: [String] = PinnedMetrics.defaultNames, weekStart: Weekday = .monday,
    backfillDays: Int? = nil, habits: [HabitDefinition] = []
  ) {
    self.goals = goals
    self.pinned = pinned
    self.weekStart = weekStart
    self.backfillDays = backfillDays.map { max(1, $0) }
    self.habits = habits
  }

  /// The weekly target of the `active` goal (5 by default), or of the first goal that has
  /// one; nil when no goal has a weekly target.
  public var weeklyActiveTarget: Int? {
    goals.first(where: { $0.name == "active" })?.weeklyTarget
      ?? goals.first(where: { $0.weeklyTarget != nil })?.weeklyTarget
  }

  /// A stable text of everything that influences the result, for manifests and caching.
  public var fingerprintText: String {
    var parts = [
      "weekStart=\(weekStart.rawValue)",
      "backfillDays=" + (backfillDays.map(String.init) ?? "all"),
    ]
    parts.append("pinned=" + pinned.joined(separator: ","))
    for goal in goals {
      let conditions = goal.conditions.map {
        "\($0.metric)[\($0.category)]\($0.comparison.rawValue)\(NumberFormatting.shortest($0.threshold))"
      }
      parts.append(
        "goal.\(goal.name)=" + conditions.joined(separator: "|")
          + ";weekly=\(goal.weeklyTarget.map(String.init) ?? "")")
    }
    for habit in habits { parts.append("habit.\(habit.key)=" + habit.fingerprintText) }
    return parts.joined(separator: "; ")
  }
}
