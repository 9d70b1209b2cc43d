import HealthModel

/// The samples the Health Connect reader keeps, gathered in compact rows and handed to the
/// sink a batch at a time (`IngestSink.keep(rows:counters:)`), in reading order: a row
/// costs no `String` hashing or reference counting in the table writer
/// (docs/ingest-health-connect.md, "Speed").
struct HealthConnectBatch {
  /// Rows per batch.
  static let capacity = 16_384

  private var rows = SampleRows()
  private var counters: [TypeCounter] = []

  init() {
    rows.reserveCapacity(Self.capacity)
    counters.reserveCapacity(Self.capacity)
  }

  /// Adds a sample counted by `counter`; hands the batch on when it is full.
  @inline(__always)
  mutating func keep(_ sample: Sample, counter: TypeCounter, sink: IngestSink) throws {
    rows.append(sample)
    counters.append(counter)
    if rows.count >= Self.capacity { try flush(sink) }
  }

  /// Adds a reading like the last sample added but for its time, value and record (same
  /// texts, offset and kinds), counted by `counter`; `keep(_:counter:sink:)` must have added
  /// the record's first reading since the last flush.
  @inline(__always)
  mutating func keepLikeLast(
    at time: Int64, value: Double, record: Int64, counter: TypeCounter, sink: IngestSink
  ) throws {
    rows.appendLikeLast(start: time, end: time, value: value, record: record)
    counters.append(counter)
    if rows.count >= Self.capacity { try flush(sink) }
  }

  /// Whether nothing is gathered (the next reading needs a whole sample).
  var isEmpty: Bool { rows.count == 0 }

  /// Hands what is gathered to the sink.
  mutating func flush(_ sink: IngestSink) throws {
    guard rows.count > 0 else { return }
    try sink.keep(rows: rows, counters: counters)
    self = HealthConnectBatch()
  }
}
