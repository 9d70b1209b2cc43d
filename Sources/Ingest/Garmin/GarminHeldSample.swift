import HealthModel

/// A sample of a FIT file waiting for the file's end, where its UTC offset is settled
/// (`GarminFITMapper`): everything of the `Sample` but the offset, the device's texts and
/// its series' texts, which are the file's (`GarminHeldSeries`, by index). Held without
/// any text, a file's hundreds of thousands of readings cost no reference counting while
/// they wait, are copied or go.
struct GarminHeldSample {
  /// The index of its series in the file's `GarminHeldSeriesTable`.
  var series: Int32
  var counter: TypeCounter
  var start: Int64
  var end: Int64
  var value: Double
  var minimum: Double?
  var maximum: Double?
  /// The message's record number in the file (the origin adds the entry's base).
  var record: Int64
}
