import HealthCore

/// The day's movement: commutes, office walks, errands, evening walks and the little walks
/// around the house that fill every gap. The phone sits on the desk during office hours and
/// is sometimes left at home for a run or a walk.
enum BoutPlanner {
  static func plan(
    day: LocalDayNumber, weekday: Int, sick: Bool, travel: Bool, awake: Span,
    workouts: [WorkoutPlan], blocked: [Span], zones: ZoneSchedule, rng: inout SeededRandom
  ) -> [Bout] {
    let local = Int64(day) * 86_400
    func at(_ minutes: Double) -> Int64 { zones.epoch(local: local + Int64(minutes * 60)) }
    func bout(
      _ startMinutes: Double, _ minutes: Double, _ cadence: Double, _ kind: BoutKind,
      phone: Bool, stride: Double = 0.74
    ) -> Bout {
      let s = at(startMinutes) + Int64(rng.int(0...59))
      return Bout(
        span: Span(start: s, end: s + Int64(minutes * 60)), cadence: cadence, kind: kind,
        phoneCarried: phone, stride: stride)
    }

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
      anchored.append(
        bout(
          rng.normal(8 * 60 + 5, 6), rng.uniform(11, 17), rng.uniform(106, 116), .commute,
          phone: true))
      anchored.append(
        bout(
          rng.normal(17 * 60 + 40, 8), rng.uniform(12, 18), rng.uniform(106, 116), .commute,
          phone: true))
      if rng.chance(0.7) {
        anchored.append(
          bout(
            rng.uniform(12 * 60 + 2, 12 * 60 + 10), rng.uniform(15, 30),
            rng.uniform(100, 112), .walk, phone: rng.chance(0.9)))
      }
      desk = [
        Span(start: at(9 * 60), end: at(12 * 60)), Span(start: at(13 * 60), end: at(17 * 60 + 30)),
      ]
      for d in desk {
        var t = d.start + Int64(rng.uniform(20, 50) * 60)
        while t < d.end - 600 {
          let len = Int64(rng.uniform(100, 300))
          anchored.append(
            Bout(
              span: Span(start: t, end: t + len), cadence: rng.uniform(75, 95), kind: .office,
              phoneCarried: false, stride: 0.68))
          t += len + Int64(rng.uniform(30, 80) * 60)
        }
      }
    } else if travel {
      var minutes = rng.uniform(10 * 60, 10 * 60 + 40)
      for _ in 0..<rng.int(3...5) {
        let length = rng.uniform(20, 60)
        anchored.append(
          bout(minutes, length, rng.uniform(95, 110), .sightseeing, phone: true))
        minutes += length + rng.uniform(30, 90)
        if minutes > 19 * 60 { break }
      }
    } else if !sick {
      var minutes = rng.uniform(11 * 60, 12 * 60)
      for _ in 0..<rng.int(2...4) {
        let length = rng.uniform(10, 40)
        anchored.append(bout(minutes, length, rng.uniform(95, 110), .errand, phone: true))
        minutes += length + rng.uniform(40, 120)
        if minutes > 18 * 60 { break }
      }
    }
    if !sick && workouts.isEmpty && rng.chance(0.35) {
      anchored.append(
        bout(
          rng.normal(20 * 60, 25), rng.uniform(20, 40), rng.uniform(100, 114), .walk,
          phone: rng.chance(0.7)))
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
    var all: [Bout] = []
    var cursor = usable.start
    let houseScale = sick ? 0.5 : 1.0
    func fill(until limit: Int64) {
      var t = cursor + Int64(rng.uniform(4, 30) * 60)
      while t < limit - 300 {
        let len = Int64(rng.uniform(40, 200) * houseScale)
        let span = Span(start: t, end: min(limit - 60, t + len))
        let inDesk = desk.contains { $0.overlaps(span) }
        if !inDesk, span.length > 20, !blocked.contains(where: { $0.overlaps(span) }) {
          all.append(
            Bout(
              span: span, cadence: rng.uniform(40, 80), kind: .house,
              phoneCarried: rng.chance(0.5), stride: 0.6))
        }
        t += len + Int64(rng.uniform(12, 45) * 60 / houseScale)
      }
    }
    for b in kept {
      fill(until: b.span.start)
      all.append(b)
      cursor = b.span.end
    }
    fill(until: usable.end)
    return all
  }
}
