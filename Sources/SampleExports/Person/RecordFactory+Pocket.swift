extension RecordFactory {
  /// Movement recorded all day (`AppleShape.allDayMovement`): from waking to bedtime, in
  /// consecutive pieces (the watch's of 2-8 minutes while worn, the phone's of 4-12), the
  /// steps of the bouts the device sees (the phone: all but the office walks, when it lies
  /// on the desk, and the workouts it stays home for) plus a step or so a minute of moving
  /// about on some of the other pieces (half of the watch's, three in ten of the phone's);
  /// pieces without a step are not written. Both devices record the same minutes, so nearly
  /// every phone piece overlaps watch pieces.
  func allDayChunks(_ plan: DayPlan, _ device: DeviceSource) -> [MovementChunk] {
    let phone = device == .phone
    var rng = stream(plan, phone ? 260 : 261)
    var chunks: [MovementChunk] = []
    let seen = plan.bouts.filter {
      phone ? $0.kind != .office && ($0.phoneCarried || $0.kind == .house) : true
    }
    let (shortest, longest): (Double, Double) = phone ? (240, 720) : (120, 480)
    let idleChance = phone ? 0.3 : 0.5
    let factor = phone ? 0.96 : 1.0
    let day = Span(start: plan.sleep.sleep.end, end: plan.windowEnd)
    let parts = phone ? [day] : subtract(day, plan.watchOff)
    for part in parts {
      var t = part.start + Int64(rng.int(60...400))
      var next = 0
      while t < part.end - 60 {
        let piece = Span(start: t, end: min(part.end, t + Int64(rng.uniform(shortest, longest))))
        t = piece.end
        while next < seen.count && seen[next].span.end <= piece.start { next += 1 }
        var steps = 0.0
        var walked: Int64 = 0
        var metres = 0.0
        var kind = BoutKind.house
        var most = 0.0
        for b in seen[next...] {
          guard b.span.start < piece.end else { break }
          let seconds = min(b.span.end, piece.end) - max(b.span.start, piece.start)
          guard seconds > 0 else { continue }
          let n = b.cadence / 60 * Double(seconds) * factor
          steps += n
          metres += n * b.stride
          walked += seconds
          if n > most {
            most = n
            kind = b.kind
          }
        }
        let moved = walked > 0 || rng.chance(idleChance)
        let idle = moved ? rng.uniform(0, 1.6) * Double(piece.length - walked) / 60 : 0
        steps = ((steps + idle) * rng.normal(1, 0.03)).rounded()
        guard steps > 0 else { continue }
        metres += idle * 0.6
        chunks.append(
          MovementChunk(
            span: piece, steps: steps, stride: metres / steps, kind: kind,
            cadence: steps / (Double(piece.length) / 60)))
      }
    }
    return chunks
  }
}

extension RecordFactory {
  /// The sleep app's night (`AppleShape.sleepApp`): in bed from about the bedtime to about
  /// getting up, and asleep (unspecified stage) from about the watch's sleep start to its
  /// end, broken by one or two short awake pieces. Its own stream, so the other records
  /// stay as they are.
  func sleepAppNight(_ plan: DayPlan, into all: inout [(SleepSegment, DeviceSource)]) {
    guard plan.night != nil else { return }
    var rng = stream(plan, 270)
    let bed = plan.sleep.inBed
    let asleep = plan.sleep.sleep
    all.append(
      (
        SleepSegment(
          span: Span(
            start: bed.start + Int64(rng.int(-300...300)), end: bed.end + Int64(rng.int(-300...300))
          ),
          stage: .inBed), .sleepApp
      ))
    var start = asleep.start + Int64(rng.int(0...600))
    let end = asleep.end + Int64(rng.int(-600...120))
    let breaks = rng.int(1...2)
    for k in 1...breaks {
      let cut = start + (end - start) * Int64(k) / Int64(breaks + 1) + Int64(rng.int(-1200...1200))
      let awake = Int64(rng.int(120...900))
      all.append(
        (SleepSegment(span: Span(start: start, end: cut), stage: .asleepUnspecified), .sleepApp))
      all.append((SleepSegment(span: Span(start: cut, end: cut + awake), stage: .awake), .sleepApp))
      start = cut + awake
    }
    all.append(
      (SleepSegment(span: Span(start: start, end: end), stage: .asleepUnspecified), .sleepApp))
  }
}
