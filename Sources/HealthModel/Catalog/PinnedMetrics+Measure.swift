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

  /// The key metrics a report's charts, week table and trends go through, with the
  /// person's HRV measure: `MetricCatalog.keyMetrics` with ln(RMSSD) for ln(SDNN) when
  /// `pinned` holds it, so an Android report has no SDNN chart and row that can never have
  /// data.
  public static func keyMetrics(measuredAs pinned: [MetricID]) -> [MetricID] {
    guard pinned.contains(.hrvLnRMSSD) else { return MetricCatalog.keyMetrics }
    return MetricCatalog.keyMetrics.map { $0 == .hrvLnSDNN ? .hrvLnRMSSD : $0 }
  }
}
