import Foundation
import HealthCore

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

  /// The presentation of a metric id; catalog metrics not listed here use the catalog's
  /// display name, unit and scale with one decimal.
  public static func of(_ metric: MetricID) -> MetricPresentation {
    func make(
      _ name: String, _ unit: String, _ decimals: Int, _ transform: Transform = .scale(1),
      _ style: Style = .plain, note: String = ""
    ) -> MetricPresentation {
      MetricPresentation(
        metric: metric, name: name, unit: unit, decimals: decimals, transform: transform,
        style: style, note: note)
    }
    var p: MetricPresentation
    switch metric {
    case .hrvLnSDNN:
      p = make(
        "HRV (SDNN)", "ms", 0, .exponential,
        note: "Daily HRV is the mean of ln(SDNN), shown in ms; averages are geometric means.")
      p.minimumSpan = 12
    case .hrvLnRMSSD:
      p = make(
        "HRV (RMSSD)", "ms", 0, .exponential,
        note: "Daily HRV is the mean of ln(RMSSD), shown in ms; averages are geometric means.")
      p.minimumSpan = 12
    case .restingHeartRate:
      p = make("Resting heart rate", "bpm", 0)
      p.minimumSpan = 8
    case .sleepAsleep:
      p = make("Sleep", "h", 1, .scale(1.0 / 60), .hoursMinutes)
      p.minimumSpan = 2
      (p.more, p.less, p.per) = ("longer", "shorter", "a night")
    case .sleepInBed:
      p = make("Time in bed", "h", 1, .scale(1.0 / 60), .hoursMinutes)
      p.minimumSpan = 2
      (p.more, p.less, p.per) = ("longer", "shorter", "a night")
    case .steps:
      p = make("Steps", "steps", 0, .scale(1), .grouped)
      p.minimumSpan = 4000
      (p.pluralName, p.per) = (true, "a day")
    case .activeEnergy:
      p = make("Active energy", "kcal", 0, .scale(1), .grouped)
      p.minimumSpan = 300
      p.per = "a day"
    case .bodyMass:
      p = make("Weight", "kg", 1)
      p.minimumSpan = 2
      p.joinsReadings = true
    case .respiratoryRate:
      p = make("Respiratory rate", "breaths/min", 1)
      p.minimumSpan = 3
    case .spo2:
      p = make("Blood oxygen", "%", 1, .scale(100))
      p.minimumSpan = 4
    case .hrvSDNN:
      p = make("HRV (SDNN)", "ms", 0)
      p.minimumSpan = 12
    case .vo2Max:
      p = make("VO₂ max", "mL/kg/min", 1)
      p.minimumSpan = 4
      p.joinsReadings = true
    case .wristTemperature:
      p = make("Wrist temperature", "°C", 2)
      p.minimumSpan = 1
    case .bloodPressureSystolic:
      p = make("Blood pressure (systolic)", "mmHg", 0)
      p.minimumSpan = 20
    case .bloodPressureDiastolic:
      p = make("Blood pressure (diastolic)", "mmHg", 0)
      p.minimumSpan = 20
    default:
      if let info = metric.info {
        p = make(info.displayName, info.displayUnit, 1, .scale(info.displayScale))
      } else {
        p = make(metric.rawValue, "", 1)
      }
    }
    return p
  }

  /// Resolves a pinned-metric name from the pipeline file to a series id: `hrv` and
  /// `hrvSDNN` are the ln(SDNN) series, `sleep` is asleep time; other names pass through.
  public static func resolvePinned(_ name: String) -> MetricID {
    switch name.lowercased() {
    case "hrv", "hrvsdnn", "hrvlnsdnn": .hrvLnSDNN
    case "sleep", "sleepasleep": .sleepAsleep
    case "rhr", "restingheartrate": .restingHeartRate
    default: MetricID(name)
    }
  }
}
