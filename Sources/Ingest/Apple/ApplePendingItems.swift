import HealthModel

/// Why a record cannot become a sample: the reject code and the reason text.
struct RecordProblem {
  var code: RejectCode
  var reason: String
}

/// What is known of a parsed date attribute.
struct ParsedDate {
  /// Epoch seconds.
  var epoch: Int64
  /// The offset written with it.
  var offset: Int32
}

/// A top-level `Record` between its start tag and its end, when its metadata children
/// (`HKWasUserEntered`, `HKTimeZone`) are known.
struct PendingRecord {
  var line: Int64 = 0
  var type: AppleType?
  var source = ""
  var device = ""
  var deviceKind: SourceKind = .app
  var unit = ""
  var start: ParsedDate?
  var end: ParsedDate?
  var valueText = ""
  var hasValue = false
  var number: Double?
  var problem: RecordProblem?
  var userEntered = false
  var zone: String?
  /// iOS 8's statistics attributes (`min`, `max`, `average`, `recordCount`, `sum`), read
  /// where the record has no `value`.
  var statistics = RecordStatistics()

  /// Keeps the first problem found.
  mutating func note(_ code: RejectCode, _ reason: String) {
    if problem == nil { problem = RecordProblem(code: code, reason: reason) }
  }
}

/// One `WorkoutStatistics` child worth keeping (energy or distance).
struct WorkoutStatistic {
  var type: String
  var sum: String
  var unit: String
}

/// A top-level `Workout` between its start tag and its end.
struct PendingWorkout {
  var line: Int64 = 0
  var activity = ""
  var duration: String?
  var durationUnit: String?
  var totalDistance: String?
  var totalDistanceUnit = ""
  var totalEnergy: String?
  var totalEnergyUnit = ""
  var source = ""
  var device = ""
  var deviceKind: SourceKind = .app
  var start: ParsedDate?
  var end: ParsedDate?
  var problem: RecordProblem?
  var userEntered = false
  var zone: String?
  var energyStatistics: [WorkoutStatistic] = []
  var distanceStatistics: [WorkoutStatistic] = []

  /// Keeps the first problem found.
  mutating func note(_ code: RejectCode, _ reason: String) {
    if problem == nil { problem = RecordProblem(code: code, reason: reason) }
  }
}
