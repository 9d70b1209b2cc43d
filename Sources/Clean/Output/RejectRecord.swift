import HealthModel

/// Everything the rejects table needs of one rejected sample, without its neighbours: the
/// row, its value as read, its converted minimum and maximum, and the source, rank and origin of the sample
/// that displaced it (duplicates and overlaps). A plain value of fixed size, so the
/// partitioned stage can spill a metric's rejects to disk and write them, merged in origin
/// order, after every metric is resolved; the reason text is made only then
/// (`RejectReasons`).
struct RejectRecord: Sendable, BitwiseCopyable {
  /// The rejected sample; its `status` says why.
  var row: StoredSample
  /// Its value as read.
  var original: Double
  /// Its converted minimum and maximum, if it has either.
  var extremes: Extremes?
  /// Source pool id of the sample that was kept instead (duplicate, overlapped).
  var keptSource: UInt32
  /// Rank of that sample.
  var keptRank: UInt16
  /// Input index of that sample.
  var keptFile: Int32
  /// Record number of that sample.
  var keptRecord: Int64
  /// Why the sleep rule displaced it (sleep rows only).
  var sleepNote: SleepOverlapNote?

  /// The record of row `index` of `store` (a rejected row).
  init(_ store: SampleStore, index: Int) {
    row = store.rows[index]
    original = store.original(row)
    extremes = store.extremes(row)
    sleepNote = store.sleepNotes[UInt32(index)]
    if row.related == .max {
      keptSource = .max
      keptRank = .max
      keptFile = -1
      keptRecord = -1
    } else {
      let kept = store.rows[Int(row.related)]
      keptSource = kept.source
      keptRank = kept.rank
      keptFile = kept.file
      keptRecord = kept.record
    }
  }

  /// The origin of the rejected sample.
  var origin: Origin { Origin(file: row.file, record: row.record) }

  /// The origin of the sample kept instead.
  var keptOrigin: Origin { Origin(file: keptFile, record: keptRecord) }
}
