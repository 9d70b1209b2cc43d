import Aggregate
import HealthModel

extension PipelineConfigLoader {
  /// Keys of a `[habit.NAME]` section (docs/habits.md, Pipelines/README.md).
  static let habitKeys: Set<String> = [
    "type", "goal", "unit", "frequency", "target", "auto", "archived", "order", "since",
    "description", "name",
  ]

  static func isHabitSection(_ name: String) -> Bool {
    name.hasPrefix("habit.") && name.count > 6
  }

  /// Every `[habit.NAME]` section, checked (exit 78 at the line of a bad value), in file
  /// order.
  static func habits(_ document: PipelineDocument) throws -> [HabitDefinition] {
    var habits: [HabitDefinition] = []
    var keys: [String: String] = [:]
    for (section, location) in document.sections where isHabitSection(section) {
      let habit = try habit(String(section.dropFirst(6)), document: document, location: location)
      if let other = keys[habit.key] {
        throw configError(
          "[\(section)] is the same habit as [\(other)] (names match by letters and digits)",
          at: location, hint: "give each habit its own name")
      }
      keys[habit.key] = section
      habits.append(habit)
    }
    return habits
  }

  /// Parses and checks one `[habit.NAME]` section.
  static func habit(_ name: String, document: PipelineDocument, location: SourceLocation)
    throws -> HabitDefinition
  {
    let entries = document.entries(in: "habit." + name)
    func entry(_ key: String) -> PipelineEntry? { entries.first { $0.key == key } }
    guard let typeEntry = entry("type") else {
      throw configError(
        "[habit.\(name)] has no 'type'", at: location,
        hint: "type = check (done or not), duration (minutes) or count")
    }
    guard let kind = HabitKind(rawValue: typeEntry.value.lowercased()) else {
      let close = NameSuggestions.closest(
        to: typeEntry.value, in: HabitKind.allCases.map(\.rawValue), limit: 1)
      throw configError(
        "type must be check, duration or count, not '\(typeEntry.value)'"
          + (close.first.map { " (did you mean '\($0)'?)" } ?? ""), at: typeEntry.location)
    }
    var habit = HabitDefinition(key: HabitName.key(name), kind: kind)
    for e in entries {
      switch e.key {
      case "unit": habit.unit = try habitUnit(e, kind: kind)
      case "frequency":
        guard let f = HabitFrequency(text: e.value) else {
          throw configError(
            "frequency must be \(HabitFrequency.accepted), not '\(e.value)'", at: e.location,
            hint: "e.g. frequency = daily, or frequency = 3 per week")
        }
        habit.frequency = f
      case "target":
        guard let t = HabitTarget(text: e.value) else {
          throw configError(
            "target must be 'at least' or 'at most', not '\(e.value)'", at: e.location)
        }
        habit.target = t
      case "auto": habit.auto = try habitAuto(e)
      case "archived": habit.archived = try boolean(e)
      case "order": habit.order = try integer(e, in: -1_000_000...1_000_000)
      case "since":
        guard let day = LocalDay(iso: e.value) else {
          throw configError("since must be a date yyyy-MM-dd, not '\(e.value)'", at: e.location)
        }
        habit.since = day
      case "description": habit.description = e.value.isEmpty ? nil : e.value
      case "name": if !e.value.isEmpty { habit.name = e.value }
      default: break
      }
    }
    if let e = entry("goal") { (habit.goal, habit.unit) = try habitGoal(e, habit: habit) }
    if habit.target == .atMost, habit.goal == nil, kind != .check {
      throw configError(
        "target = at most needs a goal", at: entry("target")?.location ?? location,
        hint: "e.g. goal = 0 with target = at most: met on days at or under it")
    }
    if kind == .check, let e = entry("target") {
      throw configError(
        "a check habit has no target: it is met when done", at: e.location,
        hint: "use type = count with a goal for an amount to stay under")
    }
    return habit
  }

  /// `goal = 30 min`, `goal = 8`, `goal = 8 glasses` (with the count's unit), checked.
  private static func habitGoal(_ e: PipelineEntry, habit: HabitDefinition) throws
    -> (Double?, String)
  {
    switch habit.kind {
    case .check:
      throw configError(
        "a check habit has no goal: it is met when done", at: e.location,
        hint: "remove the goal, or use type = duration or count")
    case .duration:
      guard let m = HabitValueText.minutes(e.value), m >= 0 else {
        throw configError(
          "goal must be minutes (30, 30 min, 1.5 h or 0:30), not '\(e.value)'", at: e.location)
      }
      return (m, habit.unit)
    case .count:
      let words = e.value.split(separator: " ", maxSplits: 1).map(String.init)
      guard let first = words.first, let n = HabitValueText.number(first), n >= 0 else {
        throw configError(
          "goal must be a number of 0 or more (8, or 8 glasses), not '\(e.value)'",
          at: e.location)
      }
      guard words.count == 2 else { return (n, habit.unit) }
      let unit = words[1].trimmingBlanks()
      guard habit.unit.isEmpty || habit.unit == unit else {
        throw configError(
          "goal is in '\(unit)' but unit = \(habit.unit)", at: e.location,
          hint: "write the goal as a number, or in the habit's unit")
      }
      return (n, unit)
    }
  }

  private static func habitUnit(_ e: PipelineEntry, kind: HabitKind) throws -> String {
    switch kind {
    case .count: return e.value
    case .duration:
      guard ["min", "mins", "minute", "minutes"].contains(e.value.lowercased()) else {
        throw configError(
          "a duration habit is kept in minutes; unit = \(e.value) is not minutes", at: e.location,
          hint: "remove the unit (goals such as 1.5 h are read as minutes)")
      }
      return ""
    case .check:
      throw configError("a check habit has no unit", at: e.location, hint: "remove the unit")
    }
  }

  private static func habitAuto(_ e: PipelineEntry) throws -> HabitAutoLink {
    guard let link = HabitAutoLink(text: e.value) else {
      throw configError(
        "auto must name a daily series, e.g. workoutMinutes[Running], not '\(e.value)'",
        at: e.location)
    }
    guard GoalMetrics.isKnown(MetricID(link.metric)) else {
      let close = NameSuggestions.closest(
        to: link.metric, in: GoalMetrics.names.map(\.rawValue))
      throw configError(
        "auto: unknown metric '\(link.metric)'"
          + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"),
        at: e.location,
        hint: "auto names a daily series goals may use (docs/streaks.md), such as "
          + "workoutMinutes[Running], mindfulMinutes or steps")
    }
    return link
  }
}
