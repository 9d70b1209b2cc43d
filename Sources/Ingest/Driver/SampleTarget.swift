import HealthCore
import HealthModel

/// What a reader's kept values become, resolved once (per file, per column) instead of per
/// value: the five texts checked as `IngestSink.keep(_:counter:)` checks them and interned
/// into the samples table's row writer (`SampleRowWriter`), and the kinds. A value is then
/// kept with `IngestSink.keep(_:counter:start:end:utcOffset:value:record:)` as numbers and
/// these ids, without a `Sample` of five `String`s (docs/performance.md, "Vendor files").
/// The table's bytes are those of keeping the `Sample`.
struct SampleTarget {
  /// The metric, unit, category, source and device, as ids of the row writer's list.
  let ids: SampleTextIDs
  /// The source kind.
  let sourceKind: SourceKind
  /// The HRV kind.
  let hrvKind: HRVKind
}

extension IngestSink {
  /// The target of samples with these texts and kinds (never hand-entered); nil when the
  /// sink does not write the samples table itself (a piece's sink, a test's), when a text
  /// would be refused (longer than `maxFieldBytes`, or holding a NUL) or when the row
  /// writer's list is full: the reader then keeps each value as its `Sample`, which gives
  /// the same rows and the same rejects.
  func target(
    metric: MetricID, unit: String, category: String = "", source: String, device: String = "",
    sourceKind: SourceKind, hrvKind: HRVKind = .none
  ) -> SampleTarget? {
    guard let rowWriter else { return nil }
    let texts = [metric.rawValue, unit, category, source, device]
    for text in texts where text.utf8.count > Self.maxFieldBytes || Self.hasNUL(text) {
      return nil
    }
    var ids: [UInt32] = []
    for text in texts {
      guard let id = rowWriter.id(of: text) else { return nil }
      ids.append(id)
    }
    return SampleTarget(
      ids: SampleTextIDs(
        metric: ids[0], unit: ids[1], category: ids[2], source: ids[3], device: ids[4]),
      sourceKind: sourceKind, hrvKind: hrvKind)
  }
}
