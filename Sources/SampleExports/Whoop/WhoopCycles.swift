/// WHOOP's physiological cycles over the vendor days: a cycle runs from one sleep onset to
/// the next (docs/ingest-whoop.md, "Cycles"), so one that starts at 23:20 belongs to the
/// next day. The export's files all list them newest first.
struct WhoopCycles {
  /// One cycle.
  struct Cycle {
    var plan: DayPlan
    var start: Int64
    /// Nil for the newest, still open.
    var end: Int64?
    /// The night that opens it, when the band saw it.
    var night: WearableNight?
    /// The offset of its zone column (at its start).
    var offset: Int32
  }

  /// The salt of the band's view of a night.
  static let salt: UInt64 = 71

  let cycles: [Cycle]
  /// An empty placeholder cycle before the first (only times and zone), as exports have.
  let placeholder: (start: Int64, end: Int64, offset: Int32)?

  init(_ timeline: SyntheticTimeline) {
    let zones = timeline.calendar.zones
    var list: [Cycle] = []
    for day in WearableNight.days(timeline) {
      guard let plan = timeline.plan(day) else { continue }
      let night = WearableNight.of(plan, timeline: timeline, salt: Self.salt)
      let start = night?.span.start ?? (plan.sleep.sleep.start / 60 * 60)
      guard start < timeline.calendar.exportEpoch else { continue }
      if !list.isEmpty { list[list.count - 1].end = start }
      list.append(
        Cycle(plan: plan, start: start, end: nil, night: night, offset: zones.offset(at: start)))
    }
    cycles = list
    if let first = list.first {
      let midnight = zones.midnight(first.plan.day - 1)
      placeholder = (midnight - 86_400, midnight, zones.offset(at: midnight))
    } else {
      placeholder = nil
    }
  }

  /// The cycle holding an instant, newest first search.
  func cycle(at t: Int64) -> Cycle? {
    cycles.last { $0.start <= t && ($0.end.map { t < $0 } ?? true) }
  }
}

extension ByteWriter {
  /// `UTC-07:00`: WHOOP's zone column.
  func append(whoopZone offset: Int32) throws {
    try append("UTC")
    try appendOffset(offset, colon: true)
  }

  /// A WHOOP time: local wall clock in the row's zone, no offset.
  func append(whoopTime epoch: Int64, offset: Int32) throws {
    try append(localDate: epoch, offset: offset)
  }

  /// The three cycle columns: start, end (empty when open), zone.
  func append(cycle c: WhoopCycles.Cycle) throws {
    try append(whoopTime: c.start, offset: c.offset)
    try append(byte: 0x2C)
    if let end = c.end { try append(whoopTime: end, offset: c.offset) }
    try append(byte: 0x2C)
    try append(whoopZone: c.offset)
  }
}
