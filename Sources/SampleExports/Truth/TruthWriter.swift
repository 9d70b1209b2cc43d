/// Writes the truth CSV of a timeline (see `TruthLedger` and `SampleData/README.md`).
struct TruthWriter {
  let timeline: SyntheticTimeline

  /// Computes every measure and hands the CSV bytes to `sink`.
  func write(_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> (bytes: Int64, rows: Int) {
    var ledger = TruthLedger()
    let context = AppleTruth(timeline).fill(&ledger)
    let others = AutoExportTruth(timeline: timeline)
    others.fill(&ledger)
    let ringNights = others.fillRing(&ledger, watchAsleep: context.watchAsleep)
    // The watch's naps (docs/aggregate.md, "Sleep day"): a nap is `sleep.nap` on the date it
    // started, unless nobody recorded its sleep day's night; then it is that day's main
    // sleep, and so its asleep time.
    for nap in context.watchNaps {
      let nightRecorded =
        context.watchAsleep[nap.sleepDay] != nil || context.phoneInBed[nap.sleepDay] != nil
        || ringNights.contains(nap.sleepDay)
      if nightRecorded {
        ledger.add(nap.startDay, "sleep", "nap", nap.minutes)
      } else {
        ledger.add(nap.sleepDay, "sleep", "asleep_expected", nap.minutes)
      }
    }
    // Resting heart rate as aggregate's daily mean: the watch's readings and the ring's
    // daily value are different samples, so both count.
    var ring: [LocalDayNumber: Double] = [:]
    for row in RingExport(timeline: timeline).rows() where row.metric == "restingHeartRate" {
      ring[timeline.calendar.zones.day(of: row.start)] = row.value
    }
    for day in Set(context.watchRestingHeartRate.keys).union(ring.keys) {
      let values = (context.watchRestingHeartRate[day] ?? []) + (ring[day].map { [$0] } ?? [])
      ledger.set(day, "restingHeartRate", "mean", values.reduce(0, +) / Double(values.count))
    }
    var text = ledger.csv()
    try text.withUTF8 { try sink(UnsafeRawBufferPointer($0)) }
    return (Int64(text.utf8.count), ledger.rowCount)
  }
}
