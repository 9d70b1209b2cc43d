import HealthModel

/// `data.workouts[]`, versions 1 and 2.
///
/// Each workout gives a `workout` sample (value = minutes; category = `name`, the activity
/// as the app writes it, e.g. `Functional Strength Training`), plus `workoutEnergy` (active
/// energy: `activeEnergyBurned`, or v1's `activeEnergy`) and `workoutDistance` (`distance`)
/// when present, all over start…end with the start's offset. Quantities may be numbers (v1)
/// or `{qty, units}` objects (v2); a bare number takes its unit from a sibling
/// `<name>Units`/`<name>Unit` member, else the unit stays empty and clean decides (it rejects
/// an unknown unit rather than guess). Minutes come from `duration` (seconds, v2; pauses
/// excluded) or, without it, from end − start. `totalEnergy` (active + resting) is not kept
/// again; arrays (`heartRateData`, `route`, `stepCount`, time-series `activeEnergy`, ...)
/// are skipped; both are counted in the extras as `notKept.workouts.<member>`.
///
/// A workout without a usable `name`, `start` or `end` is one record, rejected once (type
/// `workout`); otherwise energy and distance are records of their own.
extension AutoExportJSONParser {
  func readWorkout() throws {
    for i in point.fields.indices {
      let f = point.fields[i]
      if f.kind == .beginArray {
        sink.count(extra: "notKept.workouts.\(point.key(i))", Int64(f.elementCount))
      }
    }
    if point.index(of: "totalEnergy") != nil || point.index(of: "totalEnergy.qty") != nil {
      sink.extra["notKept.workouts.totalEnergy", default: 0] += 1
    }
    let name: String
    let start: ResolvedTime
    let end: ResolvedTime
    let source: String
    let minutes: Double
    do throws(AutoExportPointProblem) {
      guard let n = try string("name") else { throw missing("name") }
      name = categories.string(n)
      start = try requiredDate("start")
      end = try requiredDate("end")
      source = try self.source() ?? AutoExportSource.defaultName
      if let seconds = try quantity("duration", defaultUnit: "s") {
        guard let d = UnitTable.definition(of: seconds.unit.isEmpty ? "s" : seconds.unit),
          d.dimension == .time
        else {
          throw AutoExportPointProblem(
            code: .unknownUnit, reason: "duration in '\(seconds.unit)' (\(pointPath).duration)")
        }
        minutes = seconds.value * d.factor / 60
      } else {
        minutes = Double(end.epoch - start.epoch) / 60
      }
    } catch {
      return try reject(type: "workout", error, metric: MetricID.workout.rawValue)
    }
    let kind = kinds.kind(of: source)
    func sample(_ metric: MetricID, _ value: Double, _ unit: String) -> Sample {
      Sample(
        metric: metric, start: start.epoch, end: end.epoch, utcOffset: start.offset, value: value,
        unit: unit, category: name, source: source, sourceKind: kind, origin: sink.origin(record))
    }
    try keep(sample(.workout, minutes, "min"), type: "workout")
    for (keys, metric) in [
      (["activeEnergyBurned", "activeEnergy"], MetricID.workoutEnergy),
      (["distance"], MetricID.workoutDistance),
    ] {
      var found: (value: Double, unit: String)?
      do throws(AutoExportPointProblem) {
        for key in keys where found == nil { found = try quantity(key, defaultUnit: "") }
      } catch {
        try reject(
          type: metric.rawValue, error, metric: metric.rawValue, time: start, source: source)
        continue
      }
      if let q = found { try keep(sample(metric, q.value, q.unit), type: metric.rawValue) }
    }
  }

  /// A quantity member: a number (unit from a `<key>Units`/`<key>Unit` sibling, else
  /// `defaultUnit`) or an object `{qty, units}`; nil when absent or an array (a time series).
  private func quantity(_ key: String, defaultUnit: String) throws(AutoExportPointProblem) -> (
    value: Double, unit: String
  )? {
    if let i = point.index(ofKey: key), point.fields[i].kind != .beginObject {
      switch point.fields[i].kind {
      case .number:
        var unit = defaultUnit
        for suffix in ["Units", "Unit"] {
          if let u = point.index(ofKey: key + suffix), point.fields[u].kind == .string {
            unit = point.string(u)
            break
          }
        }
        return (point.fields[i].number, unit)
      case .beginArray: return nil
      default:
        throw AutoExportPointProblem(
          code: .wrongType,
          reason: "\(key) is \(point.fields[i].kind.noun) where a number belongs (\(place(i)))",
          value: point.valueText(i))
      }
    }
    guard let q = point.index(ofKey: key + ".qty") else {
      // `{"distance": {"km": 5}}`: an object of another shape is not a missing value.
      if let i = point.index(ofKey: key) {
        throw AutoExportPointProblem(
          code: .wrongType, reason: "\(key) is an object without a qty member (\(place(i)))",
          value: point.valueText(i))
      }
      return nil
    }
    let value = try number(at: q)
    var unit = defaultUnit
    if let u = point.index(ofKey: key + ".units") ?? point.index(ofKey: key + ".unit"),
      point.fields[u].kind == .string
    {
      unit = point.string(u)
    }
    return (value, unit)
  }
}
