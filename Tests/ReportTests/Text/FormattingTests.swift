import Foundation
import HealthCore
import HealthModel
import Testing

@testable import Report

@Suite("Number text, escaping")
struct FormattingTests {
  @Test("fixed, grouped, signed and durations are deterministic ASCII")
  func numbers() {
    #expect(Numbers.grouped(12_345.6, 0) == "12,346")
    #expect(Numbers.grouped(-1_234_567.891, 2) == "-1,234,567.89")
    #expect(Numbers.grouped(999, 0) == "999")
    #expect(Numbers.signed(3.24, 1) == "+3.2")
    #expect(Numbers.signed(-0.04, 1) == "0.0")  // rounds to zero: no sign
    #expect(Numbers.signed(0, 0) == "0")
    // 432 min = 7 h 12 min; 45 min stays minutes; 60 min is 1h 00m.
    #expect(Numbers.duration(minutes: 432) == "7h 12m")
    #expect(Numbers.duration(minutes: 45) == "45m")
    #expect(Numbers.duration(minutes: 60) == "1h 00m")
    #expect(Numbers.signedDuration(minutes: -85) == "-1h 25m")
  }

  @Test("escaping covers the five markup characters and Markdown's specials")
  func escaping() {
    #expect(Markup.escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
    #expect(Markup.escape("plain") == "plain")
    #expect(Markup.escapeMarkdown("a|b*c_d") == "a\\|b\\*c\\_d")
    #expect(Markup.slug("hrv LnSDNN/2") == "hrv-LnSDNN-2")
  }

  @Test("HRV shows ln values as ms, SpO2 fractions as percent, sleep as hours and minutes")
  func presentation() {
    let hrv = MetricPresentation.of(.hrvLnSDNN)
    #expect(hrv.formatWithUnit(hrv.display(log(52.0))) == "52 ms")
    let spo2 = MetricPresentation.of(.spo2)
    #expect(spo2.formatWithUnit(spo2.display(0.974)) == "97.4 %")
    let sleep = MetricPresentation.of(.sleepAsleep)
    #expect(sleep.formatWithUnit(sleep.display(399)) == "6h 39m")
  }

  @Test("facts are read defensively: unknown pins dropped, missing facts not available")
  func facts() {
    let m = ReportMeta(
      AggregateFacts(
        pinned: ["bogus", "hrv", "hrv", "steps", "spo2", "bodyMass"],
        quality: DataQualityFacts(
          rejected: 7, rejectedByCode: ["out-of-range": 5, "bad-date": 2, "unknown-unit": 0],
          sources: ["A", "B"])))
    #expect(m.asOf == nil)
    // Unknown names dropped, duplicates removed, at most three.
    #expect(m.pinned == [.hrvLnSDNN, .steps, .spo2])
    #expect(m.recordsRead == nil)
    // A code with no rejects is not a reason.
    #expect(m.rejectedByReason.map(\.code) == ["bad-date", "out-of-range"])
    #expect(m.rejected == 7)
    #expect(m.sources == ["A", "B"])
    #expect(ReportMeta(AggregateFacts()).pinned == PinnedMetrics.defaults)
    // The names the aggregate resolves are the names the report reads back: `weight` is
    // bodyMass and `heartRate` (no baselines) is not a pin, for both.
    let facts = AggregateFacts(pinned: ["weight", "heartRate", "rhr"])
    #expect(ReportMeta(facts).pinned == [.bodyMass, .restingHeartRate])
  }
}

/// The report's names, units and decimals are the vocabulary's shown words.
@Suite struct PresentationVocabularyTests {
  @Test("key metrics and the measurements: names, units and decimals worked out by hand")
  func words() {
    let expected: [(MetricID, String, String, Int)] = [
      (.hrvLnSDNN, "HRV (SDNN)", "ms", 0), (.restingHeartRate, "Resting heart rate", "bpm", 0),
      (.sleepAsleep, "Sleep", "h", 1), (.steps, "Steps", "steps", 0),
      (.activeEnergy, "Active energy", "kcal", 0), (.bodyMass, "Weight", "kg", 1),
      (.spo2, "Blood oxygen", "%", 1), (.vo2Max, "VO₂ max", "mL/kg/min", 1),
      (.wristTemperature, "Wrist temperature", "°C", 2),
      (.bloodPressureSystolic, "Blood pressure (systolic)", "mmHg", 0),
      (.flightsClimbed, "Flights climbed", "flights", 1), ("sleepCore", "sleepCore", "", 1),
    ]
    for (id, name, unit, decimals) in expected {
      let p = MetricPresentation.of(id)
      #expect((p.name, p.unit, p.decimals) == (name, unit, decimals), "\(id)")
    }
  }
}
