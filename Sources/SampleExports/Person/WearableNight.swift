import HealthModel

/// A night as a sleep wearable (ring, band, watch) of another vendor saw it: the person's
/// own night (`DayPlan.sleep`) with the device's own error on its edges and its own split
/// of the stages. The vendor writers (`Oura/`, `Whoop/`, `Withings/`) turn it into their
/// formats, so all three see the same nights as the Apple Watch.
struct WearableNight: Sendable {
  /// First asleep to final wake, as the device detected them.
  var span: Span
  /// Seconds in each stage; light + deep + REM + awake = the span's length.
  var light: Int64
  var deep: Int64
  var rem: Int64
  var awake: Int64
  /// UTC offsets at the start and the end.
  var startOffset: Int32
  var endOffset: Int32

  /// Asleep seconds.
  var asleep: Int64 { light + deep + rem }

  /// The night ending on `plan`'s morning as device `salt` saw it; nil when the device
  /// was not worn that night (about one night in 25) or the night ends after the export.
  static func of(_ plan: DayPlan, timeline: SyntheticTimeline, salt: UInt64) -> WearableNight? {
    var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(plan.day)), salt)
    guard !rng.chance(1.0 / 25) else { return nil }
    let zones = timeline.calendar.zones
    let start = plan.sleep.sleep.start + Int64(rng.normal(0, 240, within: -900, 900))
    let end = plan.sleep.sleep.end + Int64(rng.normal(0, 240, within: -900, 900))
    guard end > start + 3 * 3_600, end <= timeline.calendar.exportEpoch else { return nil }
    let length = end - start
    let awake = Int64(Double(length) * rng.uniform(0.05, 0.14))
    let asleep = length - awake
    let deep = Int64(Double(asleep) * rng.uniform(0.12, 0.22))
    let rem = rng.chance(0.15) ? 0 : Int64(Double(asleep) * rng.uniform(0.15, 0.25))
    return WearableNight(
      span: Span(start: start, end: end), light: asleep - deep - rem, deep: deep, rem: rem,
      awake: awake, startOffset: zones.offset(at: start), endOffset: zones.offset(at: end))
  }

  /// The days a vendor export covers: the ring's days (`ringDays`, ending with the Apple
  /// export's last day).
  static func days(_ timeline: SyntheticTimeline) -> ClosedRange<LocalDayNumber> {
    timeline.calendar.ringFirst...timeline.calendar.appleLast
  }

  /// Steps of a day's plan: each walking bout's cadence over its minutes.
  static func steps(_ plan: DayPlan) -> Int {
    Int(plan.bouts.reduce(0.0) { $0 + $1.cadence * Double($1.span.length) / 60 })
  }
}
