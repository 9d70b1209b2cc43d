import HealthModel

/// A piece of movement one device recorded.
struct MovementChunk: Sendable {
  var span: Span
  /// Whole steps.
  var steps: Double
  var stride: Double
  var kind: BoutKind
  var cadence: Double
}

extension RecordFactory {
  /// The pieces of the day's bouts a device saw, cut into samples the way the device cuts
  /// them: the watch in pieces of one to eight minutes, the phone in pieces of two to ten.
  /// The watch misses what happens while it charges; the phone misses what happens while it
  /// lies on the desk or at home.
  func movementChunks(_ plan: DayPlan, _ device: DeviceSource) -> [MovementChunk] {
    if shape.allDayMovement { return allDayChunks(plan, device) }
    var rng = stream(plan, 200 + UInt64(device.rawValue))
    var chunks: [MovementChunk] = []
    let factor = device == .phone ? 0.96 : 1.0
    let (shortest, longest): (Double, Double) = device == .phone ? (150, 600) : (60, 480)
    for bout in plan.bouts {
      var pieces: [Span] = []
      if device == .phone {
        if bout.phoneCarried { pieces = [bout.span] }
      } else {
        pieces = subtract(bout.span, plan.watchOff)
      }
      for piece in pieces {
        var t = piece.start
        while t < piece.end - 5 {
          var len = Int64(rng.uniform(shortest, longest))
          if piece.end - (t + len) < 40 { len = piece.end - t }
          let steps = (bout.cadence / 60 * Double(len) * factor * rng.normal(1, 0.03)).rounded()
          if steps > 0 {
            chunks.append(
              MovementChunk(
                span: Span(start: t, end: t + len), steps: steps, stride: bout.stride,
                kind: bout.kind, cadence: bout.cadence))
          }
          t += len
          if device == .watch && rng.chance(0.3) { t += Int64(rng.int(1...8)) }
        }
      }
    }
    return chunks
  }

  /// Steps or walking + running distance from the watch and the phone.
  func movement(_ type: SyntheticRecordType, _ plan: DayPlan, into out: inout [SyntheticRecord]) {
    for device in [DeviceSource.watch, .phone] {
      let start = out.count
      var rng = stream(plan, 300 + UInt64(type.rawValue) * 4 + UInt64(device.rawValue))
      for chunk in movementChunks(plan, device) {
        let value =
          type == .steps ? chunk.steps : chunk.steps * chunk.stride / 1609.344
        if type == .distance && (chunk.kind == .workout && chunk.cadence < 30) { continue }
        out.append(record(type, device, chunk.span.start, chunk.span.end, value, &rng))
      }
      bucketByHour(&out, from: start, hours: type == .steps ? 8 : 24)
    }
  }

  /// Cycling distance from the watch during rides.
  func cycling(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    let start = out.count
    for w in plan.workouts where w.kind == .cycling && w.speed > 0 {
      for active in w.activeSpans {
        for piece in subtract(active, plan.watchOff) {
          var t = piece.start
          while t < piece.end - 5 {
            var len = Int64(rng.uniform(60, 240))
            if piece.end - (t + len) < 30 { len = piece.end - t }
            let metres = w.speed * Double(len) * rng.normal(1, 0.05)
            out.append(record(.cyclingDistance, .watch, t, t + len, metres / 1609.344, &rng))
            t += len
          }
        }
      }
    }
    bucketByHour(&out, from: start)
  }

  /// Flights of stairs from the phone, on walks outside.
  func flights(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    let start = out.count
    for chunk in movementChunks(plan, .phone)
    where chunk.kind == .commute || chunk.kind == .errand || chunk.kind == .sightseeing {
      if rng.chance(0.3) {
        out.append(
          record(
            .flightsClimbed, .phone, chunk.span.start, chunk.span.end, Double(rng.int(1...2)),
            &rng))
      }
    }
    bucketByHour(&out, from: start, hours: 24)
  }

  /// Brisk minutes (walks and commutes at 105 steps a minute or more, or a workout) while the watch is worn: one
  /// record per whole minute, or one per bout in the sample density.
  func exercise(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    let first = out.count
    defer { bucketByHour(&out, from: first, hours: 24) }
    var spans: [Span] = []
    for b in plan.bouts
    where b.cadence >= 105
      && (b.kind == .commute || b.kind == .walk || b.kind == .workout || b.kind == .sightseeing)
    {
      spans.append(b.span)
    }
    for w in plan.workouts where w.kind != .yoga && w.cadence < 100 {
      spans.append(contentsOf: w.activeSpans)
    }
    spans.sort { $0.start < $1.start }
    for span in spans {
      for piece in subtract(span, plan.watchOff) {
        let minutes = piece.length / 60
        guard minutes > 0 else { continue }
        if density == .sample {
          out.append(
            record(
              .exerciseTime, .watch, piece.start, piece.start + minutes * 60, Double(minutes),
              &rng))
          continue
        } else {
          for m in 0..<minutes {
            let s = piece.start + m * 60
            out.append(record(.exerciseTime, .watch, s, s + 60, 1, &rng, delay: 30...400))
          }
        }
      }
    }
  }

  /// Sorts the records from `index` on by start (equal starts: by source).
  func sortByStart(_ out: inout [SyntheticRecord], from index: Int) {
    guard out.count - index > 1 else { return }
    out[index...].sort { a, b in
      a.start != b.start ? a.start < b.start : a.source.rawValue < b.source.rawValue
    }
  }

  /// A span minus a sorted list of spans.
  func subtract(_ span: Span, _ holes: [Span]) -> [Span] {
    var pieces = [span]
    for hole in holes where hole.overlaps(span) {
      var next: [Span] = []
      for p in pieces {
        if !p.overlaps(hole) {
          next.append(p)
          continue
        }
        if p.start < hole.start { next.append(Span(start: p.start, end: hole.start)) }
        if hole.end < p.end { next.append(Span(start: hole.end, end: p.end)) }
      }
      pieces = next
    }
    return pieces.filter { $0.length > 0 }
  }
}
