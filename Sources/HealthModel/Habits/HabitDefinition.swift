/// A habit as the stages use it: defined in a pipeline file's `[habit.NAME]` section, or
/// found in a Loop Habit Tracker export (docs/habits.md, "Definitions"). Values are
/// checked by whoever makes one (`PipelineConfigLoader`, the Loop reader); this type only
/// holds them.
public struct HabitDefinition: Sendable, Hashable, Codable {
  /// The habit's key (`HabitName.key`): what tables, journals and sections match on.
  public var key: String
  /// The name shown to people (`Drink water`).
  public var name: String
  /// Check, duration or count.
  public var kind: HabitKind
  /// The day's goal: minutes for a duration, an amount for a count; nil for a check, and
  /// for a duration or count met by any amount above 0.
  public var goal: Double?
  /// The unit of a count (`glasses`), "" for none; unused by the other kinds.
  public var unit: String
  /// At least (the default) or at most the goal.
  public var target: HabitTarget
  /// Daily, or N days a week.
  public var frequency: HabitFrequency
  /// The daily series whose value counts toward the habit each day (`auto = ...`).
  public var auto: HabitAutoLink?
  /// Kept in the tables, left out of the report.
  public var archived: Bool
  /// Position in the report (lower first; habits without one after, by key).
  public var order: Int?
  /// The first day the habit counts; days before it are not missed. Without it, the
  /// habit starts on its first entry (or first day of linked data).
  public var since: LocalDay?
  /// Text for people (a Loop habit's question or description), if any.
  public var description: String?
  /// Where it was defined: `pipeline`, or the Loop export's path.
  public var origin: String
  /// How a definition found in an export was mapped, when it did not fit exactly
  /// (docs/habits.md, "Loop frequencies").
  public var note: String?

  /// A definition; the name defaults to a title made from the key.
  public init(
    key: String, name: String? = nil, kind: HabitKind, goal: Double? = nil, unit: String = "",
    target: HabitTarget = .atLeast, frequency: HabitFrequency = .daily,
    auto: HabitAutoLink? = nil, archived: Bool = false, order: Int? = nil,
    since: LocalDay? = nil, description: String? = nil, origin: String = "pipeline",
    note: String? = nil
  ) {
    self.key = key
    self.name = name ?? HabitName.title(ofKey: key)
    self.kind = kind
    self.goal = goal
    self.unit = unit
    self.target = target
    self.frequency = frequency
    self.auto = auto
    self.archived = archived
    self.order = order
    self.since = since
    self.description = description
    self.origin = origin
    self.note = note
  }

  /// The unit word of the day's value (`check`, `min`, `glasses`, `count`).
  public var unitWord: String { kind.unitWord(countUnit: unit) }

  /// Whether a day with `value` meets the habit (docs/streaks.md, "Habits"): a check when
  /// done (above 0); a duration or count when the value reaches the goal, or stays at or
  /// under it for `at most`; without a goal, any value above 0.
  public func isMet(_ value: Double) -> Bool {
    guard kind != .check, let goal else { return value > 0 }
    switch target {
    case .atLeast: return value >= goal
    case .atMost: return value <= goal
    }
  }

  /// The goal for people: `done`, `30 min`, `8 glasses`, `at most 0 drinks`, `any`.
  public var goalText: String {
    guard kind != .check else { return "done" }
    guard let goal else { return "any" }
    let amount =
      kind == .duration
      ? HabitValueText.minutesText(goal)
      : NumberFormatting.shortest(goal) + (unit.isEmpty ? "" : " " + unit)
    return target == .atMost ? "at most " + amount : amount
  }

  /// A stable text of every setting, for manifests and caching.
  public var fingerprintText: String {
    [
      name, kind.rawValue, goal.map(NumberFormatting.shortest) ?? "", unit, target.rawValue,
      frequency.text, auto?.text ?? "", archived ? "archived" : "", order.map(String.init) ?? "",
      since?.description ?? "", description ?? "",
    ].joined(separator: "|")
  }

  /// The habits to track, in the order reports list them: the pipeline's (in file order),
  /// then those found in exports whose key the pipeline does not define (of several with
  /// one key, the last found wins: the newest export, as inputs are listed oldest first;
  /// in the export's order); habits with an `order` before all others, by it.
  public static func resolved(pipeline: [HabitDefinition], found: [HabitDefinition])
    -> [HabitDefinition]
  {
    var list = pipeline
    let defined = Set(pipeline.map(\.key))
    for d in found where !defined.contains(d.key) {
      list.removeAll { $0.key == d.key }
      list.append(d)
    }
    return list.enumerated().sorted {
      ($0.element.order ?? Int.max, $0.offset) < ($1.element.order ?? Int.max, $1.offset)
    }.map(\.element)
  }
}

/// A habit's link to a recorded daily series (`auto = workoutMinutes[Running]`): the day's
/// value of that series counts toward the habit, and entries of the same day add to it.
public struct HabitAutoLink: Sendable, Hashable, Codable {
  /// The series (`workoutMinutes`, `mindfulMinutes`, `steps`, ...).
  public var metric: String
  /// Its split (`Running`), "" for the day's total.
  public var category: String

  /// A link.
  public init(metric: String, category: String = "") {
    self.metric = metric
    self.category = category
  }

  /// Parses `metric` or `metric[category]`; nil for an empty name or unbalanced brackets.
  public init?(text: String) {
    var t = Substring(text).trimmingBlanksOfLink()
    var category = ""
    if let open = t.firstIndex(of: "[") {
      guard t.hasSuffix("]") else { return nil }
      category = String(t[t.index(after: open)..<t.index(before: t.endIndex)]).trimmingBlanks
      t = t[..<open].trimmingBlanksOfLink()
    }
    guard !t.isEmpty, !t.contains("]"), !t.contains(" ") else { return nil }
    self.init(metric: String(t), category: category)
  }

  /// `workoutMinutes[Running]`.
  public var text: String { category.isEmpty ? metric : "\(metric)[\(category)]" }
}

extension Substring {
  fileprivate func trimmingBlanksOfLink() -> Substring {
    var s = self
    while s.first == " " || s.first == "\t" { s.removeFirst() }
    while s.last == " " || s.last == "\t" { s.removeLast() }
    return s
  }
}

extension String {
  fileprivate var trimmingBlanks: String { String(Substring(self).trimmingBlanksOfLink()) }
}
