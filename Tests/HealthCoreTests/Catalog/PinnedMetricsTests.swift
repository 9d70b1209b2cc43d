import HealthModel
import Testing

/// The one pinned-metrics resolver (docs/aggregate.md, "Pinned metrics"): the aggregate's
/// resolution of the settings and the report's reading of the facts agree name for name.
@Suite struct PinnedMetricsTests {
  @Test("the report reads back exactly the pins the aggregate resolved, for any names")
  func recordedAgreesWithResolve() {
    // Each list worked out by hand from the alias table: `weight` is bodyMass, `rhr` is
    // restingHeartRate, `heartRate` has no baselines (not pinnable), `Steps` repeats steps.
    let cases: [[String]: [MetricID]] = [
      ["weight", "rhr"]: [.bodyMass, .restingHeartRate],
      ["heartRate"]: [.hrvLnSDNN, .restingHeartRate, .sleepAsleep],
      ["steps", "Steps", "oxygen", "energy", "sleep"]: [.steps, .spo2, .activeEnergy],
      ["sleepInBed", "respiration"]: [.respiratoryRate],
    ]
    for (names, expected) in cases {
      #expect(PinnedMetrics.resolve(names) == expected, "\(names)")
      let ids = PinnedMetrics.resolve(names).map(\.rawValue)
      #expect(PinnedMetrics.recorded(ids) == expected, "\(names)")
    }
  }

  @Test("the aggregate's ln(RMSSD) pin is read back in its place")
  func recordedKeepsTheMeasure() {
    let pins = PinnedMetrics.measured(PinnedMetrics.defaults, hasSDNN: false, hasRMSSD: true)
    #expect(PinnedMetrics.recorded(pins.map(\.rawValue)) == pins)
    #expect(pins == [.hrvLnRMSSD, .restingHeartRate, .sleepAsleep])
    #expect(
      PinnedMetrics.keyMetrics(measuredAs: pins).prefix(2) == [.hrvLnRMSSD, .restingHeartRate])
    #expect(PinnedMetrics.keyMetrics(measuredAs: PinnedMetrics.defaults).first == .hrvLnSDNN)
  }

  @Test("the default is the default names resolved")
  func defaults() {
    #expect(PinnedMetrics.resolve(PinnedMetrics.defaultNames) == PinnedMetrics.defaults)
    #expect(PinnedMetrics.recorded([]) == PinnedMetrics.defaults)
  }

  @Test("one message for a name that pins nothing, with the closest names or why not")
  func message() throws {
    #expect(try PinnedMetrics.parse(["hrv", " Steps "]) == ["hrv", " Steps "])
    let location = SourceLocation(file: "p.pipeline", line: 4)
    #expect {
      try PinnedMetrics.parse(["hrv", "stpes"], at: location)
    } throws: { error in
      guard let e = error as? HealthError else { return false }
      return e.code == .configError && e.location?.line == 4
        && e.message == "pinned metric 'stpes' is not known"
        && e.hint == "did you mean steps? pinned metrics are key metrics: hrv, "
          + "restingHeartRate, sleep, steps, energy, weight, respiration, spo2"
    }
    #expect {
      try PinnedMetrics.parse(["heartRate"])
    } throws: { error in
      (error as? HealthError)?.hint?.hasPrefix("only key metrics have the baselines") == true
    }
  }

  @Test("pinned metrics: up to three, aliases, de-duplicated, unknown ignored, default fallback")
  func pinned() {
    #expect(
      PinnedMetrics.resolve(PinnedMetrics.defaultNames) == [
        .hrvLnSDNN, .restingHeartRate, .sleepAsleep,
      ])
    #expect(
      PinnedMetrics.resolve(["steps", "weight", "Steps", "bogus", "spo2", "hrv"]) == [
        .steps, .bodyMass, .spo2,
      ])
    #expect(
      PinnedMetrics.resolve(["bogus", "nothing"]) == [.hrvLnSDNN, .restingHeartRate, .sleepAsleep])
    #expect(PinnedMetrics.resolve([]) == [.hrvLnSDNN, .restingHeartRate, .sleepAsleep])
    #expect(PinnedMetrics.resolve(["respiratoryRate"]) == [.respiratoryRate])
    #expect(PinnedMetrics.ignored(["steps", "bogus"]) == ["bogus"])
  }
}
