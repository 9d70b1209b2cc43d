/// One record of a synthetic Health Connect export, as the database stores it: times in
/// epoch milliseconds with offsets in seconds, the app that wrote it, when it was last
/// modified, and its values (docs/ingest-health-connect.md, "The generator").
struct HealthConnectSyntheticRecord: Sendable {
  /// The table it goes to.
  var table: String
  var app: HealthConnectSyntheticApp
  /// Start (interval) or time (instant), epoch milliseconds UTC.
  var start: Int64
  /// End, epoch milliseconds UTC (= `start` for instant records).
  var end: Int64
  var startOffset: Int32
  var endOffset: Int32
  /// `last_modified_time`, epoch milliseconds.
  var lastModified: Int64
  /// `recording_method` 3 (typed in).
  var manual = false
  /// The value columns in the table's order (systolic and diastolic for blood pressure;
  /// the exercise type for workouts; the baseline for skin temperature).
  var values: [Double] = []
  /// Child rows: heart-rate readings (time, 0, bpm), sleep stages (start, end, type), skin
  /// temperature deltas (time, 0, delta).
  var children: [(Int64, Int64, Double)] = []

  /// The local start on Android's timeline, milliseconds.
  var localStart: Int64 { start + 1000 * Int64(startOffset) }
  /// The local end on Android's timeline, milliseconds.
  var localEnd: Int64 { end + 1000 * Int64(endOffset) }
}

/// The tables the truth of Android's merge covers, with the unit factor to healthpipe's
/// canonical unit (steps, km, kcal) and the metric id.
enum HealthConnectMergedTables {
  static let all: [(table: String, metric: String, factor: Double)] = [
    ("steps_record_table", "steps", 1),
    ("distance_record_table", "distance", 0.001),
    ("active_calories_burned_record_table", "activeEnergy", 0.001),
  ]
}
