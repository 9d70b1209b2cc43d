import HealthModel

/// Rule: exact duplicates (same metric, source, start, end and value, after unit
/// normalisation) are kept once; the others are rejected (`duplicate`). The copy that
/// stays is the first in table order, i.e. the lowest origin (input file, record).
///
/// Decision: the category is part of the value for category samples, so an in-bed and an
/// asleep segment with the same times are not duplicates, nor are two workouts of
/// different activity types.
enum ExactDuplicates {
  /// Marks the duplicates in a metric's rows (sorted by `SampleOrder`, so duplicates are
  /// adjacent) and returns the rows that remain.
  static func removeDuplicates(_ sorted: [UInt32], rows: inout [StoredSample]) -> [UInt32] {
    var survivors: [UInt32] = []
    survivors.reserveCapacity(sorted.count)
    var keeper: UInt32 = .max
    for index in sorted {
      if keeper != .max && isDuplicate(rows[Int(index)], of: rows[Int(keeper)]) {
        rows[Int(index)].status = .duplicate
        rows[Int(index)].related = keeper
      } else {
        keeper = index
        survivors.append(index)
      }
    }
    return survivors
  }

  /// Whether `a` repeats `b` exactly.
  static func isDuplicate(_ a: StoredSample, of b: StoredSample) -> Bool {
    a.start == b.start && a.end == b.end && a.source == b.source && a.value == b.value
      && a.category == b.category && a.metric == b.metric
  }

  /// `same metric, source, start, end and value as input 0 record 12, which was kept`.
  static func reason(kept: Origin) -> String { reason(at: ReasonFormatting.origin(kept)) }

  /// The same with the kept sample's origin as text.
  static func reason(at origin: String) -> String {
    "same metric, source, start, end and value as \(origin), which was kept"
  }
}
