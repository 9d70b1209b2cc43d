/// One entry of the metric catalog: how a metric is named in every input format, its kind,
/// its canonical unit and how days aggregate it.
public struct MetricInfo: Sendable, Hashable {
  /// The catalog id used in tables.
  public var id: MetricID
  /// Human-readable name for reports (`Resting heart rate`).
  public var displayName: String
  /// Apple HealthKit type identifiers that map here (`HKQuantityTypeIdentifierStepCount`).
  public var appleTypes: [String]
  /// Health Auto Export JSON metric names (`step_count`).
  public var autoExportNames: [String]
  /// Health Auto Export CSV column names without the unit (`Step Count`).
  public var autoExportColumns: [String]
  /// Behaviour over time.
  public var kind: MetricKind
  /// Daily aggregation.
  public var aggregation: DailyAggregation
  /// The canonical unit string (`kcal`, `km`, `count/min`, `fraction`, ...).
  public var canonicalUnit: String
  /// Short unit label for reports (`bpm`, `%`, `kg`).
  public var displayUnit: String
  /// Multiply a canonical value by this for display (100 for fractions shown as %).
  public var displayScale: Double
  /// The HRV kind of this metric's samples.
  public var hrvKind: HRVKind

  /// Creates an entry.
  public init(
    _ id: MetricID, _ displayName: String, kind: MetricKind, aggregation: DailyAggregation,
    unit canonicalUnit: String, display displayUnit: String? = nil, displayScale: Double = 1,
    apple: [String] = [], autoExport: [String] = [], columns: [String] = [],
    hrv: HRVKind = .none
  ) {
    self.id = id
    self.displayName = displayName
    self.kind = kind
    self.aggregation = aggregation
    self.canonicalUnit = canonicalUnit
    self.displayUnit = displayUnit ?? canonicalUnit
    self.displayScale = displayScale
    self.appleTypes = apple
    self.autoExportNames = autoExport
    self.autoExportColumns = columns
    self.hrvKind = hrv
  }
}
