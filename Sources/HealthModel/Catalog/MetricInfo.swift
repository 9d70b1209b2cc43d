/// One entry of the metric catalog: how a metric is named in every input format, its kind,
/// its canonical unit and how days aggregate it. Its words for people (title, unit as
/// shown, scale) are its entry in `SeriesVocabulary`, the one metric vocabulary.
public struct MetricInfo: Sendable, Hashable {
  /// The catalog id used in tables.
  public var id: MetricID
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
  /// The HRV kind of this metric's samples.
  public var hrvKind: HRVKind

  /// Creates an entry.
  public init(
    _ id: MetricID, kind: MetricKind, aggregation: DailyAggregation,
    unit canonicalUnit: String, apple: [String] = [], autoExport: [String] = [],
    columns: [String] = [],
    hrv: HRVKind = .none
  ) {
    self.id = id
    self.kind = kind
    self.aggregation = aggregation
    self.canonicalUnit = canonicalUnit
    self.appleTypes = apple
    self.autoExportNames = autoExport
    self.autoExportColumns = columns
    self.hrvKind = hrv
  }

  /// The metric's entry in the one vocabulary (every catalog metric has one: a test checks).
  public var words: SeriesFormat? { SeriesVocabulary.format(of: id) }
  /// Human-readable name for reports (`Resting heart rate`): the vocabulary's shown title.
  public var displayName: String { words?.shownTitle ?? id.rawValue }
  /// Short unit label for reports and messages (`bpm`, `%`, `kg`): the vocabulary's shown
  /// unit.
  public var displayUnit: String { words?.shownUnit ?? canonicalUnit }
  /// Multiply a canonical value by this for display (100 for fractions shown as %): the
  /// vocabulary's scale.
  public var displayScale: Double { words?.scale ?? 1 }
}
