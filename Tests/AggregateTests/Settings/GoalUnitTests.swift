import HealthModel
import Testing

@testable import Aggregate

/// The unit a goal's threshold is written in comes from the catalog and the vocabulary, not
/// a list of its own (docs/streaks.md, "Goals"); worked out per kind of series.
@Suite struct GoalUnitTests {
  @Test func catalogMetricsTakeTheirDisplayUnit() {
    #expect(GoalText.unit(of: .steps) == "")  // a count: "steps >= 8000"
    #expect(GoalText.unit(of: .activeEnergy) == "kcal")
  }

  @Test func derivedSeriesTakeMinutesOrNothing() {
    for id: MetricID in [.sleepAsleep, .sleepDeep, .workoutMinutes, .napMinutes] {
      #expect(GoalText.unit(of: id) == "min", "\(id)")
    }
    // Counts, a logarithm, clock times and a goal's own outcome are plain numbers.
    for id: MetricID in [.workoutCount, .napCount, .hrvLnSDNN, .sleepBedtime, .sleepWake, .goalMet]
    {
      #expect(GoalText.unit(of: id) == "", "\(id)")
    }
    #expect(GoalText.acceptedUnits(of: .sleepAsleep) == ["min", "minutes"])
  }
}
