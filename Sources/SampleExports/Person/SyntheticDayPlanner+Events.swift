import HealthModel

extension SyntheticDayPlanner {
  /// The day's occasional events: weigh-ins, a blood-pressure reading, a mindful session
  /// and a VO₂ max reading after an outdoor run or walk.
  struct Events {
    /// A weigh-in on the smart scale.
    var weighIn: Int64?
    /// A weight entered by hand.
    var manual: Int64?
    /// A blood-pressure reading.
    var bloodPressure: Int64?
    /// A mindful session.
    var mindful: Span?
    /// A VO₂ max reading.
    var vo2: Int64?
  }

  /// Draws the day's occasional events, in this order.
  func events(travel: Bool, awake: Span, rng: inout SeededRandom) -> Events {
    var e = Events()
    if !travel, rng.chance(0.72) {
      e.weighIn = awake.start + Int64(rng.uniform(8, 25) * 60) + Int64(rng.int(0...59))
    }
    if (travel && day % 2 == 0) || rng.chance(0.04) {
      e.manual = awake.start + Int64(rng.uniform(30, 50) * 60) + Int64(rng.int(0...59))
    }
    if rng.chance(1.0 / 12) {
      e.bloodPressure = awake.start + Int64(rng.uniform(28, 40) * 60) + Int64(rng.int(0...59))
    }
    if rng.chance(1.0 / 9) {
      let s = calendar.zones.epoch(
        local: Int64(day) * 86_400 + Int64(rng.uniform(13 * 60, 16 * 60) * 60))
      e.mindful = Span(start: s, end: s + Int64(rng.int(1...3)) * 60)
    }
    if let w = workouts.first(where: {
      ($0.kind == .running || $0.kind == .walking) && !$0.indoor && $0.activeSeconds >= 1200
    }), rng.chance(0.5) {
      e.vo2 = w.span.end + Int64(rng.uniform(60, 300))
    }
    return e
  }
}
