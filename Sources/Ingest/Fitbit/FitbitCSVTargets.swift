import HealthCore
import HealthModel

/// The resolved targets (`SampleTarget`) of one Fitbit CSV file's values, one per source:
/// a `_GoogleData` file's source varies by row with its `data source` cell, while its
/// metric, unit and kinds are the file's (docs/performance.md, "The Garmin and Fitbit
/// readers"). A source is found by its `String`'s representation (the row's source is
/// interned, so the same cell gives the same `String`), then by value; a new one is
/// resolved with the sink. Past `slots` sources the oldest slot is taken again.
struct FitbitCSVTargets {
  private struct Entry {
    /// The source, kept alive so that its representation stays its own.
    var source: String
    var words: (UInt64, UInt64)?
    var metric: MetricID
    var unit: String
    var hrv: HRVKind
    /// nil: values of this source are kept as `Sample`s.
    var resolved: SampleTarget?
  }

  private var entries: [Entry] = []
  private var nextSlot = 0
  private let slots = 8

  /// The target of a value of `metric` in `unit` from `source` (device `device`, an app's),
  /// resolved by `sink` once per source; nil when the sink keeps `Sample`s.
  @inline(__always)
  mutating func target(
    _ metric: MetricID, unit: String, hrv: HRVKind, source: String, device: String,
    sink: IngestSink
  ) -> SampleTarget? {
    if let words = TextIdentityCache.words(source) {
      for e in entries
      where e.words.map({ $0 == words }) == true && e.metric == metric && e.unit == unit
        && e.hrv == hrv
      {
        return e.resolved
      }
    }
    return missed(metric, unit: unit, hrv: hrv, source: source, device: device, sink: sink)
  }

  @inline(never)
  private mutating func missed(
    _ metric: MetricID, unit: String, hrv: HRVKind, source: String, device: String,
    sink: IngestSink
  ) -> SampleTarget? {
    let words = TextIdentityCache.words(source)
    for i in entries.indices
    where entries[i].source == source && entries[i].metric == metric && entries[i].unit == unit
      && entries[i].hrv == hrv
    {
      // The same source in another `String` (the interner started over).
      entries[i].source = source
      entries[i].words = words
      return entries[i].resolved
    }
    let resolved = sink.target(
      metric: metric, unit: unit, source: source, device: device, sourceKind: .app, hrvKind: hrv)
    let entry = Entry(
      source: source, words: words, metric: metric, unit: unit, hrv: hrv, resolved: resolved)
    if entries.count < slots {
      entries.append(entry)
    } else {
      entries[nextSlot] = entry
      nextSlot = (nextSlot + 1) % slots
    }
    return resolved
  }
}
