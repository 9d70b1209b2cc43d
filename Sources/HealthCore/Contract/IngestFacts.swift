import HealthModel

/// What the ingest stage tells the later stages (`StageFacts.ingest`, carried forward
/// unchanged by clean and aggregate): its record counts for the report's data-quality
/// section (docs/report-inputs.md), the Health Connect facts clean's priority rules use, and
/// the habit definitions found in the inputs (docs/habits.md, "In the tables").
public struct IngestFacts: Sendable, Hashable, Codable {
  /// Records read from all inputs.
  public var recordsRead: Int64
  /// Records kept (rows of the samples table).
  public var recordsKept: Int64
  /// Records rejected (rows of ingest's rejects table).
  public var recordsRejected: Int64
  /// Inputs that failed as a whole.
  public var inputsFailed: Int
  /// The facts of each Health Connect input, in input order.
  public var healthConnect: [HealthConnectFacts]
  /// Habit definitions found in the inputs (Loop Habit Tracker's `Habits.csv`), in input
  /// order.
  public var habitsFound: [HabitDefinition]

  /// Creates the facts.
  public init(
    recordsRead: Int64, recordsKept: Int64, recordsRejected: Int64, inputsFailed: Int,
    healthConnect: [HealthConnectFacts] = [], habitsFound: [HabitDefinition] = []
  ) {
    self.recordsRead = recordsRead
    self.recordsKept = recordsKept
    self.recordsRejected = recordsRejected
    self.inputsFailed = inputsFailed
    self.healthConnect = healthConnect
    self.habitsFound = habitsFound
  }

  /// The Health Connect facts by input index (the first entry of an index wins).
  public var healthConnectByInput: [Int: HealthConnectFacts] {
    var found: [Int: HealthConnectFacts] = [:]
    for facts in healthConnect where found[facts.input] == nil { found[facts.input] = facts }
    return found
  }
}
