import Foundation
import HealthCore

/// Resolves the pinned metrics of the pipeline file (docs/aggregate.md, "Pinned metrics"): up to
/// three, names or aliases of key metrics, de-duplicated, unknown names ignored, falling back to
/// the default when none is left.
public enum PinnedMetrics {
  /// The default names: `hrv`, `restingHeartRate`, `sleep`.
  public static let defaultNames = ["hrv", "restingHeartRate", "sleep"]

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

  /// The resolved list: known names in the given order, de-duplicated, at most three; the
  /// default when none is known.
  public static func resolve(_ names: [String]) -> [MetricID] {
    var out: [MetricID] = []
    for name in names {
      guard let id = metric(named: name), !out.contains(id) else { continue }
      out.append(id)
      if out.count == limit { break }
    }
    return out.isEmpty ? defaultNames.compactMap(metric(named:)) : out
  }

  /// What to write instead of a name that pins nothing: the closest names, or why a known
  /// metric cannot be pinned.
  public static func suggestion(for name: String) -> String {
    let choices = "pinned metrics are key metrics: " + aliasesShown.joined(separator: ", ")
    if metric(named: name) == nil,
      MetricID(name).info != nil || GoalMetrics.names.contains(MetricID(name))
    {
      return "only key metrics have the baselines a card shows; " + choices
    }
    let close = NameSuggestions.closest(
      to: name, in: aliasesShown + MetricCatalog.keyMetrics.map(\.rawValue))
    return (close.isEmpty ? "" : "did you mean " + close.joined(separator: ", ") + "? ") + choices
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
