import Clean
import HealthModel
import Testing

@Suite("Range validation, non-finite values, end before start, future dates")
struct RangeValidationTests {
  typealias F = Fixtures

  /// The table of docs/clean.md, "Ranges", copied by hand, in canonical units.
  static let table: [(MetricID, Double, Double, String)] = [
    (.hrvSDNN, 1, 300, "ms"),
    (.heartRate, 25, 250, "count/min"),
    (.restingHeartRate, 25, 200, "count/min"),
    (.bodyMass, 20, 500, "kg"),
    (.bodyFat, 0.02, 0.75, "fraction"),
    (.bmi, 10, 80, "count"),
    (.spo2, 0.70, 1.00, "fraction"),
    (.respiratoryRate, 4, 60, "count/min"),
    (.vo2Max, 10, 90, "mL/(kg·min)"),
    (.hrRecovery, 0, 120, "count/min"),
    (.wristTemperature, 30, 42, "degC"),
    (.bodyTemperature, 30, 45, "degC"),
    (.steps, 0, 50_000, "count"),
  ]

  @Test("a value exactly on each boundary is kept", arguments: table)
  func onBoundary(_ row: (MetricID, Double, Double, String)) throws {
    let (metric, low, high, unit) = row
    var list = SampleList()
    list.add(metric, start: F.ten, low, unit)
    list.add(metric, start: F.ten + 3_600, high, unit)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(metric).map(\.value) == [low, high])
    #expect(result.rejects.isEmpty)
  }

  @Test("a value just outside each boundary is rejected as out-of-range", arguments: table)
  func justOutside(_ row: (MetricID, Double, Double, String)) throws {
    let (metric, low, high, unit) = row
    // "Just outside": one ten-thousandth of the bound's size (at least 0.0001) beyond it.
    let below = low - 1e-4 * max(1, abs(low))
    let above = high + 1e-4 * max(1, abs(high))
    var list = SampleList()
    list.add(metric, start: F.ten, below, unit)
    list.add(metric, start: F.ten + 3_600, above, unit)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(metric).isEmpty)
    let rejects = result.rejects(.outOfRange)
    #expect(rejects.count == 2)
    #expect(rejects.first?.reason.contains("is below") == true)
    #expect(rejects.last?.reason.contains("is above") == true)
  }

  @Test("a boundary given in another unit stays on the boundary: 86 °F is 30 °C, 70 % is 0.70")
  func boundaryAfterConversion() throws {
    var list = SampleList()
    list.add(.wristTemperature, start: F.ten, 86, "degF")
    list.add(.spo2, start: F.ten, 70, "%", file: 1)
    list.add(.spo2, start: F.ten + 60, 100, "%", file: 1)
    let result = try F.clean(list.samples)
    #expect(result.cleanedSamples.count == 3)
    #expect(result.rejects.isEmpty)
  }

  @Test("the reason carries the numbers: 312 bpm is above 250")
  func reasonText() throws {
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 312, "count/min")
    list.add(.bodyMass, start: F.ten, 1_200, "lb")
    let result = try F.clean(list.samples)
    let reasons = result.rejects(.outOfRange).map(\.reason)
    #expect(reasons.first == "312 bpm is above 250")
    // 1200 lb = 544.310844 kg.
    #expect(reasons.last == "544.3108 kg is above 500 (given as 1200 lb)")
    #expect(result.rejects.first?.value == "312")
    #expect(result.rejects.first?.unit == "count/min")
  }

  @Test("sleep segments: longer than 0 and at most 24 h")
  func sleepLength() throws {
    var list = SampleList()
    list.add(.sleep, start: F.ten, end: F.ten + 86_400, 1_440, "min", category: "inBed")
    list.add(.sleep, start: F.ten, end: F.ten + 1, 0, "min", category: "awake", file: 1)
    list.add(.sleep, start: F.ten, end: F.ten + 86_401, 1_440, "min", category: "inBed", file: 1)
    list.add(.sleep, start: F.ten, end: F.ten, 0, "min", category: "asleepCore", file: 1)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.sleep).count == 2)
    #expect(result.rejects(.outOfRange).map(\.origin.record) == [3, 4])
  }

  @Test("a sleep row holds at most the minutes of its interval (1 minute or 1 % of slack)")
  func sleepMinutesFitInterval() throws {
    var list = SampleList()
    // A night's in-bed total over a 9-hour window: 540 min fits; 541 is within the slack
    // (1 % of 540 = 5.4 min), 546 is not.
    list.add(.sleep, start: F.ten, end: F.ten + 32_400, 450, "min", category: "inBed")
    list.add(.sleep, start: F.ten, end: F.ten + 32_400, 545, "min", category: "inBed")
    list.add(.sleep, start: F.ten, end: F.ten + 32_400, 546, "min", category: "inBed")
    // A damaged total (seen in a Health Auto Export file: 8.1e14 hours in bed) and a
    // negative one.
    list.add(
      .sleep, start: F.ten, end: F.ten + 33_428, 4.852454005499682e16, "min",
      category: "inBed")
    list.add(.sleep, start: F.ten, end: F.ten + 600, -5, "min", category: "awake")
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.sleep).count == 2)
    let rejected = result.rejects(.outOfRange)
    #expect(rejected.map(\.origin.record) == [3, 4, 5])
    #expect(rejected[0].reason == "sleep row of 546 min is more than its interval of 9 h holds")
    #expect(rejected[2].reason == "sleep row of -5 min is negative")
  }

  @Test("negative amounts of cumulative metrics are rejected")
  func negativeAmounts() throws {
    var list = SampleList()
    list.add(.activeEnergy, start: F.ten, end: F.ten + 60, -5, "kcal")
    list.add(.activeEnergy, start: F.ten + 60, end: F.ten + 120, 0, "kcal")
    let result = try F.clean(list.samples)
    #expect(result.rejects(.outOfRange).first?.reason == "-5 kcal is below 0")
    #expect(result.cleaned(.activeEnergy).count == 1)
  }

  @Test("NaN and infinite values are rejected as non-finite, catalog or not")
  func nonFinite() throws {
    var list = SampleList()
    list.add(.heartRate, start: F.ten, .nan, "count/min")
    list.add(.steps, start: F.ten, end: F.ten + 60, .infinity, "count")
    list.add("HKQuantityTypeIdentifierDietaryZinc", start: F.ten, -.infinity, "mg")
    list.add(.heartRate, start: F.ten + 60, 70, "count/min", file: 1, minimum: .nan, maximum: 90)
    let result = try F.clean(list.samples)
    let rejects = result.rejects(.nonFinite)
    #expect(rejects.map(\.value) == ["nan", "inf", "-inf", "70"])
    #expect(
      rejects.map(\.reason) == ["value is nan", "value is inf", "value is -inf", "minimum is nan"])
    #expect(result.cleanedSamples.isEmpty)
  }

  @Test("a sample ending before it starts is rejected; ending when it starts is fine")
  func endBeforeStart() throws {
    var list = SampleList()
    list.add(.steps, start: F.ten, end: F.ten - 90, 10, "count")
    list.add(.steps, start: F.ten, end: F.ten, 10, "count")
    let result = try F.clean(list.samples)
    let reject = try #require(result.rejects(.endBeforeStart).first)
    #expect(reject.origin.record == 1)
    #expect(reject.reason.hasPrefix("ends 90 s before it starts"))
    #expect(result.cleaned(.steps).count == 1)
  }

  @Test("a start after the input's export date is rejected; inputs without one are not checked")
  func futureDate() throws {
    var list = SampleList()
    list.add(.heartRate, start: F.exportDate, 60, "count/min")  // exactly at: kept
    list.add(.heartRate, start: F.exportDate + 1, 61, "count/min")  // 1 s after: rejected
    list.add(.heartRate, start: 1_893_456_000, 62, "count/min", file: 1)  // 2030, HAE: kept
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.heartRate).map(\.value) == [60, 62])
    let reject = try #require(result.rejects(.futureDate).first)
    #expect(reject.origin.record == 2)
    #expect(
      reject.reason
        == "starts 2024-06-01T00:00:01Z, after the export date 2024-06-01T00:00:00Z of input 0")
    #expect(result.uncheckedInputs.map(\.index) == [1])
    #expect(result.uncheckedInputs.first?.samples == 1)
  }

  @Test("a sleep row whose category is not a sleep stage is rejected")
  func unknownStage() throws {
    var list = SampleList()
    list.add(.sleep, start: F.ten, end: F.ten + 600, 10, "min", category: "nap")
    let result = try F.clean(list.samples)
    #expect(result.rejects(.unknownCategory).count == 1)
  }
}
