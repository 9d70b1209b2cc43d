import Foundation
import HealthModel

/// How a metric is shown to people: its name, display unit, decimals, and the transform
/// from the canonical value stored in tables to the displayed one.
public struct MetricPresentation: Sendable, Hashable {
  /// How canonical values become displayed values.
  public enum Transform: Sendable, Hashable {
    /// `display = canonical × factor` (percent from a fraction, hours from minutes).
    case scale(Double)
    /// `display = exp(canonical)`: HRV is averaged as ln(SDNN) and shown in ms, so a mean
    /// of the ln values is shown as the geometric mean in ms.
    case exponential
  }

  /// How displayed values are written.
  public enum Style: Sendable, Hashable {
    /// Fixed decimals.
    case plain
    /// Fixed decimals with thousands separators.
    case grouped
    /// Hours shown as `7h 12m`.
    case hoursMinutes
  }

  /// The metric.
  public var metric: MetricID
  /// Name for headings (`Resting heart rate`).
  public var name: String
  /// Display unit (`bpm`, `ms`, `h`).
  public var unit: String
  /// Decimals for values.
  public var decimals: Int
  /// Canonical → display.
  public var transform: Transform
  /// Text style.
  public var style: Style
  /// A sentence for chart descriptions about how the series is computed, or "".
  public var note: String
  /// The smallest value range a chart's axis shows (displayed units), so that day-to-day
  /// noise is not stretched into cliffs (docs/report.md, "Charts").
  public var minimumSpan: Double = 0
  /// Measured every few days rather than daily: the line joins the readings, because a
  /// 7-day average (4 days of 7) rarely exists.
  public var joinsReadings = false
  /// Words for a trend sentence: `higher`/`lower`, `longer`/`shorter`.
  public var more = "higher"
  /// See `more`.
  public var less = "lower"
  /// The name is plural (`Steps have been`).
  public var pluralName = false
  /// What one value is per (`a day`, `a night`), for trend sentences; "" for none.
  public var per = ""

  /// Whether every value is a whole number as shown (ticks then step by whole numbers).
  public var wholeNumbers: Bool { decimals == 0 && style != .hoursMinutes }

  /// The displayed value of a canonical value.
  public func display(_ canonical: Double) -> Double {
    switch transform {
    case .scale(let f): canonical * f
    case .exponential: exp(canonical)
    }
  }

  /// The canonical value of a displayed one (the inverse of `display`).
  public func canonical(_ displayed: Double) -> Double {
    switch transform {
    case .scale(let f): f == 0 ? displayed : displayed / f
    case .exponential: displayed > 0 ? log(displayed) : -Double.infinity
    }
  }

  /// A displayed value rounded to what `format` prints (whole minutes for durations).
  public func rounded(_ displayed: Double) -> Double {
    guard displayed.isFinite else { return displayed }
    switch style {
    case .hoursMinutes: return Double(NumberFormatting.roundHalfUp(displayed * 60)) / 60
    case .plain, .grouped: return Double(Numbers.fixed(displayed, decimals)) ?? displayed
    }
  }

  /// Displayed value as text without the unit.
  public func format(_ displayed: Double) -> String {
    switch style {
    case .plain: Numbers.fixed(displayed, decimals)
    case .grouped: Numbers.grouped(displayed, decimals)
    case .hoursMinutes: Numbers.duration(minutes: displayed * 60)
    }
  }

  /// Displayed value with its unit (`52 ms`, `7h 12m`, `8,412 steps`).
  public func formatWithUnit(_ displayed: Double) -> String {
    switch style {
    case .hoursMinutes: format(displayed)
    default: unit.isEmpty ? format(displayed) : format(displayed) + " " + unit
    }
  }

  /// A signed difference of displayed values with its unit (`+3 ms`, `-25m`).
  public func formatDifference(_ difference: Double) -> String {
    switch style {
    case .hoursMinutes: Numbers.signedDuration(minutes: difference * 60)
    case .grouped:
      Numbers.signed(difference, decimals, grouping: true) + (unit.isEmpty ? "" : " " + unit)
    case .plain: Numbers.signed(difference, decimals) + (unit.isEmpty ? "" : " " + unit)
    }
  }

  /// The presentation of a metric id. Its name, unit, decimals and scale are the words of
  /// the one vocabulary (`SeriesVocabulary`: `shownTitle`, `shownUnit`, `shownDecimals`,
  /// `scale`) for the catalog's metrics and the series listed here; what is the report's
  /// own is set here: HRV shown as ms from its ln values, sleep in hours and minutes,
  /// thousands separators, chart spans and trend words. Other series are shown by id.
  public static func of(_ metric: MetricID) -> MetricPresentation {
    var p = words(of: metric)
    switch metric {
    case .hrvLnSDNN:
      p.transform = .exponential
      p.note = "Daily HRV is the mean of ln(SDNN), shown in ms; averages are geometric means."
      p.minimumSpan = 12
    case .hrvLnRMSSD:
      p.transform = .exponential
      p.note = "Daily HRV is the mean of ln(RMSSD), shown in ms; averages are geometric means."
      p.minimumSpan = 12
    case .restingHeartRate: p.minimumSpan = 8
    case .sleepAsleep, .sleepInBed:
      (p.transform, p.style) = (.scale(1.0 / 60), .hoursMinutes)
      p.minimumSpan = 2
      (p.more, p.less, p.per) = ("longer", "shorter", "a night")
    case .steps:
      p.style = .grouped
      p.minimumSpan = 4000
      (p.pluralName, p.per) = (true, "a day")
    case .activeEnergy:
      p.style = .grouped
      p.minimumSpan = 300
      p.per = "a day"
    case .bodyMass:
      p.minimumSpan = 2
      p.joinsReadings = true
    case .respiratoryRate: p.minimumSpan = 3
    case .spo2: p.minimumSpan = 4
    case .hrvSDNN: p.minimumSpan = 12
    case .vo2Max:
      p.minimumSpan = 4
      p.joinsReadings = true
    case .wristTemperature: p.minimumSpan = 1
    case .bloodPressureSystolic, .bloodPressureDiastolic: p.minimumSpan = 20
    default: break
    }
    return p
  }

  /// The series outside the catalog whose words come from the vocabulary.
  private static let namedSeries: Set<MetricID> = [
    .hrvLnSDNN, .hrvLnRMSSD, .sleepAsleep, .sleepInBed,
  ]

  /// Name, unit, decimals and scale from the vocabulary; the id, no unit and one decimal
  /// for a series it does not name for reports.
  private static func words(of metric: MetricID) -> MetricPresentation {
    guard metric.info != nil || namedSeries.contains(metric),
      let w = SeriesVocabulary.format(of: metric)
    else {
      return MetricPresentation(
        metric: metric, name: metric.rawValue, unit: "", decimals: 1, transform: .scale(1),
        style: .plain, note: "")
    }
    return MetricPresentation(
      metric: metric, name: w.shownTitle, unit: w.shownUnit, decimals: w.shownDecimals,
      transform: .scale(w.scale), style: .plain, note: "")
  }
}
