import HealthModel

/// The day's movement: commutes, office walks, errands, evening walks and the little walks
/// around the house that fill every gap. The phone sits on the desk during office hours and
/// is sometimes left at home for a run or a walk.
enum BoutPlanner {
  static func plan(
    day: LocalDayNumber, weekday: Int, sick: Bool, travel: Bool, awake: Span,
    workouts: [WorkoutPlan], blocked: [Span], zones: ZoneSchedule, rng: inout SeededRandom
  ) -> [Bout] {
    let clock = BoutClock(zones: zones, local: Int64(day) * 86_400)
    var anchored: [Bout] = []
    var desk: [Span] = []
    let workday = weekday <= 5 && !travel && !sick
    for w in workouts where w.cadence > 0 {
      let stride = w.kind == .running ? 1.1 : w.kind == .walking ? 0.76 : 0.6
      for active in w.activeSpans {
        anchored.append(
          Bout(
            span: active, cadence: w.cadence, kind: .workout, phoneCarried: w.phoneCarried,
            stride: stride))
      }
    }
    if workday {
      desk = workdayBouts(clock, into: &anchored, rng: &rng)
    } else if travel {
      var minutes = rng.uniform(10 * 60, 10 * 60 + 40)
      for _ in 0..<rng.int(3...5) {
        let length = rng.uniform(20, 60)
        anchored.append(
          clock.bout(minutes, length, rng.uniform(95, 110), .sightseeing, phone: true, rng: &rng))
        minutes += length + rng.uniform(30, 90)
        if minutes > 19 * 60 { break }
      }
    } else if !sick {
      var minutes = rng.uniform(11 * 60, 12 * 60)
      for _ in 0..<rng.int(2...4) {
        let length = rng.uniform(10, 40)
        anchored.append(
          clock.bout(minutes, length, rng.uniform(95, 110), .errand, phone: true, rng: &rng))
        minutes += length + rng.uniform(40, 120)
        if minutes > 18 * 60 { break }
      }
    }
    if !sick && workouts.isEmpty && rng.chance(0.35) {
      anchored.append(
        clock.bout(
          rng.normal(20 * 60, 25), rng.uniform(20, 40), rng.uniform(100, 114), .walk,
          phone: rng.chance(0.7), rng: &rng))
    }

    // Keep what fits in the waking hours, away from naps, without overlaps.
    let usable = Span(start: awake.start + 120, end: awake.end - 300)
    anchored.sort { $0.span.start < $1.span.start }
    var kept: [Bout] = []
    for b in anchored {
      guard b.span.start >= usable.start, b.span.end <= usable.end else { continue }
      if blocked.contains(where: { $0.overlaps(b.span) }) { continue }
      if let last = kept.last, last.span.end > b.span.start { continue }
      kept.append(b)
    }

    // Little walks around the house (or office corridors) in the gaps.
    let all = houseWalks(
      around: kept, usable: usable, sick: sick, desk: desk, blocked: blocked, rng: &rng)
    return all
  }
}
