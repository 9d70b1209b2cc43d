import Foundation
import HealthModel

/// Turns one day's plan into the records each app writes to Health Connect (see
/// `HealthConnectSyntheticApp`). Every (day, label) has its own random stream, so a day's
/// records never depend on the other days or on the schema version, except that tables a
/// version lacks are not written.
struct HealthConnectDayRecords {
  let seed: UInt64
  let zones: ZoneSchedule
  let version: Int

  typealias Record = HealthConnectSyntheticRecord

  /// All records of the plan's day.
  func records(_ plan: DayPlan) -> [Record] {
    var out: [Record] = []
    movement(plan, &out)
    offsetChanges(plan, &out)
    heartRate(plan, &out)
    night(plan, &out)
    body(plan, &out)
    sessions(plan, &out)
    return out
  }

  /// A stream for (day, label).
  func stream(_ plan: DayPlan, _ label: UInt64) -> SeededRandom {
    SeededRandom(seed: seed, UInt64(bitPattern: Int64(plan.day)), 9000 + label)
  }

  /// An interval record from epoch seconds, with the zone's offsets at both ends.
  func interval(
    _ table: String, _ app: HealthConnectSyntheticApp, _ start: Int64, _ end: Int64,
    synced: Int64, values: [Double], manual: Bool = false
  ) -> Record {
    Record(
      table: table, app: app, start: start * 1000, end: end * 1000,
      startOffset: zones.offset(at: start), endOffset: zones.offset(at: end),
      lastModified: synced * 1000, manual: manual, values: values)
  }

  /// An instant record from epoch seconds.
  func instant(
    _ table: String, _ app: HealthConnectSyntheticApp, _ time: Int64, synced: Int64,
    values: [Double], manual: Bool = false
  ) -> Record {
    let offset = zones.offset(at: time)
    return Record(
      table: table, app: app, start: time * 1000, end: time * 1000, startOffset: offset,
      endOffset: offset, lastModified: synced * 1000, manual: manual, values: values)
  }

  /// A span minus holes.
  func subtract(_ span: Span, _ holes: [Span]) -> [Span] {
    var pieces = [span]
    for hole in holes where hole.overlaps(span) {
      pieces = pieces.flatMap { p -> [Span] in
        guard p.overlaps(hole) else { return [p] }
        var next: [Span] = []
        if p.start < hole.start { next.append(Span(start: p.start, end: hole.start)) }
        if hole.end < p.end { next.append(Span(start: hole.end, end: p.end)) }
        return next
      }
    }
    return pieces.filter { $0.length > 0 }
  }

  // MARK: Movement: steps, distance, active energy of four apps

  private func movement(_ plan: DayPlan, _ out: inout [Record]) {
    var rng = stream(plan, 1)
    for bout in plan.bouts {
      for piece in subtract(bout.span, plan.watchOff) {
        cut(piece, bout, .samsungHealth, lengths: 60...300, factor: 1, &rng, &out)
      }
      if bout.phoneCarried {
        cut(bout.span, bout, .fit, lengths: 300...900, factor: 0.96, &rng, &out)
      }
    }
    ringHours(plan, &rng, &out)
    phoneResync(plan, &rng, &out)
    if rng.chance(0.25) { fitbitHours(plan, &rng, &out) }
    if rng.chance(0.1), let walk = plan.bouts.first(where: { $0.kind == .walk }) {
      // A walk typed in by hand: ranks by its app's place, like any record.
      let steps = (walk.cadence / 60 * Double(walk.span.length)).rounded()
      out.append(
        interval(
          "steps_record_table", .healthConnect, walk.span.start, walk.span.end,
          synced: walk.span.end + 3600, values: [steps], manual: true))
    }
  }

  /// Cuts a piece of movement into records of the app: steps, distance (m) and energy (cal).
  private func cut(
    _ span: Span, _ bout: Bout, _ app: HealthConnectSyntheticApp, lengths: ClosedRange<Int>,
    factor: Double, _ rng: inout SeededRandom, _ out: inout [Record]
  ) {
    var t = span.start
    while t < span.end - 5 {
      var length = Int64(rng.int(lengths))
      if span.end - (t + length) < 40 { length = span.end - t }
      let steps = (bout.cadence / 60 * Double(length) * factor * rng.normal(1, 0.03)).rounded()
      if steps > 0 {
        let synced = t + length + Int64(rng.int(60...900))
        let metres = (steps * bout.stride * 10).rounded() / 10
        let calories = (steps * 42 * rng.normal(1, 0.05)).rounded()
        for (table, value) in [
          ("steps_record_table", steps), ("distance_record_table", metres),
          ("active_calories_burned_record_table", calories),
        ] {
          out.append(interval(table, app, t, t + length, synced: synced, values: [value]))
        }
      }
      t += length
    }
  }

  /// The ring's hourly steps and energy over the hours with movement, and now and then an
  /// instantaneous correction (a record of length zero).
  private func ringHours(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [Record]) {
    var hours: [Int64: Double] = [:]
    for bout in plan.bouts {
      var t = bout.span.start
      while t < bout.span.end {
        let hourStart = t - ((t + Int64(zones.offset(at: t))) % 3600 + 3600) % 3600
        let until = min(bout.span.end, hourStart + 3600)
        hours[hourStart, default: 0] += bout.cadence / 60 * Double(until - t) * 0.9
        t = until
      }
    }
    for hour in hours.keys.sorted() where hours[hour]! >= 1 {
      let steps = hours[hour]!.rounded()
      let synced = hour + 3600 + Int64(rng.int(600...10_800))
      out.append(
        interval("steps_record_table", .oura, hour, hour + 3600, synced: synced, values: [steps]))
      out.append(
        interval(
          "active_calories_burned_record_table", .oura, hour, hour + 3600, synced: synced,
          values: [(steps * 40).rounded()]))
    }
    if rng.chance(0.3), let bout = plan.bouts.randomElement(using: &rng) {
      let at = bout.span.start + bout.span.length / 2
      out.append(
        instant(
          "steps_record_table", .oura, at, synced: at + 7200, values: [Double(rng.int(5...40))]))
    }
  }

  /// The phone re-syncs one hour of its own records on some days: one record over the
  /// hour, modified later, with a slightly different count.
  private func phoneResync(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [Record]) {
    guard rng.chance(0.3), let bout = plan.bouts.first(where: { $0.phoneCarried }) else { return }
    let start = bout.span.start - bout.span.start % 60
    let end = start + 3600
    let own = out.filter {
      $0.app == .fit && $0.table == "steps_record_table" && $0.start < end * 1000
        && $0.end > start * 1000
    }
    let steps = (own.reduce(0) { $0 + $1.values[0] } * rng.uniform(0.97, 1.05)).rounded()
    let synced = end + 86_400 + Int64(rng.int(0...3600))
    out.append(interval("steps_record_table", .fit, start, end, synced: synced, values: [steps]))
  }

  /// Fitbit's hourly steps over the waking day (an app the person left out of the list).
  private func fitbitHours(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [Record]) {
    for bout in plan.bouts where bout.phoneCarried {
      let steps = (bout.cadence / 60 * Double(bout.span.length) * rng.normal(0.95, 0.03)).rounded()
      out.append(
        interval(
          "steps_record_table", .fitbit, bout.span.start, bout.span.end,
          synced: bout.span.end + 1800, values: [max(1, steps)]))
    }
  }

  /// A short phone record across every change of UTC offset in the day's window (DST,
  /// flights): after a fall-back or a westward flight it ends before it starts on the
  /// local timeline, which Android leaves out.
  private func offsetChanges(_ plan: DayPlan, _ out: inout [Record]) {
    for segment in zones.segments
    where segment.start > plan.windowStart && segment.start <= plan.windowEnd {
      let start = segment.start - 600
      guard zones.offset(at: start) != segment.offset else { continue }
      out.append(
        interval(
          "steps_record_table", .fit, start, segment.start + 600, synced: segment.start + 7200,
          values: [12]))
    }
  }
}
