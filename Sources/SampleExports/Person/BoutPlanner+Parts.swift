import HealthModel

/// Times of one local day for `BoutPlanner`: minutes after midnight as instants, and bouts
/// started there.
struct BoutClock {
  /// The day's zones.
  let zones: ZoneSchedule
  /// The day's local midnight, seconds.
  let local: Int64

  /// The instant `minutes` after local midnight.
  func at(_ minutes: Double) -> Int64 { zones.epoch(local: local + Int64(minutes * 60)) }

  /// A bout starting within the minute after `startMinutes`.
  func bout(
    _ startMinutes: Double, _ minutes: Double, _ cadence: Double, _ kind: BoutKind,
    phone: Bool, stride: Double = 0.74, rng: inout SeededRandom
  ) -> Bout {
    let s = at(startMinutes) + Int64(rng.int(0...59))
    return Bout(
      span: Span(start: s, end: s + Int64(minutes * 60)), cadence: cadence, kind: kind,
      phoneCarried: phone, stride: stride)
  }
}

extension BoutPlanner {
  /// A workday's commutes, lunch walk and office walks; returns the desk hours.
  static func workdayBouts(
    _ clock: BoutClock, into anchored: inout [Bout], rng: inout SeededRandom
  ) -> [Span] {
    anchored.append(
      clock.bout(
        rng.normal(8 * 60 + 5, 6), rng.uniform(11, 17), rng.uniform(106, 116), .commute,
        phone: true, rng: &rng))
    anchored.append(
      clock.bout(
        rng.normal(17 * 60 + 40, 8), rng.uniform(12, 18), rng.uniform(106, 116), .commute,
        phone: true, rng: &rng))
    if rng.chance(0.7) {
      anchored.append(
        clock.bout(
          rng.uniform(12 * 60 + 2, 12 * 60 + 10), rng.uniform(15, 30),
          rng.uniform(100, 112), .walk, phone: rng.chance(0.9), rng: &rng))
    }
    let desk = [
      Span(start: clock.at(9 * 60), end: clock.at(12 * 60)),
      Span(start: clock.at(13 * 60), end: clock.at(17 * 60 + 30)),
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
    return desk
  }

  /// The kept bouts with little walks around the house (or office corridors) in the gaps
  /// between them, away from desk hours and naps.
  static func houseWalks(
    around kept: [Bout], usable: Span, sick: Bool, desk: [Span], blocked: [Span],
    rng: inout SeededRandom
  ) -> [Bout] {
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
