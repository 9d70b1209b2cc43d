import Foundation

/// The words of one daily series healthpipe knows: its entry in `SeriesVocabulary`, the one
/// metric vocabulary (docs/architecture.md, "One vocabulary"). It says how the series is
/// written in the files people open (`daily.csv`, `weekly.csv`, `healthpipe export`, the
/// SQLite database): its column name, the ASCII title and unit word users know, the scale
/// from the stored value and the decimals that fit the metric (docs/interop.md, "Names,
/// units and decimals"); and how it is shown to people in reports, reject reasons and goal
/// texts: a typographic title (`VO₂ max`), the unit as shown (`steps`, `h`) and the
/// report's decimals. `MetricInfo.displayName`, `displayUnit`, `displayScale` and the
/// report's `MetricPresentation` read these fields; nothing else spells a metric's words.
///
/// Tables keep canonical units and full precision (`count/min`, fractions 0-1); a format
/// only changes how a number is written: `spo2` 0.964 is `96.4` in a column whose unit is
/// `%`, resting heart rate 52.333 is `52.3` with `bpm`.
public struct SeriesFormat: Sendable, Hashable {
  /// The metric id in tables (`restingHeartRate`).
  public var metric: MetricID
  /// The column name: the id in snake case (`resting_heart_rate`), the same in CSV headers
  /// and SQL.
  public var name: String
  /// A title for people (`Resting heart rate`).
  public var title: String
  /// The unit word people know (`bpm`, `breaths/min`, `%`, `ln ms`), as written in CSV
  /// headers and unit cells.
  public var unit: String
  /// The unit the tables store (`count/min`, `fraction`, `ln(ms)`: `SeriesUnits`).
  public var storedUnit: String
  /// Written value = stored value × scale (100 for fractions written as percent).
  public var scale: Double
  /// Decimals of a day's value (and of its means, SDs and changes).
  public var decimals: Int
  /// What a day's value is, in one or two sentences.
  public var description: String
  /// The title shown to people in reports and messages (`VO₂ max`, `HRV (SDNN)` for the
  /// ln(SDNN) series, `Sleep` for the raw sleep rows); `title` unless the entry says
  /// otherwise.
  public var shownTitle: String
  /// The unit shown to people after a value (`steps`, `bpm`, `h` for sleep shown in hours,
  /// `ms` for the ln HRV series shown as ms, "" for none); `unit` unless the entry says
  /// otherwise.
  public var shownUnit: String
  /// Decimals of a value shown in a report: one unless the entry says otherwise (the
  /// report's rule; the files keep `decimals`).
  public var shownDecimals: Int

  /// Creates a format.
  public init(
    _ metric: MetricID, _ title: String, unit: String, scale: Double = 1, decimals: Int,
    _ description: String, shown: String? = nil, shownUnit: String? = nil,
    shownDecimals: Int = 1
  ) {
    self.metric = metric
    self.name = ColumnNames.snakeCase(metric.rawValue)
    self.title = title
    self.unit = unit
    self.storedUnit = SeriesUnits.unit(of: metric)
    self.scale = scale
    self.decimals = decimals
    self.description = description
    self.shownTitle = shown ?? title
    self.shownUnit = shownUnit ?? unit
    self.shownDecimals = shownDecimals
  }

  /// A stored value as written: scaled, at `decimals` (`96.4` for 0.964 with scale 100).
  public func text(_ stored: Double) -> String {
    Self.text(stored, scale: scale, decimals: decimals)
  }

  /// `text(_:)` of a format with this scale and these decimals (for writers that keep a
  /// column's two numbers instead of copying its format per cell).
  @inlinable
  public static func text(_ stored: Double, scale: Double, decimals: Int) -> String {
    NumberFormatting.decimal(stored * scale, decimals)
  }

  /// `name [unit]`, the CSV header convention (`resting_heart_rate [bpm]`).
  public var header: String { ColumnNames.header(name, unit: unit) }
}
