import HealthCore
import HealthModel

/// How a number column is written in the CSV files healthpipe makes for people (`daily.csv`,
/// `weekly.csv`, `healthpipe export --format csv` without `--exact`): at a precision that
/// fits what it measures, never with a Double's binary noise (`14.399999999999999`)
/// (docs/interop.md, "Numbers").
public enum ExportNumberRule: Sendable, Hashable {
  /// A value of the row's metric: scaled and at the decimals of its `SeriesFormat` (a
  /// fraction as percent with 1 decimal, steps whole, ln(SDNN) with 4 decimals); a metric
  /// healthpipe does not know gets `SeriesVocabulary.unknownDigits` significant digits.
  case series
  /// Fixed decimals (percent changes, score parts).
  case fixed(Int)
  /// At most this many significant digits (sample-level values: every digit an input gave).
  case significant(Int)
}

/// The rule of each float column of each table kind, and which tables write their `unit`
/// column in the words people know (`bpm`, `%`).
public enum ExportNumberRules {
  /// The rule for a float column.
  public static func rule(_ kind: TableKind, column: String) -> ExportNumberRule {
    switch kind {
    case .samples, .rejects:
      return .significant(SeriesVocabulary.sampleDigits)
    case .daily, .baselines, .weekly:
      if column.hasSuffix("Percent") { return .fixed(1) }
      if column == "cv7" { return .fixed(2) }
      return .series
    case .scores:
      switch column {
      case "conditionZ", "bodyFatChange", "weightChangePercent": return .fixed(2)
      case "restingHRPenalty": return .fixed(1)
      default: return .fixed(3)  // the 0-1 parts of the sleep score
      }
    case .streaks:
      return .fixed(1)  // progress, percent
    case .habits:
      return .significant(SeriesVocabulary.sampleDigits)  // minutes and amounts as logged
    }
  }

  /// Whether the table's `unit` column holds canonical units of its rows' metrics, written
  /// in the words of `SeriesFormat.unit` (and values scaled to match).
  public static func writesUserUnits(_ kind: TableKind) -> Bool {
    kind == .daily || kind == .baselines || kind == .weekly
  }

  /// The text of `value` under `rule`, for a row whose metric formats as `series` (nil: a
  /// metric healthpipe does not know, or a unit other than the canonical one).
  public static func text(_ value: Double, _ rule: ExportNumberRule, series: SeriesFormat?)
    -> String
  {
    switch rule {
    case .series:
      if let series { return series.text(value) }
      return NumberFormatting.significant(value, SeriesVocabulary.unknownDigits)
    case .fixed(let decimals): return NumberFormatting.decimal(value, decimals)
    case .significant(let digits): return NumberFormatting.significant(value, digits)
    }
  }
}
