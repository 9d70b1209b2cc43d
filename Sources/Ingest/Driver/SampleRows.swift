import HealthCore
import HealthModel

/// Samples kept in compact form while they wait to be merged: numbers inline, the five
/// texts as ids into the rows' own list of distinct texts. A piece of an `export.xml`
/// parsed on a worker thread (`AppleChunkedRead`) holds its samples so; an array of
/// `Sample` values retained and released five strings per row at every copy, and the
/// texts of two pieces (interned by two parsers) compared byte by byte where the table
/// writer met them (docs/changelog/performance.md, change 8).
struct SampleRows: Sendable {
  /// One sample without its texts.
  struct Row: Sendable {
    var start: Int64
    var end: Int64
    var value: Double
    var minimum: Double
    var maximum: Double
    var record: Int64
    var utcOffset: Int32
    var file: Int32
    var metric: UInt32
    var unit: UInt32
    var category: UInt32
    var source: UInt32
    var device: UInt32
    var sourceKind: SourceKind
    var hrvKind: HRVKind
    var userEntered: Bool
    var hasMinimum: Bool
    var hasMaximum: Bool
  }

  /// The distinct texts of the rows (by their UTF-8 bytes), in order of first use.
  var texts: [String] { table.strings }
  /// The rows, in the order they were added.
  private(set) var rows: [Row] = []
  private var table = TextPool()
  private var metricCache = RecentTexts()
  private var unitCache = RecentTexts()
  private var categoryCache = RecentTexts()
  private var sourceCache = RecentTexts()
  private var deviceCache = RecentTexts()

  /// Reserves room for `count` rows.
  mutating func reserveCapacity(_ count: Int) { rows.reserveCapacity(count) }

  /// Number of rows.
  var count: Int { rows.count }

  /// Adds a sample.
  mutating func append(_ s: Sample) {
    let metric = Self.id(of: s.metric.rawValue, &metricCache, &table)
    let unit = Self.id(of: s.unit, &unitCache, &table)
    let category = Self.id(of: s.category, &categoryCache, &table)
    let source = Self.id(of: s.source, &sourceCache, &table)
    let device = Self.id(of: s.device, &deviceCache, &table)
    rows.append(
      Row(
        start: s.start, end: s.end, value: s.value, minimum: s.minimum ?? 0,
        maximum: s.maximum ?? 0, record: s.origin.record, utcOffset: s.utcOffset,
        file: s.origin.file, metric: metric, unit: unit, category: category, source: source,
        device: device, sourceKind: s.sourceKind, hrvKind: s.hrvKind,
        userEntered: s.userEntered, hasMinimum: s.minimum != nil, hasMaximum: s.maximum != nil))
  }

  /// Adds a sample with the texts, kinds and offset of the last row added (a series'
  /// readings: only time, value and origin change), without looking its texts up again.
  /// There must be a last row.
  @inline(__always)
  mutating func appendLikeLast(start: Int64, end: Int64, value: Double, record: Int64) {
    var row = rows[rows.count - 1]
    row.start = start
    row.end = end
    row.value = value
    row.record = record
    rows.append(row)
  }

  /// Row `index` as the sample that was added, its line `lineShift` further on.
  func sample(at index: Int, lineShift: Int64 = 0) -> Sample {
    let r = rows[index]
    return Sample(
      metric: MetricID(texts[Int(r.metric)]), start: r.start, end: r.end,
      utcOffset: r.utcOffset, value: r.value, minimum: r.hasMinimum ? r.minimum : nil,
      maximum: r.hasMaximum ? r.maximum : nil, unit: texts[Int(r.unit)],
      category: texts[Int(r.category)], source: texts[Int(r.source)],
      device: texts[Int(r.device)], sourceKind: r.sourceKind, userEntered: r.userEntered,
      hrvKind: r.hrvKind, origin: Origin(file: r.file, record: r.record + lineShift))
  }

  @inline(__always)
  private static func id(
    of text: String, _ cache: inout RecentTexts, _ table: inout TextPool
  ) -> UInt32 {
    if let id = cache.id(of: text) { return id }
    let id = table.intern(text)
    cache.remember(text, id: id)
    return id
  }
}
