import Foundation

/// The one resolver of pinned metrics (docs/aggregate.md, "Pinned metrics"): one alias table,
/// one default, one limit and one message for a name that pins nothing. The pipeline file's
/// `[aggregate] pinned` is checked with `parse` (the loader of `run`, `aggregate --pipeline`
/// and `check`), the aggregate stage resolves the names with `resolve` and writes the ids in
/// its facts, and the report reads those ids back with `recorded`.
public enum PinnedMetrics {
  /// The default names: `hrv`, `restingHeartRate`, `sleep`.
  public static let defaultNames = ["hrv", "restingHeartRate", "sleep"]

  /// The default pins: ln(SDNN), resting heart rate, asleep time.
  public static let defaults: [MetricID] = [.hrvLnSDNN, .restingHeartRate, .sleepAsleep]

  /// At most this many are pinned.
  public static let limit = 3

  /// Friendly names accepted besides the key metric ids themselves (case-insensitive).
  public static let aliases: [String: MetricID] = [
    "hrv": .hrvLnSDNN, "hrvsdnn": .hrvLnSDNN, "rhr": .restingHeartRate,
    "restingheartrate": .restingHeartRate, "sleep": .sleepAsleep, "asleep": .sleepAsleep,
    "steps": .steps, "energy": .activeEnergy, "activeenergy": .activeEnergy,
    "weight": .bodyMass, "bodymass": .bodyMass, "respiratoryrate": .respiratoryRate,
    "respiration": .respiratoryRate, "spo2": .spo2, "oxygen": .spo2,
    "hrvlnsdnn": .hrvLnSDNN, "sleepasleep": .sleepAsleep,
  ]

  /// The key metric a name means, or nil when it names none.
  public static func metric(named name: String) -> MetricID? {
    let key = name.trimmingCharacters(in: .whitespaces).lowercased()
    if let alias = aliases[key] { return alias }
    return MetricCatalog.keyMetrics.first { $0.rawValue.lowercased() == key }
  }

  /// The resolved list: known names in the given order, de-duplicated, at most `limit`; the
  /// default when none is known.
  public static func resolve(_ names: [String]) -> [MetricID] {
    resolve(names, reading: metric(named:))
  }

  /// The pins an aggregate wrote in its facts (`AggregateFacts.pinned`), as a report reads
  /// them: the names `resolve` knows and the person's own HRV measure `hrvLnRMSSD` that
  /// `measured` may have put in place of ln(SDNN); the default when none is known.
  public static func recorded(_ ids: [String]) -> [MetricID] {
    resolve(ids) { $0 == MetricID.hrvLnRMSSD.rawValue ? .hrvLnRMSSD : metric(named: $0) }
  }

  private static func resolve(_ names: [String], reading: (String) -> MetricID?) -> [MetricID] {
    var out: [MetricID] = []
    for name in names {
      guard let id = reading(name), !out.contains(id) else { continue }
      out.append(id)
      if out.count == limit { break }
    }
    return out.isEmpty ? defaults : out
  }

  /// Checks the names of a setting (the pipeline file's `pinned`): the one parser and
  /// message for every place pins are written. A name that pins nothing is an error with
  /// exit `code` at `location`, naming the closest names (`suggestion`).
  public static func parse(
    _ names: [String], origin: String = "pinned", code: ExitCode = .configError,
    at location: SourceLocation? = nil
  ) throws -> [String] {
    for name in names where metric(named: name) == nil {
      throw HealthError(
        code, "\(origin) metric '\(name)' is not known", at: location,
        hint: suggestion(for: name))
    }
    return names
  }

  /// What to write instead of a name that pins nothing: the closest names, or why a known
  /// metric cannot be pinned.
  public static func suggestion(for name: String) -> String {
    let choices = "pinned metrics are key metrics: " + aliasesShown.joined(separator: ", ")
    if metric(named: name) == nil, isOtherMetric(MetricID(name)) {
      return "only key metrics have the baselines a card shows; " + choices
    }
    let close = NameSuggestions.closest(
      to: name, in: aliasesShown + MetricCatalog.keyMetrics.map(\.rawValue))
    return (close.isEmpty ? "" : "did you mean " + close.joined(separator: ", ") + "? ") + choices
  }

  /// A metric with daily values that is not a key metric (the catalog's, or one the
  /// aggregate derives): known, but without baselines.
  private static func isOtherMetric(_ id: MetricID) -> Bool {
    id.info != nil || MetricID.derivedSeries.contains(id)
  }

  /// The friendly names listed in suggestions, one per key metric.
  static let aliasesShown = [
    "hrv", "restingHeartRate", "sleep", "steps", "energy", "weight", "respiration", "spo2",
  ]

  /// The names that were ignored (unknown), in order, for the manifest's notes.
  public static func ignored(_ names: [String]) -> [String] {
    names.filter { metric(named: $0) == nil }
  }
}
