import Clean
import Testing

@Suite("Unit normalisation to canonical units")
struct UnitNormalisationTests {
  typealias F = Fixtures

  @Test("pounds become kilograms: 150 lb = 150 × 0.45359237 = 68.0388555 kg")
  func pounds() throws {
    var list = SampleList()
    list.add(.bodyMass, start: F.ten, 150, "lb", source: "Withings")
    let result = try F.clean(list.samples)
    let mass = try #require(result.cleaned(.bodyMass).first)
    #expect(abs(mass.value - 68.038_855_5) < 1e-9)
    #expect(mass.unit == "kg")
  }

  @Test("Fahrenheit becomes Celsius: 98.6 °F = (98.6 − 32) × 5/9 = 37 °C; 96.8 °F = 36 °C")
  func fahrenheit() throws {
    var list = SampleList()
    list.add(.bodyTemperature, start: F.ten, 98.6, "degF", source: "Thermometer")
    list.add(.wristTemperature, start: F.ten, 96.8, "degF")
    let result = try F.clean(list.samples)
    let body = try #require(result.cleaned(.bodyTemperature).first)
    let wrist = try #require(result.cleaned(.wristTemperature).first)
    #expect(abs(body.value - 37) < 1e-9)
    #expect(abs(wrist.value - 36) < 1e-9)
    #expect(body.unit == "degC" && wrist.unit == "degC")
  }

  @Test("SpO2 given as 97 by Health Auto Export is 0.97; Apple's 0.97 stays 0.97")
  func spo2Percent() throws {
    var list = SampleList()
    list.add(.spo2, start: F.ten, 97, "%", source: "Jane’s Apple Watch", file: 1)
    list.add(.spo2, start: F.ten + 60, 0.97, "%", file: 0)
    let result = try F.clean(list.samples)
    let values = result.cleaned(.spo2).map(\.value)
    #expect(values.count == 2)
    #expect(values.allSatisfy { abs($0 - 0.97) < 1e-12 })
    #expect(result.cleaned(.spo2).allSatisfy { $0.unit == "fraction" })
  }

  @Test("a fraction written with % in a 0-100 input is not guessed: 0.97 % is 0.0097, out of range")
  func percentNotGuessed() throws {
    var list = SampleList()
    list.add(.spo2, start: F.ten, 0.97, "%", file: 1)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.spo2).isEmpty)
    let reject = try #require(result.rejects(.outOfRange).first)
    #expect(reject.value == "0.97" && reject.unit == "%")
    // 0.0097 shown as 0.97 % against the 70 % floor.
    #expect(reject.reason.hasPrefix("0.97 % is below 70"))
  }

  @Test("miles, kJ, Cal and mL/min·kg convert; bpm is count/min")
  func otherUnits() throws {
    var list = SampleList()
    list.add(.distance, start: F.ten, end: F.ten + 60, 1, "mi")  // 1.609344 km
    list.add(.activeEnergy, start: F.ten, end: F.ten + 60, 418.4, "kJ")  // 100 kcal
    list.add(.basalEnergy, start: F.ten, end: F.ten + 60, 55, "Cal")  // 55 kcal
    list.add(.vo2Max, start: F.ten, 42.5, "mL/min·kg")  // unchanged
    list.add(.heartRate, start: F.ten, 61, "bpm")  // unchanged
    let result = try F.clean(list.samples)
    #expect(abs(result.sum(.distance) - 1.609_344) < 1e-12)
    #expect(abs(result.sum(.activeEnergy) - 100) < 1e-9)
    #expect(result.sum(.basalEnergy) == 55)
    #expect(result.cleaned(.vo2Max).first?.value == 42.5)
    #expect(result.cleaned(.vo2Max).first?.unit == "mL/(kg·min)")
    #expect(result.cleaned(.heartRate).first?.unit == "count/min")
  }

  @Test("min and max convert with the value")
  func extremes() throws {
    // Health Auto Export heart rate as count/s: 1.2/s = 72 bpm, 0.9/s = 54, 2.5/s = 150.
    var list = SampleList()
    list.add(
      .heartRate, start: F.day0, end: F.day0 + 86_400, 1.2, "count/s", file: 1, minimum: 0.9,
      maximum: 2.5)
    let result = try F.clean(list.samples)
    let hr = try #require(result.cleaned(.heartRate).first)
    #expect(abs(hr.value - 72) < 1e-9)
    #expect(abs((hr.minimum ?? 0) - 54) < 1e-9)
    #expect(abs((hr.maximum ?? 0) - 150) < 1e-9)
  }

  @Test("an unknown unit for a known metric is rejected, with the unit and value as read")
  func unknownUnit() throws {
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 72, "furlong/fortnight")
    list.add(.bodyMass, start: F.ten, 70, "kcal")  // known unit, wrong dimension
    let result = try F.clean(list.samples)
    let rejects = result.rejects(.unknownUnit)
    #expect(rejects.count == 2)
    #expect(rejects[0].unit == "furlong/fortnight" && rejects[0].value == "72")
    #expect(rejects[0].reason.contains("'furlong/fortnight'"))
    #expect(rejects[1].unit == "kcal")
    #expect(result.cleanedSamples.isEmpty)
  }

  @Test("metrics outside the catalog pass through unchanged, unit and all")
  func rawMetricPassesThrough() throws {
    var list = SampleList()
    list.add(
      "HKQuantityTypeIdentifierDietaryZinc", start: F.ten, 11.5, "mg", source: "MyFitnessPal")
    list.add("zinc", start: F.ten, 2, "furlongs", source: "Other", file: 1)
    let result = try F.clean(list.samples)
    let raw = result.cleanedSamples
    #expect(raw.count == 2)
    #expect(raw[0].metric.rawValue == "HKQuantityTypeIdentifierDietaryZinc")
    #expect(raw[0].value == 11.5 && raw[0].unit == "mg")
    #expect(raw[1].unit == "furlongs" && raw[1].value == 2)
    #expect(result.rejects.isEmpty)
  }
}
