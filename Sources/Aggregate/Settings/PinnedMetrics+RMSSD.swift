import HealthCore

extension PinnedMetrics {
  /// The pins with the person's own HRV measure: `hrvLnSDNN` becomes `hrvLnRMSSD` for a
  /// person with RMSSD readings (Health Connect, Oura, WHOOP, Fitbit) and no SDNN at all,
  /// the measure the condition score then uses (docs/aggregate.md, "Condition score: SDNN
  /// or RMSSD"). Without it an Android report pinned an "HRV (SDNN)" card that could never
  /// have data, and its first-week note promised an SDNN average for the next days.
  public static func measured(_ pinned: [MetricID], hasSDNN: Bool, hasRMSSD: Bool)
    -> [MetricID]
  {
    guard !hasSDNN, hasRMSSD, !pinned.contains(.hrvLnRMSSD) else { return pinned }
    return pinned.map { $0 == .hrvLnSDNN ? .hrvLnRMSSD : $0 }
  }
}
