import HealthCore
import HealthModel

/// Samples kept in compact form while they wait to be merged: numbers inline, the five
/// texts as ids into the rows' own list of distinct texts. A piece of an `export.xml`
/// parsed on a worker thread (`AppleChunkedRead`) holds its samples so; an array of
/// `Sample` values retained and released five strings per row at every copy, and the
/// texts of two pieces (interned by two parsers) compared byte by byte where the table
/// writer met them (docs/changelog/performance.md, change 8).
struct SampleRows: Sendable {
  /// One sample: its compact row (`CompactSample`, the form clean holds too), texts as ids
  /// into `texts`, and the minimum and maximum that few samples have.
  struct Row: Sendable {
    var sample: CompactSample
    var hasMinimum: Bool
    var hasMaximum: Bool
    var minimum: Double
    var maximum: Double
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
    append(
      s,
      texts: SampleTextIDs(
        metric: metric, unit: unit, category: category, source: source, device: device))
  }

  /// Adds a sample, finding its texts first by their representation in `known` (this
  /// rows' own cache, used by one thread: a parser hands the same interned `String`s
  /// record after record, and in an export in time order the metrics, sources and devices
  /// alternate too often for the two texts `RecentTexts` remembers per field). A text
  /// `known` misses is interned as `append(_:)` interns it, so the list of texts and the
  /// ids are the same.
  mutating func append(_ s: Sample, known: TextIdentityCache) {
    let metric = Self.id(of: s.metric.rawValue, known, &table)
    let unit = Self.id(of: s.unit, known, &table)
    let category = Self.id(of: s.category, known, &table)
    let source = Self.id(of: s.source, known, &table)
    let device = Self.id(of: s.device, known, &table)
    append(
      s,
      texts: SampleTextIDs(
        metric: metric, unit: unit, category: category, source: source, device: device))
  }

  /// Adds `s` with its texts as `texts`.
  @inline(__always)
  private mutating func append(_ s: Sample, texts: SampleTextIDs) {
    rows.append(
      Row(
        sample: CompactSample(
          start: s.start, end: s.end, value: s.value, origin: s.origin, utcOffset: s.utcOffset,
          texts: texts, sourceKind: s.sourceKind, hrvKind: s.hrvKind,
          userEntered: s.userEntered),
        hasMinimum: s.minimum != nil, hasMaximum: s.maximum != nil, minimum: s.minimum ?? 0,
        maximum: s.maximum ?? 0))
  }

  /// Adds a sample with the texts, kinds and offset of the last row added (a series'
  /// readings: only time, value and origin change), without looking its texts up again.
  /// There must be a last row.
  @inline(__always)
  mutating func appendLikeLast(start: Int64, end: Int64, value: Double, record: Int64) {
    var row = rows[rows.count - 1]
    row.sample.start = start
    row.sample.end = end
    row.sample.value = value
    row.sample.record = record
    rows.append(row)
  }

  /// Row `index` as the sample that was added, its line `lineShift` further on.
  func sample(at index: Int, lineShift: Int64 = 0) -> Sample {
    let r = rows[index]
    let c = r.sample
    return Sample(
      metric: MetricID(texts[Int(c.texts.metric)]), start: c.start, end: c.end,
      utcOffset: c.utcOffset, value: c.value, minimum: r.hasMinimum ? r.minimum : nil,
      maximum: r.hasMaximum ? r.maximum : nil, unit: texts[Int(c.texts.unit)],
      category: texts[Int(c.texts.category)], source: texts[Int(c.texts.source)],
      device: texts[Int(c.texts.device)], sourceKind: c.sourceKind,
      userEntered: c.userEntered, hrvKind: c.hrvKind,
      origin: Origin(file: c.file, record: c.record + lineShift))
  }

  @inline(__always)
  private static func id(
    of text: String, _ known: TextIdentityCache, _ table: inout TextPool
  ) -> UInt32 {
    if let id = known.value(of: text) { return id }
    let id = table.intern(text)
    known.remember(text, id)
    return id
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
