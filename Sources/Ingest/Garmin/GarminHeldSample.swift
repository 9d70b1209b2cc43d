import HealthModel

/// A sample of a FIT file waiting for the file's end, where its UTC offset is settled
/// (`GarminFITMapper`): everything of the `Sample` but the offset and the device's texts,
/// which are the file's. Held without the texts, a file's hundreds of thousands of readings
/// cost no reference counting while they wait.
struct GarminHeldSample {
  var metric: MetricID
  var counter: TypeCounter
  var start: Int64
  var end: Int64
  var value: Double
  var minimum: Double?
  var maximum: Double?
  /// A literal (`count/min`, `min`, ...).
  var unit: String
  /// A literal, or the workout's sport.
  var category: String
  var hrv: HRVKind
  /// The message's record number in the file (the origin adds the entry's base).
  var record: Int64
}
