import HealthCore

/// The key metrics a report's charts, week table and trends go through, with the person's
/// HRV measure: `hrvLnRMSSD` in place of `hrvLnSDNN` when the aggregate pinned it (a person
/// with RMSSD and no SDNN; docs/aggregate.md, "Pinned metrics"), so an Android report has
/// no SDNN chart and row that can never have data.
enum ReportKeyMetrics {
  /// `MetricCatalog.keyMetrics`, with ln(RMSSD) for ln(SDNN) when `pinned` holds it.
  static func of(pinned: [MetricID]) -> [MetricID] {
    guard pinned.contains(.hrvLnRMSSD) else { return MetricCatalog.keyMetrics }
    return MetricCatalog.keyMetrics.map { $0 == .hrvLnSDNN ? .hrvLnRMSSD : $0 }
  }
}
