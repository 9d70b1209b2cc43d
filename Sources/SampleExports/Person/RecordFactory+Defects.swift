extension RecordFactory {
  /// Applies the day's injected defects to the records of `type` just generated: an exact
  /// duplicate, an impossible value, a record dated after the export.
  func applyDefects(
    _ type: SyntheticRecordType, _ plan: DayPlan, from before: Int, _ out: inout [SyntheticRecord]
  ) {
    let defects = plan.defects
    var rng = stream(plan, 900 + UInt64(type.rawValue))
    if defects.duplicateType == type, out.count > before {
      let i = before + defects.duplicatePick % (out.count - before)
      out[i].copies = UInt8(defects.copies)
    }
    let awake = Span(
      start: plan.sleep.sleep.end + 7200,
      end: max(plan.sleep.sleep.end + 7260, plan.windowEnd - 3600))
    let t = awake.start + Int64(rng.unit() * Double(awake.length))
    if defects.outOfRangeType == type {
      var r: SyntheticRecord
      switch type {
      case .heartRate: r = record(.heartRate, .watch, t, t, 300, &rng)
      case .oxygenSaturation: r = record(.oxygenSaturation, .watch, t, t, 0.5, &rng)
      case .steps: r = record(.steps, .phone, t, t + 60, 60_000, &rng)
      case .respiratoryRate: r = record(.respiratoryRate, .watch, t, t, 2, &rng)
      case .hrv:
        r = record(.hrv, .watch, t, t + 60, 0.5, &rng)
        r.meta |= RecordMeta.beats
      case .bodyMass:
        r = record(.bodyMass, .healthApp, t, t, 5, &rng, delay: 3...30)
        r.meta |= RecordMeta.userEntered
      default:
        r = record(
          .wristTemperature, .watch, plan.sleep.sleep.start, plan.sleep.sleep.end, 68, &rng)
      }
      r.defect = .outOfRange
      out.append(r)
    }
    if defects.futureType == type {
      var r: SyntheticRecord
      switch type {
      case .bodyMass:
        // A year typed wrong: four years (1,461 days) ahead.
        let ahead = t + 1461 * 86_400
        r = record(.bodyMass, .healthApp, ahead, ahead, 181.4, &rng)
        r.created = t + 12
        r.meta |= RecordMeta.userEntered
      case .heartRate:
        let ahead = t + 365 * 86_400
        r = record(.heartRate, .watch, ahead, ahead, 71, &rng)
        r.created = t + 40
      default:
        let ahead = calendar.exportEpoch + 2 * 86_400 + Int64(rng.int(0...86_000))
        r = record(.steps, .phone, ahead, ahead + 300, 412, &rng)
        r.created = t + 300
      }
      r.defect = .future
      out.append(r)
    }
  }
}
