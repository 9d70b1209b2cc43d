import HealthCore

/// Builds the rejects rows of the clean stage: code, a reason with the numbers involved,
/// the value and unit as read, and the origin. Reasons are written from the stored row when
/// the rejects table is written, so nothing but a status byte is held per reject.
struct RejectReasons {
  let store: SampleStore
  let priority: SourcePriority
  let inputs: [InputDescriptor]
  let order: SampleOrder

  /// The reject for row `index` (whose status is a reject status).
  func reject(_ index: Int) -> Reject {
    let row = store.rows[index]
    let code = row.status.rejectCode ?? .malformed
    return Reject(
      stage: "clean", code: code, reason: reason(index), metric: store.metrics[row.metric],
      start: row.start, end: row.end, utcOffset: row.utcOffset,
      value: NumberFormatting.shortest(row.original), unit: store.units[row.unit],
      source: store.sources[row.source], origin: store.origin(index))
  }

  private func reason(_ index: Int) -> String {
    let row = store.rows[index]
    let info = store.info(row)
    let extremes = row.extremes == .max ? nil : store.extremes[Int(row.extremes)]
    switch row.status {
    case .unknownUnit:
      guard let info else { return "unknown unit" }
      return UnitNormalisation.reason(unit: store.units[row.unit], info: info)
    case .nonFinite:
      return NonFiniteRule.reason(original: row.original, extremes: extremes)
    case .endBeforeStart:
      return EndBeforeStartRule.reason(start: row.start, end: row.end)
    case .futureDate:
      return FutureDateRule.reason(
        start: row.start, exportDate: inputs[Int(row.file)].exportDate ?? row.start,
        file: row.file)
    case .outOfRange:
      if !IntervalLengthRule.passes(start: row.start, end: row.end) {
        return IntervalLengthRule.reason(start: row.start, end: row.end)
      }
      guard let info else { return "value is outside its range" }
      var text = RangeValidation.reason(
        value: row.value, start: row.start, end: row.end, info: info)
      let given = "\(NumberFormatting.shortest(row.original)) \(store.units[row.unit])"
      if info.kind != .sleep && store.units[row.unit] != info.canonicalUnit
        && !text.hasPrefix(given + " ")
      {
        text += " (given as \(given))"
      }
      return text
    case .unknownCategory:
      return SleepStageRule.reason(category: store.categories[row.category])
    case .duplicate:
      return ExactDuplicates.reason(kept: store.origin(Int(row.related)))
    case .overlapped:
      return overlapReason(index)
    case .kept, .trimmed:
      return ""
    }
  }

  private func overlapReason(_ index: Int) -> String {
    let row = store.rows[index]
    let winner = store.rows[Int(row.related)]
    let winnerSource = store.sources[winner.source]
    let winnerLabel = priority.label(ofRank: Int(winner.rank))
    let ownLabel = priority.label(ofRank: Int(row.rank))
    let at = Readable.origin(store.origin(Int(row.related)))
    switch store.info(row)?.kind {
    case .sleep:
      return SleepArbitration.reason(
        day: SleepArbitration.sleepDay(end: row.end, utcOffset: row.utcOffset),
        inBed: store.categories[row.category] == SleepStage.inBed.rawValue,
        chosenSource: winnerSource, chosenLabel: winnerLabel, sameRank: winner.rank == row.rank,
        ownLabel: ownLabel)
    case .cumulative:
      return CumulativeArbitration.reason(
        coveredBy: winnerSource, label: winnerLabel, at: at, ownLabel: ownLabel)
    default:
      return PointArbitration.reason(
        keptSource: winnerSource, label: winnerLabel, at: at, ownLabel: ownLabel)
    }
  }
}
