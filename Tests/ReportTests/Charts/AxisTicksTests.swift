import Foundation
import Testing

@testable import Report

/// Tick choice (docs/report.md, "Charts"): steps of 1, 2 or 5 times a power of ten, whole
/// steps for whole-number data, 6 % padding, a minimum span against noise. Every expected
/// axis is worked out by hand in the comment above it.
@Suite("Axis ticks")
struct AxisTicksTests {
  @Test("steps are 1, 2 or 5 times a power of ten and the domain covers the padded data")
  func niceSteps() {
    // 0...9.3: pad 6 % of 9.3 = 0.558 on both sides; below 0 is cut (the data are not
    // negative): 0...9.858; 9.858 / 4 = 2.46 → the next nice step up is 5; 0, 5, 10.
    let a = NiceTicks(minimum: 0, maximum: 9.3, target: 4)
    #expect(a.step == 5)
    #expect(a.values == [0, 5, 10])
    #expect(a.decimals == 0)
    // 41.2...58.9: span 17.7, pad 1.062 → 40.138...59.962; /4 = 4.96 → 5; 40...60.
    let b = NiceTicks(minimum: 41.2, maximum: 58.9, target: 4)
    #expect(b.step == 5)
    #expect(b.lower == 40 && b.upper == 60)
    // 0.952...0.981: span 0.029, pad 0.00174 → /4 = 0.0081 → 0.01; 0.95...0.99, 2 decimals.
    let c = NiceTicks(minimum: 0.952, maximum: 0.981, target: 4)
    #expect(abs(c.step - 0.01) < 1e-12)
    #expect(abs(c.lower - 0.95) < 1e-12 && abs(c.upper - 0.99) < 1e-12)
    #expect(c.decimals == 2)
    // Never 2.5: 0...22 → pad 1.32 → 0...23.32; /4 = 5.83 → 10; 0, 10, 20, 30.
    let d = NiceTicks(minimum: 0, maximum: 22, target: 4)
    #expect(d.values == [0, 10, 20, 30])
    for t in [a, b, c, d] {
      let mantissa = t.step / pow(10, floor(log10(t.step) + 1e-9))
      #expect([1, 2, 5].contains { abs(mantissa - Double($0)) < 1e-9 }, "step \(t.step)")
    }
  }

  @Test("whole-number data get whole-number ticks")
  func wholeNumbers() {
    // 56...58 bpm: pad 0.12 → 55.88...58.12; /4 = 0.56 → 1 (also the whole-number floor):
    // 55, 56, 57, 58, 59.
    let a = NiceTicks(minimum: 56, maximum: 58, target: 4, integer: true)
    #expect(a.values == [55, 56, 57, 58, 59])
    #expect(a.decimals == 0)
    // 56.2...56.8 would step by 0.2; whole numbers step by 1: 56, 57.
    let b = NiceTicks(minimum: 56.2, maximum: 56.8, target: 4, integer: true)
    #expect(b.step == 1)
    #expect(b.values.allSatisfy { $0 == $0.rounded() })
    // Without `integer` the same data get decimal ticks (the case whole numbers avoid).
    #expect(NiceTicks(minimum: 56.2, maximum: 56.8, target: 4).step < 1)
  }

  @Test("a minimum span keeps a flat series flat instead of turning noise into cliffs")
  func minimumSpan() {
    // Resting heart rate 57...58 with a minimum span of 8 bpm: centred 53.5...61.5, pad
    // 0.48 → 53.02...61.98; /4 = 2.24 → 5: 50, 55, 60, 65. The data fill 1/15 of the axis.
    let a = NiceTicks(minimum: 57, maximum: 58, target: 4, integer: true, minimumSpan: 8)
    #expect(a.values == [50, 55, 60, 65])
    // Without it the same data fill the axis: 56.94...58.06 → 0.28 → 1 (whole numbers).
    let b = NiceTicks(minimum: 57, maximum: 58, target: 4, integer: true)
    #expect(b.values == [56, 57, 58, 59])
    // A single value is widened instead of dividing by zero.
    let c = NiceTicks(minimum: 72, maximum: 72)
    #expect(c.lower < 72 && c.upper > 72)
  }

  @Test("bars start at zero; deviations keep zero inside the axis")
  func zero() {
    // 0...137 with zero included: no padding below 0, 137 × 1.06 = 145.2 above; /4 = 36.3
    // → 50; 0...150.
    let a = NiceTicks(minimum: 12, maximum: 137, target: 4, includeZero: true)
    #expect(a.lower == 0 && a.upper == 150 && a.step == 50)
    // -0.3...0.25 with a 1-degree minimum span: centred on -0.025 → -0.525...0.475, pad
    // 0.06 → /4 = 0.28 → 0.5; -1.0...1.0 in one decimal.
    let b = NiceTicks(minimum: -0.3, maximum: 0.25, target: 4, minimumSpan: 1, includeZero: true)
    #expect(b.values == [-1, -0.5, 0, 0.5, 1])
    #expect(b.decimals == 1)
  }
}
