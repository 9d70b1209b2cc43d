import Foundation
import HealthModel
import Testing

@testable import Aggregate

@Suite("Daily values")
struct DailyValueTests {
  func daily(_ samples: [Sample], asOf: String = "2030-01-01") -> DailyData {
    let a = DailyAggregator(asOf: S.day(asOf))
    a.add(contentsOf: samples)
    return a.finish()
  }

  @Test("DST spring-forward day (23 h) is one day: not two, not zero")
  func springForward() {
    // America/Los_Angeles, 2024-03-10: 02:00 PST jumps to 03:00 PDT.
    let d = daily([
      S.sample(.heartRate, "2024-03-09 23:30:00 -0800", value: 100),
      S.sample(.heartRate, "2024-03-10 00:30:00 -0800", value: 60),
      S.sample(.heartRate, "2024-03-10 23:30:00 -0700", value: 80),
      S.sample(.heartRate, "2024-03-11 00:10:00 -0700", value: 50),
      // Health Auto Export daily row: local midnight to local midnight, 23 h.
      S.sample(.steps, "2024-03-10 00:00:00 -0800", minutes: 23 * 60, value: 5000),
      // 23:50-00:10 PDT: 100 steps on each side of midnight.
      S.sample(.steps, "2024-03-10 23:50:00 -0700", minutes: 20, value: 200),
    ]).values
    #expect(S.days(d, .heartRate) == ["2024-03-09", "2024-03-10", "2024-03-11"])
    let hr = S.value(d, .heartRate, "2024-03-10")
    #expect(hr?.value == 70)  // (60 + 80) / 2
    #expect(hr?.count == 2)
    #expect(hr?.minimum == 60)
    #expect(hr?.maximum == 80)
    #expect(S.days(d, .steps) == ["2024-03-10", "2024-03-11"])
    #expect(S.value(d, .steps, "2024-03-10")?.value == 5100)  // 5000 + 100
    #expect(S.value(d, .steps, "2024-03-10")?.count == 2)
    #expect(S.value(d, .steps, "2024-03-11")?.value == 100)
  }

  @Test("DST fall-back day (25 h) is one day: not two, not zero")
  func fallBack() {
    // 2024-11-03: 02:00 PDT falls back to 01:00 PST; 01:30 happens twice.
    let d = daily([
      S.sample(.heartRate, "2024-11-03 01:30:00 -0700", value: 60),
      S.sample(.heartRate, "2024-11-03 01:30:00 -0800", value: 70),
      S.sample(.heartRate, "2024-11-03 23:30:00 -0800", value: 80),
      S.sample(.steps, "2024-11-03 00:00:00 -0700", minutes: 25 * 60, value: 7500),
    ]).values
    #expect(S.days(d, .heartRate) == ["2024-11-03"])
    #expect(S.value(d, .heartRate, "2024-11-03")?.value == 70)  // (60 + 70 + 80) / 3
    #expect(S.value(d, .heartRate, "2024-11-03")?.count == 3)
    #expect(S.days(d, .steps) == ["2024-11-03"])
    #expect(S.value(d, .steps, "2024-11-03")?.value == 7500)
  }

  @Test("a week of travel three hours east: each sample counts on its own local date")
  func travelEast() {
    // 3-5 June in Los Angeles (-0700), 6-9 June in New York (-0400). Readings at 00:30 and
    // 23:30 local each day. With one fixed offset the New York 00:30 readings would fall on
    // the previous day (21:30 in Los Angeles).
    var samples: [Sample] = []
    for day in 3...9 {
      let zone = day <= 5 ? "-0700" : "-0400"
      let date = "2024-06-0\(day)"
      samples.append(S.sample(.restingHeartRate, "\(date) 00:30:00 \(zone)", value: 50))
      samples.append(S.sample(.restingHeartRate, "\(date) 23:30:00 \(zone)", value: 60))
    }
    // Steps across New York midnight: 10 minutes each side.
    samples.append(S.sample(.steps, "2024-06-07 23:50:00 -0400", minutes: 20, value: 300))
    let d = daily(samples).values
    let rhr = d.filter { $0.metric == .restingHeartRate }
    #expect(rhr.map(\.day.description) == (3...9).map { "2024-06-0\($0)" })
    #expect(rhr.allSatisfy { $0.count == 2 && $0.value == 55 })
    #expect(S.value(d, .steps, "2024-06-07")?.value == 150)
    #expect(S.value(d, .steps, "2024-06-08")?.value == 150)
  }

  @Test("last value for body metrics by start time, whatever the row order")
  func lastValue() {
    let d = daily([
      S.sample(.bodyMass, "2024-06-03 21:00:00 -0700", value: 80.4),
      S.sample(.bodyMass, "2024-06-03 07:00:00 -0700", value: 80.9),
      S.sample(.vo2Max, "2024-06-03 07:00:00 -0700", value: 41),
      S.sample(.vo2Max, "2024-06-03 09:00:00 -0700", value: 42),
    ]).values
    #expect(S.value(d, .bodyMass, "2024-06-03")?.value == 80.4)
    #expect(S.value(d, .bodyMass, "2024-06-03")?.count == 2)
    #expect(S.value(d, .bodyMass, "2024-06-03")?.minimum == nil)
    #expect(S.value(d, .vo2Max, "2024-06-03")?.value == 42)
  }

  @Test("mean keeps a sample's own min and max (Health Auto Export heart rate)")
  func meanWithSampleRange() {
    let d = daily([
      S.sample(.heartRate, "2024-06-03 00:00:00 -0700", value: 64, min: 48, max: 150),
      S.sample(.heartRate, "2024-06-03 12:00:00 -0700", value: 70),
    ]).values
    let hr = S.value(d, .heartRate, "2024-06-03")
    #expect(hr?.value == 67)
    #expect(hr?.minimum == 48)
    #expect(hr?.maximum == 150)
  }

  @Test("hrvLnSDNN is the mean of ln(SDNN); RMSSD stays in its own series")
  func hrv() {
    let d = daily([
      S.sample(.hrvSDNN, "2024-06-03 03:00:00 -0700", value: 40, hrv: .sdnn),
      S.sample(.hrvSDNN, "2024-06-03 05:00:00 -0700", value: 60, hrv: .sdnn),
      S.sample(.hrvRMSSD, "2024-06-03 04:00:00 -0700", value: 30, hrv: .rmssd),
    ]).values
    // (ln 40 + ln 60) / 2 = ln(sqrt(40 * 60)) = 0.5 * ln 2400.
    let ln = S.value(d, .hrvLnSDNN, "2024-06-03")
    #expect(close(ln?.value, 0.5 * log(2400.0), 1e-12))
    #expect(ln?.count == 2)
    #expect(ln?.unit == "ln(ms)")
    #expect(S.value(d, .hrvSDNN, "2024-06-03")?.value == 50)
    #expect(S.value(d, .hrvRMSSD, "2024-06-03")?.value == 30)
    #expect(S.value(d, .hrvRMSSD, "2024-06-03")?.count == 1)
  }

  @Test("raw metrics the catalog does not know: amounts summed, others averaged, units apart")
  func unknownMetrics() {
    let d = daily([
      S.sample("protein", "2024-06-03 08:00:00 -0700", value: 20, unit: "g"),
      S.sample("protein", "2024-06-03 19:00:00 -0700", value: 30, unit: "g"),
      S.sample(
        "HKQuantityTypeIdentifierSomething", "2024-06-03 08:00:00 -0700", value: 100, unit: "mmHg"),
      S.sample(
        "HKQuantityTypeIdentifierSomething", "2024-06-03 09:00:00 -0700", value: 120, unit: "mmHg"),
      S.sample("zinc", "2024-06-03 08:00:00 -0700", value: 5, unit: "mg"),
      S.sample("zinc", "2024-06-03 09:00:00 -0700", value: 700, unit: "ug"),
    ]).values
    #expect(S.value(d, "protein", "2024-06-03")?.value == 50)
    #expect(S.value(d, "protein", "2024-06-03")?.unit == "g")
    let other = S.value(d, "HKQuantityTypeIdentifierSomething", "2024-06-03")
    #expect(other?.value == 110)
    #expect(other?.minimum == 100)
    #expect(other?.maximum == 120)
    #expect(S.value(d, "zinc", "2024-06-03", "mg")?.value == 5)
    #expect(S.value(d, "zinc", "2024-06-03", "ug")?.value == 700)
  }

  @Test(
    "HealthKit types the catalog passes through follow Apple's style: discrete ones are averaged whatever their unit"
  )
  func healthKitStyles() {
    let uv: MetricID = "HKQuantityTypeIdentifierUVExposure"
    let audio: MetricID = "HKQuantityTypeIdentifierEnvironmentalAudioExposure"
    let falls: MetricID = "HKQuantityTypeIdentifierNumberOfTimesFallen"
    let d = daily([
      // UV index 2, 5 and 8 (unit count, discrete): mean 5, min 2, max 8; not 15.
      S.sample(uv, "2024-06-03 10:00:00 -0700", minutes: 60, value: 2, unit: "count"),
      S.sample(uv, "2024-06-03 12:00:00 -0700", minutes: 60, value: 5, unit: "count"),
      S.sample(uv, "2024-06-03 14:00:00 -0700", minutes: 60, value: 8, unit: "count"),
      // 60 and 70 dBASPL: mean 65.
      S.sample(audio, "2024-06-03 09:00:00 -0700", minutes: 30, value: 60, unit: "dBASPL"),
      S.sample(audio, "2024-06-03 17:00:00 -0700", minutes: 30, value: 70, unit: "dBASPL"),
      // Falls (count, cumulative): 1 + 1 = 2.
      S.sample(falls, "2024-06-03 08:00:00 -0700", value: 1, unit: "count"),
      S.sample(falls, "2024-06-03 20:00:00 -0700", value: 1, unit: "count"),
      // Health Auto Export's names: the CSV column `Walking Step Length` in inches (a length,
      // which the unit rule would add up) and the JSON `walking_speed`: both discrete.
      S.sample("Walking Step Length", "2024-06-03 00:00:00 -0700", value: 28, unit: "in"),
      S.sample("Walking Step Length", "2024-06-03 12:00:00 -0700", value: 30, unit: "in"),
      S.sample("walking_speed", "2024-06-03 00:00:00 -0700", value: 3, unit: "mi/hr"),
      // A name HealthKit does not define keeps the unit rule: count is summed (1 + 2).
      S.sample("myCounter", "2024-06-03 08:00:00 -0700", value: 1, unit: "count"),
      S.sample("myCounter", "2024-06-03 09:00:00 -0700", value: 2, unit: "count"),
    ]).values
    let uvDay = S.value(d, uv, "2024-06-03")
    #expect(uvDay?.value == 5)
    #expect(uvDay?.minimum == 2 && uvDay?.maximum == 8 && uvDay?.count == 3)
    #expect(S.value(d, audio, "2024-06-03")?.value == 65)
    #expect(S.value(d, falls, "2024-06-03")?.value == 2)
    #expect(S.value(d, "Walking Step Length", "2024-06-03")?.value == 29)
    #expect(S.value(d, "walking_speed", "2024-06-03")?.maximum == 3)
    #expect(S.value(d, "myCounter", "2024-06-03")?.value == 3)
  }

  @Test("workouts per day of their start: count, minutes, energy, distance, total and by type")
  func workouts() {
    let d = daily([
      S.sample(.workout, "2024-06-03 07:00:00 -0700", minutes: 15, value: 15, category: "Yoga"),
      S.sample(.workout, "2024-06-03 18:00:00 -0700", minutes: 32, value: 30, category: "Running"),
      S.sample(
        .workoutEnergy, "2024-06-03 18:00:00 -0700", minutes: 32, value: 300, category: "Running"),
      S.sample(
        .workoutDistance, "2024-06-03 18:00:00 -0700", minutes: 32, value: 5, category: "Running"),
      // Starts before midnight, ends after: still the 3rd.
      S.sample(.workout, "2024-06-03 23:30:00 -0700", minutes: 60, value: 25, category: "Running"),
      S.sample(
        .workoutEnergy, "2024-06-03 23:30:00 -0700", minutes: 60, value: 200, category: "Running"),
    ]).values
    #expect(S.value(d, .workoutCount, "2024-06-03")?.value == 3)
    #expect(S.value(d, .workoutMinutes, "2024-06-03")?.value == 70)  // 15 + 30 + 25
    #expect(S.value(d, .workoutEnergy, "2024-06-03")?.value == 500)
    #expect(S.value(d, .workoutEnergy, "2024-06-03")?.count == 2)
    #expect(S.value(d, .workoutDistance, "2024-06-03")?.value == 5)
    #expect(S.value(d, .workoutCount, "2024-06-03", "Running")?.value == 2)
    #expect(S.value(d, .workoutMinutes, "2024-06-03", "Running")?.value == 55)
    #expect(S.value(d, .workoutMinutes, "2024-06-03", "Yoga")?.value == 15)
    #expect(S.value(d, .workoutEnergy, "2024-06-03", "Yoga") == nil)
    #expect(S.days(d, .workoutCount) == ["2024-06-03"])
  }

  @Test("samples after the as-of date are counted, not used")
  func afterAsOf() {
    let data = daily(
      [
        S.sample(.heartRate, "2024-06-03 12:00:00 -0700", value: 60),
        S.sample(.heartRate, "2024-06-04 12:00:00 -0700", value: 70),
        // Half of it falls on the 3rd, half on the 4th.
        S.sample(.steps, "2024-06-03 23:50:00 -0700", minutes: 20, value: 100),
      ], asOf: "2024-06-03")
    #expect(S.days(data.values, .heartRate) == ["2024-06-03"])
    #expect(S.value(data.values, .steps, "2024-06-03")?.value == 50)
    #expect(data.counts[.heartRate]?.afterAsOf == 1)
    #expect(data.counts[.heartRate]?.used == 1)
    #expect(data.counts[.steps]?.used == 1)
  }
}
