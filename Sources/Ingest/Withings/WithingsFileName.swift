import HealthModel

/// What a Withings daily or raw file holds: written only in its name
/// (`aggregates_steps.csv`, `raw_tracker_steps.csv`), so the name is read for it once the
/// content has shown the file is one of these (docs/ingest-withings.md, "Daily and raw
/// files").
enum WithingsFileName {
  /// What a quantity becomes.
  struct Quantity: Sendable {
    var metric: MetricID
    var unit: String
    /// Whether its values are sleep states (`raw_…_sleep-state`).
    var sleepStates = false
    /// Why the file is not read (GPS positions), or nil.
    var notRead: String? = nil
  }

  /// The file name without folders.
  static func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// `steps` for `…/aggregates_steps.csv`; nil when the name is not `aggregates_*.csv`.
  static func dailyQuantity(_ path: String) -> String? {
    let name = baseName(path)
    guard name.hasPrefix("aggregates_"), name.lowercased().hasSuffix(".csv") else { return nil }
    let q = name.dropFirst("aggregates_".count).dropLast(4)
    return q.isEmpty ? nil : String(q)
  }

  /// (`tracker`, `steps`) for `…/raw_tracker_steps.csv`; nil when the name is not
  /// `raw_<device>_<quantity>.csv`.
  static func rawQuantity(_ path: String) -> (device: String, quantity: String)? {
    let name = baseName(path)
    guard name.hasPrefix("raw_"), name.lowercased().hasSuffix(".csv") else { return nil }
    let rest = name.dropFirst(4).dropLast(4)
    guard let underscore = rest.firstIndex(of: "_") else { return nil }
    let device = rest[..<underscore]
    let quantity = rest[rest.index(after: underscore)...]
    guard !device.isEmpty, !quantity.isEmpty else { return nil }
    return (String(device), String(quantity))
  }

  /// What an `aggregates_<quantity>.csv` holds; a quantity healthpipe does not know is kept
  /// under `Withings <quantity>` with no unit.
  static func daily(_ quantity: String) -> Quantity {
    switch quantity.lowercased() {
    case "steps": Quantity(metric: .steps, unit: "count")
    case "distance": Quantity(metric: .distance, unit: "m")
    case "calories_earned": Quantity(metric: .activeEnergy, unit: "kcal")
    case "calories_passive": Quantity(metric: .basalEnergy, unit: "kcal")
    case "manual_spo2": Quantity(metric: .spo2, unit: "%")
    default: Quantity(metric: MetricID("Withings \(quantity)"), unit: "")
    }
  }

  /// What a `raw_<device>_<quantity>.csv` holds.
  static func raw(_ quantity: String) -> Quantity {
    let location = [
      "latitude", "longitude", "altitude", "gps-speed", "horizontal-radius", "vertical-radius",
      "direction",
    ]
    switch quantity.lowercased() {
    case "hr": return Quantity(metric: .heartRate, unit: "count/min")
    case "steps": return Quantity(metric: .steps, unit: "count")
    case "distance": return Quantity(metric: .distance, unit: "m")
    case "calories-earned": return Quantity(metric: .activeEnergy, unit: "kcal")
    case "respiratory-rate": return Quantity(metric: .respiratoryRate, unit: "count/min")
    case "auto_spo2", "spo2": return Quantity(metric: .spo2, unit: "%")
    case "sleep-state":
      return Quantity(metric: .sleep, unit: "min", sleepStates: true)
    case let q where location.contains(q):
      return Quantity(
        metric: MetricID("Withings \(quantity)"), unit: "",
        notRead: "GPS positions are not health data")
    default:
      return Quantity(metric: MetricID("Withings \(quantity)"), unit: "")
    }
  }

  /// The sleep stage of a Withings sleep state: 0 awake, 1 light, 2 deep, 3 REM.
  static func sleepStage(_ state: Double) -> SleepStage? {
    switch state {
    case 0: .awake
    case 1: .asleepCore
    case 2: .asleepDeep
    case 3: .asleepREM
    default: nil
    }
  }
}
