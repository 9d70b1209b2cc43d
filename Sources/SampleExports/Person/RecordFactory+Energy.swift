import HealthModel

extension RecordFactory {
  /// Active energy: the watch all day while worn (small amounts at rest, more on walks,
  /// per minute in workouts), and the phone for the walks it saw.
  func activeEnergy(
    _ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]
  ) {
    // Watch.
    let start = out.count
    var busy: [(span: Span, rate: Double, step: ClosedRange<Double>)] = []
    for b in plan.bouts where b.kind != .workout {
      busy.append((b.span, b.kind == .house || b.kind == .office ? 1.6 : 3.9, 120...180))
    }
    for w in plan.workouts {
      for active in w.activeSpans { busy.append((active, w.kcalPerMinute, 55...65)) }
    }
    busy.sort { $0.span.start < $1.span.start }
    let awake = Span(start: plan.sleep.sleep.end, end: plan.windowEnd)
    var napSpans: [Span] = []
    if let nap = plan.nap, let s = nap.segments.first, let e = nap.segments.last {
      napSpans.append(Span(start: s.span.start, end: e.span.end))
    }
    var pieces: [(span: Span, rate: Double, step: ClosedRange<Double>)] = []
    var cursor = awake.start
    for b in busy where b.span.start >= cursor && b.span.end <= awake.end {
      if b.span.start > cursor {
        pieces.append((Span(start: cursor, end: b.span.start), 0.16, 480...1200))
      }
      pieces.append(b)
      cursor = b.span.end
    }
    if cursor < awake.end { pieces.append((Span(start: cursor, end: awake.end), 0.16, 480...1200)) }
    for piece in pieces {
      for part in subtract(piece.span, plan.watchOff + napSpans) {
        var t = part.start
        while t < part.end - 10 {
          var len = Int64(rng.uniform(piece.step.lowerBound, piece.step.upperBound))
          if part.end - (t + len) < 30 { len = part.end - t }
          let kcal = piece.rate * Double(len) / 60 * rng.normal(1, 0.06)
          out.append(record(.activeEnergy, .watch, t, t + len, max(0.001, kcal), &rng))
          t += len
        }
      }
    }
    bucketByHour(&out, from: start, hours: 6)
    // Phone: from the steps it counted.
    let phoneStart = out.count
    for chunk in movementChunks(plan, .phone) {
      let perStep = chunk.cadence > 140 ? 0.062 : 0.041
      out.append(
        record(.activeEnergy, .phone, chunk.span.start, chunk.span.end, chunk.steps * perStep, &rng)
      )
    }
    bucketByHour(&out, from: phoneStart, hours: 24)
  }

  /// Basal (resting) energy from the watch over the whole day while worn.
  func basalEnergy(
    _ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]
  ) {
    let first = out.count
    let window = Span(start: plan.windowStart, end: plan.windowEnd)
    let step: ClosedRange<Double> = density == .sample ? 86_400...86_400 : 1800...3600
    for part in subtract(window, plan.watchOff) {
      var t = part.start
      while t < part.end - 60 {
        var len = Int64(rng.uniform(step.lowerBound, step.upperBound))
        if part.end - (t + len) < 300 { len = part.end - t }
        out.append(
          record(
            .basalEnergy, .watch, t, t + len, 1.08 * Double(len) / 60 * rng.normal(1, 0.02), &rng))
        t += len
      }
    }
    bucketByHour(&out, from: first, hours: 0)
  }
}
