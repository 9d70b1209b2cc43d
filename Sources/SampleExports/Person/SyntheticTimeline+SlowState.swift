import Foundation
import HealthModel

extension SyntheticTimeline {
  /// The slow processes, day by day in order from the timeline's first day: illness, low
  /// days, fitness, weight and body fat (one entry more than the days, for the last
  /// evening).
  struct SlowState {
    /// Ill on the day.
    var sick: [Bool]
    /// A low day (tired, not ill).
    var low: [Bool]
    /// Fitness, -1 ... 1.
    var fitness: [Double]
    /// Weight in kg.
    var weight: [Double]
    /// Body fat as a fraction.
    var fat: [Double]

    /// Runs the processes on the run's stream 1.
    init(seed: UInt64, first: LocalDayNumber, count: Int) {
      var state = SeededRandom(seed: seed, 1)
      sick = [Bool](repeating: false, count: count + 1)
      low = [Bool](repeating: false, count: count + 1)
      fitness = [Double](repeating: 0, count: count + 1)
      weight = [Double](repeating: 0, count: count + 1)
      fat = [Double](repeating: 0, count: count + 1)
      var sickLeft = 0
      var fit = state.uniform(-0.3, 0.3)
      var wobble = 0.0
      let startWeight = state.uniform(80, 88)
      for i in 0...count {
        if sickLeft > 0 {
          sick[i] = true
          sickLeft -= 1
        } else if state.chance(1.0 / 75) {
          sick[i] = true
          sickLeft = state.int(2...4)
        }
        low[i] = !sick[i] && state.chance(0.06)
        fit = min(1, max(-1, fit * 0.997 + state.normal(0, 0.035) + (sick[i] ? -0.01 : 0.0015)))
        fitness[i] = fit
        wobble = 0.75 * wobble + state.normal(0, 0.22)
        let day = Double(first + i)
        let trend = startWeight - 3.2 * (1 - exp(-Double(i) / 260))
        let season = 0.9 * sin(2 * Double.pi * (day - 340) / 365.25)
        weight[i] = trend + season + wobble - (sick[i] ? 0.4 : 0)
        fat[i] = 0.2 + (weight[i] - 82) * 0.0045 + state.normal(0, 0.002)
      }
    }
  }
}
