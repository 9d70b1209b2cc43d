import HealthCore
import HealthModel

/// Builds the rejects rows of the clean stage: code, a reason with the numbers involved,
/// the value and unit as read, and the origin. Reasons are written from a `RejectRecord`
/// when the rejects table is written, so nothing but a status byte is held per reject
/// until then.
struct RejectReasons {
  /// The pools the records' ids point into.
  let pools: SampleStore
  let priority: SourcePriority
  let inputs: [InputDescriptor]

  /// The reject row of a record.
  func reject(_ record: RejectRecord) -> Reject {
    let row = record.row
    let code = row.status.rejectCode ?? .malformed
    return Reject(
      stage: "clean", code: code, reason: reason(record), metric: pools.metrics[row.metric],
      start: row.start, end: row.end, utcOffset: row.utcOffset,
      value: NumberFormatting.shortest(record.original), unit: pools.units[row.unit],
      source: pools.sources[row.source], origin: record.origin)
  }

  /// Appends the UTF-8 bytes of a record's reason to `out`: duplicates and cumulative and
  /// point overlaps from `texts`' cached parts (the same bytes, `OriginReasonTexts`), with
  /// no `String` made; the other reasons as their rules write them.
  func appendReason(
    _ record: RejectRecord, texts: inout OriginReasonTexts, to out: inout [UInt8]
  ) {
    let row = record.row
    guard row.status == .duplicate || row.status == .overlapped, record.keptSource < 1 << 30,
      let which = originKind(row)
    else {
      out.append(contentsOf: reason(record).utf8)
      return
    }
    let pools = pools
    let priority = priority
    texts.append(
      which, keptSource: record.keptSource, keptRank: record.keptRank, ownRank: row.rank,
      origin: record.keptOrigin, to: &out
    ) { at in
      // Made once per distinct (kind, winner, ranks): `OriginReasonTexts` caches the parts.
      let source = pools.sources[record.keptSource]
      let label = priority.label(ofRank: Int(record.keptRank))
      let ownLabel = priority.label(ofRank: Int(row.rank))
      switch which {
      case .duplicate: return ExactDuplicates.reason(at: at)
      case .cumulative:
        return CumulativeArbitration.reason(
          coveredBy: source, label: label, at: at, ownLabel: ownLabel)
      case .point:
        return PointArbitration.reason(
          keptSource: source, label: label, at: at, ownLabel: ownLabel)
      }
    }
  }

  /// The reason of a record, as `appendReason` writes it.
  func reason(_ record: RejectRecord, texts: inout OriginReasonTexts) -> String {
    var bytes: [UInt8] = []
    appendReason(record, texts: &texts, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Which cached kind a duplicate's or overlap's reason is, if it is one (sleep and
  /// workouts have reasons of their own).
  private func originKind(_ row: StoredSample) -> OriginReasonTexts.Kind? {
    let kind = pools.info(row)?.kind
    if kind == .sleep || kind == .workout { return nil }
    return row.status == .duplicate ? .duplicate : kind == .cumulative ? .cumulative : .point
  }

  private func reason(_ record: RejectRecord) -> String {
    let row = record.row
    let info = pools.info(row)
    switch row.status {
    case .unknownUnit:
      guard let info else { return "unknown unit" }
      return UnitNormalisation.reason(unit: pools.units[row.unit], info: info)
    case .nonFinite:
      return NonFiniteRule.reason(original: record.original, extremes: record.extremes)
    case .endBeforeStart:
      return EndBeforeStartRule.reason(start: row.start, end: row.end)
    case .futureDate:
      return FutureDateRule.reason(
        start: row.start, exportDate: inputs[Int(row.file)].exportDate ?? row.start,
        file: row.file)
    case .outOfRange:
      if !TimeRangeRule.passes(start: row.start, end: row.end, utcOffset: row.utcOffset) {
        return TimeRangeRule.reason(start: row.start, end: row.end, utcOffset: row.utcOffset)
      }
      if !IntervalLengthRule.passes(start: row.start, end: row.end) {
        return IntervalLengthRule.reason(start: row.start, end: row.end)
      }
      guard let info else { return "value is outside its range" }
      var text = RangeValidation.reason(
        value: row.value, start: row.start, end: row.end, info: info)
      let given = "\(NumberFormatting.shortest(record.original)) \(pools.units[row.unit])"
      if info.kind != .sleep && pools.units[row.unit] != info.canonicalUnit
        && !text.hasPrefix(given + " ")
      {
        text += " (given as \(given))"
      }
      return text
    case .unknownCategory:
      return SleepStageRule.reason(category: pools.categories[row.category])
    case .duplicate:
      return ExactDuplicates.reason(kept: record.keptOrigin)
    case .overlapped:
      return overlapReason(record)
    case .notInPriorityList:
      let metric = MetricID(pools.metrics[row.metric])
      return AndroidPriorityMerge.unlistedReason(
        source: pools.sources[row.source],
        category: HealthConnectCategory(metric: metric)?.title ?? "its category's",
        list: priority.healthConnect?.list(file: row.file, metric: metric) ?? [])
    case .kept, .trimmed:
      return ""
    }
  }

  private func overlapReason(_ record: RejectRecord) -> String {
    let row = record.row
    let winnerSource = pools.sources[record.keptSource]
    let metric = MetricID(pools.metrics[row.metric])
    let winnerLabel = priority.label(ofRank: Int(record.keptRank), metric: metric)
    let ownLabel = priority.label(ofRank: Int(row.rank), metric: metric)
    let at = ReasonFormatting.origin(record.keptOrigin)
    if priority.healthConnectInputs.contains(row.file),
      HealthConnectCategory.mergedMetrics.contains(metric)
    {
      return AndroidPriorityMerge.reason(
        coveredBy: winnerSource, label: winnerLabel, at: at, ownLabel: ownLabel)
    }
    switch pools.info(row)?.kind {
    case .sleep:
      return SleepArbitration.reason(
        record.sleepNote, chosenSource: winnerSource, chosenLabel: winnerLabel,
        ownLabel: ownLabel)
    case .workout:
      return WorkoutArbitration.reason(
        derived: pools.metrics[row.metric] != MetricID.workout.rawValue,
        keptSource: winnerSource, label: winnerLabel, sameRank: record.keptRank == row.rank,
        at: at, ownLabel: ownLabel)
    case .cumulative where DaySummaryArbitration.isDaySummary(row) || record.keptRank == row.rank:
      let lost = DaySummaryArbitration.isDaySummary(row) && record.keptRank <= row.rank
      return DaySummaryArbitration.reason(
        summaryLost: lost, day: LocalDay(epochSeconds: row.start, utcOffset: row.utcOffset),
        keptSource: winnerSource, label: winnerLabel, sameRank: record.keptRank == row.rank,
        at: at, ownLabel: ownLabel)
    case .cumulative:
      return CumulativeArbitration.reason(
        coveredBy: winnerSource, label: winnerLabel, at: at, ownLabel: ownLabel)
    default:
      return PointArbitration.reason(
        keptSource: winnerSource, label: winnerLabel, at: at, ownLabel: ownLabel)
    }
  }
}
