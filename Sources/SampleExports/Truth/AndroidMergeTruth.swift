/// The ground truth of a synthetic Health Connect export: each local day's total of steps,
/// distance and active energy as Android's `PriorityRecordsAggregator` computes them,
/// worked out here independently of clean, the simple and slow way
/// (docs/clean.md, "Health Connect: Android's merge"):
///
/// - each record on the local timeline by its own offsets (`start + start offset` to
///   `end + end offset`); a record of an app missing from the Activity order, or ending
///   before it starts there, is left out;
/// - a day is `[d × 24 h, (d + 1) × 24 h)` on that timeline; every instant where some record
///   starts or ends cuts the day into slices; in each slice the records covering all of it
///   are compared, and the best one (higher place in the order, then later last modified,
///   later start, later end, larger value) counts `value × slice / its length`;
/// - a record of length zero counts its value when it is the best of the records whose
///   span (ends included) holds its instant.
///
/// Nothing here shares code with clean's sweep: it looks at every record for every slice.
struct AndroidMergeTruth {
  typealias Record = HealthConnectSyntheticRecord

  /// Android's priority of an app (the order's length minus its place: higher is better);
  /// nil for an app not in the Activity order.
  static func priority(_ app: HealthConnectSyntheticApp) -> Int? {
    let order = HealthConnectSyntheticApp.priorities.first { $0.category == 1 }!.apps
    return order.firstIndex(of: app).map { order.count - $0 }
  }

  /// Whether `a` ranks below `b` in Android's comparator.
  static func worse(_ a: Record, _ b: Record) -> Bool {
    let (pa, pb) = (priority(a.app)!, priority(b.app)!)
    if pa != pb { return pa < pb }
    if a.lastModified != b.lastModified { return a.lastModified < b.lastModified }
    if a.localStart != b.localStart { return a.localStart < b.localStart }
    if a.localEnd != b.localEnd { return a.localEnd < b.localEnd }
    return a.values[0] < b.values[0]
  }

  /// Whether Android takes the record into its merge at all.
  static func takesPart(_ r: Record) -> Bool {
    priority(r.app) != nil && r.localEnd >= r.localStart
  }

  /// The day's total of `table` in the table's own unit, or nil when Android has no
  /// result for the day (no record open in it). `records` must hold every record that can
  /// reach the day.
  static func total(day: Int, table: String, records: [Record]) -> Double? {
    let dayStart = Int64(day) * 86_400_000
    let dayEnd = dayStart + 86_400_000
    let candidates = records.filter {
      $0.table == table && takesPart($0) && $0.localStart < dayEnd && $0.localEnd >= dayStart
    }
    var cuts: Set<Int64> = [dayStart, dayEnd]
    for r in candidates {
      if r.localStart > dayStart && r.localStart < dayEnd { cuts.insert(r.localStart) }
      if r.localEnd > dayStart && r.localEnd < dayEnd { cuts.insert(r.localEnd) }
    }
    let sorted = cuts.sorted()
    var total = 0.0
    var any = false
    for i in 0..<(sorted.count - 1) {
      let (a, b) = (sorted[i], sorted[i + 1])
      let open = candidates.filter {
        $0.localStart < $0.localEnd && $0.localStart <= a && $0.localEnd >= b
      }
      guard let best = open.max(by: worse) else { continue }
      any = true
      total += best.values[0] * Double(b - a) / Double(best.localEnd - best.localStart)
    }
    let instants = Set(
      candidates.filter { $0.localStart == $0.localEnd && $0.localStart >= dayStart }.map(
        \.localStart))
    for t in instants.sorted() {
      let open = candidates.filter { $0.localStart <= t && $0.localEnd >= t }
      let best = open.max(by: worse)!
      any = true
      if best.localStart == best.localEnd { total += best.values[0] }
    }
    return any ? total : nil
  }
}
