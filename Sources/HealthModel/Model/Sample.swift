/// One health sample: a row of the `samples` table.
///
/// After ingest, `value` and `unit` are as the input wrote them; after clean, `value` is in
/// the metric's canonical unit and `unit` says so. Time is epoch seconds plus the UTC offset
/// in force at the start (from `HKTimeZone` where present), which decides the local day.
public struct Sample: Hashable, Sendable {
  /// Catalog id, or the raw type name for types the catalog does not know.
  public var metric: MetricID
  /// Start, epoch seconds.
  public var start: Int64
  /// End, epoch seconds (equal to `start` for instantaneous readings).
  public var end: Int64
  /// UTC offset in seconds at the start.
  public var utcOffset: Int32
  /// The value (minutes for sleep and workouts).
  public var value: Double
  /// The day's minimum, where the input gave one (Health Auto Export heart rate).
  public var minimum: Double?
  /// The day's maximum, where the input gave one.
  public var maximum: Double?
  /// The unit of `value`, `minimum` and `maximum`.
  public var unit: String
  /// Category value: a `SleepStage` raw value for sleep, the activity type for workouts
  /// (`Running`), empty otherwise.
  public var category: String
  /// Source name as written (`Jane’s Apple Watch`), NBSPs kept.
  public var source: String
  /// Device description without the pointer: `name:…, model:…, hardware:…` where known.
  public var device: String
  /// What kind of device or process produced it.
  public var sourceKind: SourceKind
  /// Whether a person typed it in (`HKWasUserEntered`).
  public var userEntered: Bool
  /// SDNN or RMSSD for HRV metrics, none otherwise.
  public var hrvKind: HRVKind
  /// Where it came from.
  public var origin: Origin

  /// Creates a sample.
  @inlinable public init(
    metric: MetricID, start: Int64, end: Int64, utcOffset: Int32, value: Double,
    minimum: Double? = nil, maximum: Double? = nil, unit: String, category: String = "",
    source: String, device: String = "", sourceKind: SourceKind = .unknown,
    userEntered: Bool = false, hrvKind: HRVKind = .none, origin: Origin
  ) {
    self.metric = metric
    self.start = start
    self.end = end
    self.utcOffset = utcOffset
    self.value = value
    self.minimum = minimum
    self.maximum = maximum
    self.unit = unit
    self.category = category
    self.source = source
    self.device = device
    self.sourceKind = sourceKind
    self.userEntered = userEntered
    self.hrvKind = hrvKind
    self.origin = origin
  }

  /// Duration in seconds (never negative for a valid sample).
  @inlinable public var duration: Int64 { end - start }

  /// The local day of the start.
  @inlinable public var startDay: LocalDay { LocalDay(epochSeconds: start, utcOffset: utcOffset) }
}
