import HealthModel

/// Decides the day's injected defects: exact duplicates, impossible values and records
/// dated after the export, at rates that give a handful per month.
enum DefectPlanner {
  /// Types that get duplicated (a hand entry is sometimes saved eight times).
  static let duplicateTypes: [SyntheticRecordType] = [
    .heartRate, .steps, .activeEnergy, .bodyMass, .sleepAnalysis, .hrv, .oxygenSaturation,
    .distance,
  ]
  /// Types that get an impossible value.
  static let outOfRangeTypes: [SyntheticRecordType] = [
    .heartRate, .oxygenSaturation, .steps, .respiratoryRate, .hrv, .bodyMass, .wristTemperature,
  ]
  /// Types that get a record dated after the export.
  static let futureTypes: [SyntheticRecordType] = [.bodyMass, .heartRate, .steps]

  static func plan(rng: inout SeededRandom) -> DefectPlan {
    var plan = DefectPlan()
    if rng.chance(0.07) {
      let type = duplicateTypes[rng.int(0...(duplicateTypes.count - 1))]
      plan.duplicateType = type
      plan.duplicatePick = rng.int(0...10_000)
      plan.copies = type == .bodyMass && rng.chance(0.3) ? 8 : 2
    }
    if rng.chance(0.05) {
      plan.outOfRangeType = outOfRangeTypes[rng.int(0...(outOfRangeTypes.count - 1))]
    }
    if rng.chance(1.0 / 40) {
      plan.futureType = futureTypes[rng.int(0...(futureTypes.count - 1))]
    }
    return plan
  }
}
