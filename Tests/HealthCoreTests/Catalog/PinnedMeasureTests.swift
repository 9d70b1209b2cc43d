import HealthModel
import Testing

/// The pinned HRV follows the person's measure (docs/aggregate.md, "Pinned metrics").
@Suite struct PinnedMeasureTests {
  let defaults: [MetricID] = [.hrvLnSDNN, .restingHeartRate, .sleepAsleep]

  @Test("RMSSD and no SDNN: the HRV pin is ln(RMSSD), in its place")
  func rmssdOnly() {
    #expect(
      PinnedMetrics.measured(defaults, hasSDNN: false, hasRMSSD: true)
        == [.hrvLnRMSSD, .restingHeartRate, .sleepAsleep])
  }

  @Test("any SDNN, or no RMSSD, or RMSSD pinned already: the pins stay as given")
  func unchanged() {
    #expect(PinnedMetrics.measured(defaults, hasSDNN: true, hasRMSSD: true) == defaults)
    #expect(PinnedMetrics.measured(defaults, hasSDNN: false, hasRMSSD: false) == defaults)
    let both: [MetricID] = [.hrvLnSDNN, .hrvLnRMSSD]
    #expect(PinnedMetrics.measured(both, hasSDNN: false, hasRMSSD: true) == both)
  }
}
