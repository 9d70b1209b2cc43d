import Testing

@testable import HealthModel

@Suite("Minimum meaningful change")
struct MinimumChangeTests {
  @Test("blood oxygen: 1 percentage point; the issue's 96.0 vs 96.1–96.9 % and 95.4 vs 95.5 %")
  func spo2() {
    // 96.0 % against a usual 96.5 %: 0.5 pp < 1 pp, about the same.
    #expect(MinimumChange.compare(0.960, with: 0.965, metric: .spo2) == .same)
    // The trend sentence's 95.4 vs 95.5 %: 0.1 pp.
    #expect(MinimumChange.compare(0.954, with: 0.955, metric: .spo2) == .same)
    // Exactly 1 pp is a change (0.95 − 0.96 is −0.010000000000000009 in binary: still 1 pp).
    #expect(MinimumChange.compare(0.95, with: 0.96, metric: .spo2) == .lower)
    #expect(MinimumChange.compare(0.97, with: 0.96, metric: .spo2) == .higher)
    #expect(MinimumChange.margin(for: .spo2) == 0.01)
  }

  @Test("resting heart rate 1 bpm, temperatures 0.1 °C, sleep 1 min, steps 1, weight 0.1 kg")
  func fixedMargins() {
    #expect(MinimumChange.compare(58, with: 57, metric: .restingHeartRate) == .higher)
    #expect(MinimumChange.compare(57.6, with: 57, metric: .restingHeartRate) == .same)
    #expect(MinimumChange.compare(35.45, with: 35.40, metric: .wristTemperature) == .same)
    #expect(MinimumChange.compare(35.5, with: 35.4, metric: .wristTemperature) == .higher)
    #expect(MinimumChange.compare(419.5, with: 420, metric: .sleepAsleep) == .same)
    #expect(MinimumChange.compare(419, with: 420, metric: .sleepAsleep) == .lower)
    #expect(MinimumChange.compare(8001, with: 8000, metric: .steps) == .higher)
    #expect(MinimumChange.compare(72.05, with: 72.0, metric: .bodyMass) == .same)
    #expect(MinimumChange.margin(for: .respiratoryRate) == 0.1)
    #expect(MinimumChange.margin(for: .bodyFat) == 0.001)
    // A vendor's own percentage: 1 point (64 % vs 65 % is a change, 64.5 % is not).
    #expect(MinimumChange.compare(0.64, with: 0.65, metric: .whoopRecovery) == .lower)
    #expect(MinimumChange.compare(0.645, with: 0.65, metric: .whoopRecovery) == .same)
    // Garmin's own 0-100 scores: 1 point (a stress mean of 31.6 vs 31 is the same).
    #expect(MinimumChange.compare(31.6, with: 31, metric: .garminStressLevel) == .same)
    #expect(MinimumChange.compare(62, with: 61, metric: .garminBodyBattery) == .higher)
    #expect(MinimumChange.compare(79, with: 80, metric: .garminSleepScore) == .lower)
    #expect(MinimumChange.margin(for: .garminMaxHeartRate) == 1)
  }

  @Test("HRV: half the reference SD of the ln values; no reference, no meaningful change")
  func hrv() {
    // SD 0.2 → margin 0.1 ln ms (about 10 %): 3.9 vs 3.8 reaches it, 3.85 vs 3.8 does not.
    #expect(MinimumChange.margin(for: .hrvLnSDNN, referenceSD: 0.2) == 0.1)
    #expect(MinimumChange.compare(3.9, with: 3.8, metric: .hrvLnSDNN, referenceSD: 0.2) == .higher)
    #expect(MinimumChange.compare(3.85, with: 3.8, metric: .hrvLnSDNN, referenceSD: 0.2) == .same)
    #expect(MinimumChange.margin(for: .hrvLnSDNN) == nil)
    #expect(MinimumChange.compare(4.5, with: 3.8, metric: .hrvLnSDNN) == .same)
    #expect(MinimumChange.rule(for: .hrvLnSDNN) == .halfReferenceSD)
  }

  @Test("a metric outside the table: every difference counts, none when equal")
  func unknown() {
    let zinc = MetricID("HKQuantityTypeIdentifierDietaryZinc")
    #expect(MinimumChange.margin(for: zinc) == 0)
    #expect(MinimumChange.compare(1.0001, with: 1, metric: zinc) == .higher)
    #expect(MinimumChange.compare(1, with: 1, metric: zinc) == .same)
  }

  @Test("the usual range is never narrower than the margin on each side")
  func rangeHalfWidth() {
    // SpO₂ with SD 0.8 pp: 0.5 SD = 0.4 pp < 1 pp → 1 pp each side.
    #expect(MinimumChange.rangeHalfWidth(metric: .spo2, sd: 0.008, sdMultiple: 0.5) == 0.01)
    // Steps with SD 1,000: 500 > 1 step.
    #expect(MinimumChange.rangeHalfWidth(metric: .steps, sd: 1000, sdMultiple: 0.5) == 500)
    // HRV: the margin is 0.5 SD itself, so the range is unchanged.
    #expect(MinimumChange.rangeHalfWidth(metric: .hrvLnSDNN, sd: 0.3, sdMultiple: 0.5) == 0.15)
  }
}
