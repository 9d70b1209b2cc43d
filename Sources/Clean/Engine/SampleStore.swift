import HealthCore
import HealthModel

/// Every sample read by the clean stage, in read order, in compact form, with the string
/// pools and per-metric catalog lookups they refer to.
struct SampleStore: Sendable {
  /// Rows in read order; a row's index is its identity.
  var rows: [StoredSample] = []
  /// Metric ids.
  var metrics = TextPool()
  /// Units as read.
  var units = TextPool()
  /// Categories.
  var categories = TextPool()
  /// Source names.
  var sources = TextPool()
  /// Device descriptions.
  var devices = TextPool()
  /// Side table of the rows that have side values (`StoredSample.side`).
  var sides: [SideValues] = []
  /// Why the sleep rule displaced each overlapped sleep row, by row index.
  var sleepNotes: [UInt32: SleepOverlapNote] = [:]
  /// Catalog entry per metric pool id (nil for raw type names).
  var metricInfo: [MetricInfo?] = []
  /// What the per-sample rules need of each metric, per metric pool id.
  var metricRules: [MetricRules] = []

  /// The metric id of a row.
  func metricID(_ row: StoredSample) -> MetricID { MetricID(metrics[row.metric]) }

  /// The catalog entry of a row's metric, if it is a catalog metric.
  func info(_ row: StoredSample) -> MetricInfo? { metricInfo[Int(row.metric)] }

  /// Interns a metric id, looking up its catalog entry once.
  mutating func internMetric(_ id: MetricID) -> UInt32 {
    let pid = metrics.intern(id.rawValue)
    if Int(pid) == metricInfo.count {
      metricInfo.append(id.info)
      metricRules.append(MetricRules(id.info))
    }
    return pid
  }

  /// A row as a cleaned sample: canonical value and unit, min/max converted (from this
  /// store's side table).
  func cleanedSample(_ row: StoredSample) -> Sample {
    let info = metricInfo[Int(row.metric)]
    let ext = extremes(row) ?? Extremes()
    return Sample(
      metric: MetricID(metrics[row.metric]), start: row.start, end: row.end,
      utcOffset: row.utcOffset, value: row.value, minimum: ext.minimum,
      maximum: ext.maximum, unit: info?.canonicalUnit ?? units[row.unit],
      category: categories[row.category], source: sources[row.source],
      device: devices[row.device], sourceKind: row.sourceKind, userEntered: row.userEntered,
      hrvKind: row.hrvKind,
      origin: Origin(file: row.file, record: row.record))
  }

  /// The value of a row as read (before unit conversion).
  func original(_ row: StoredSample) -> Double {
    row.side == .max ? row.value : sides[Int(row.side)].original ?? row.value
  }

  /// The converted minimum and maximum of a row, if it has either.
  func extremes(_ row: StoredSample) -> Extremes? {
    row.side == .max ? nil : sides[Int(row.side)].extremes
  }

  /// The origin of a row.
  func origin(_ index: Int) -> Origin { Origin(file: rows[index].file, record: rows[index].record) }
}

/// What the per-sample rules need of a metric, without copying its catalog entry per sample.
struct MetricRules: Sendable {
  /// The canonical unit, for catalog metrics.
  var canonicalUnit: String?
  /// The range check.
  var limit: RangeValidation.Limit
  /// Whether it is the sleep metric.
  var isSleep: Bool

  init(_ info: MetricInfo?) {
    canonicalUnit = info?.canonicalUnit
    limit = info.map(RangeValidation.Limit.init) ?? RangeValidation.Limit()
    isSleep = info?.kind == .sleep
  }
}
