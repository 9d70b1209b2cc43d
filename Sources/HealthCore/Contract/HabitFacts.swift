/// What the stages tell each other about habits, in the header `meta` of their tables
/// (docs/habits.md, "In the tables"):
///
/// - ingest writes `habits.found`: the definitions it found in the inputs (Loop Habit
///   Tracker's `Habits.csv`), which clean and aggregate carry forward unchanged;
/// - aggregate writes `habits`: the habits it tracked (the pipeline's definitions, then
///   those found), in list order, which the report reads.
///
/// The one place that knows these keys. Reading is defensive: a value that does not parse
/// is an empty list.
public struct HabitFacts: Sendable, Hashable {
  /// Definitions found in the inputs, in input order.
  public var found: [HabitDefinition]
  /// The habits the tables were computed with, in list order.
  public var tracked: [HabitDefinition]

  /// The header `meta` keys.
  public enum Key {
    /// `habits.found`: a JSON array of `HabitDefinition`.
    public static let found = "habits.found"
    /// `habits`: a JSON array of `HabitDefinition`.
    public static let tracked = "habits"
  }

  /// Facts.
  public init(found: [HabitDefinition] = [], tracked: [HabitDefinition] = []) {
    self.found = found
    self.tracked = tracked
  }

  /// Reads the facts from a table header's `meta`.
  public init(meta: [String: String]) {
    found = meta[Key.found].flatMap { MetaJSON.decode([HabitDefinition].self, $0) } ?? []
    tracked = meta[Key.tracked].flatMap { MetaJSON.decode([HabitDefinition].self, $0) } ?? []
  }

  /// `habits.found` as a `meta` entry (none when nothing was found).
  public func foundMeta() throws -> [String: String] {
    found.isEmpty ? [:] : [Key.found: try MetaJSON.text(found, what: "the habits found")]
  }

  /// `habits` as a `meta` entry (none when no habit is tracked).
  public func trackedMeta() throws -> [String: String] {
    tracked.isEmpty ? [:] : [Key.tracked: try MetaJSON.text(tracked, what: "the habits")]
  }
}
