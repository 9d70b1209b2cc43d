import HealthModel

/// The statistics attributes of iOS 8 records (docs/ingest-apple.md, "iOS 8 statistics
/// records"): a `Record` with `min`, `max`, `average` and `recordCount` (and for a sum,
/// `sum`) instead of `value`. iOS 8 exported a quantity's readings of an interval as one
/// such record; a record of one reading has `recordCount="1"` and all three equal.
struct RecordStatistics {
  var minimum: Double?
  var maximum: Double?
  var average: Double?
  var sum: Double?
  var count: Double?
  /// The text of an attribute that is not a number, for the reject.
  var bad: (name: String, text: String)?

  /// Whether any statistics attribute was present.
  var isPresent: Bool {
    minimum != nil || maximum != nil || average != nil || sum != nil || count != nil
      || bad != nil
  }

  /// A value, or why there is none.
  enum Outcome {
    case success(Double)
    case failure(RecordProblem)
  }

  /// The record's value: for a cumulative type the `sum`, else `average × recordCount` (the
  /// total of the readings whose mean is `average`); for any other type the `average`, or
  /// the single value of a record whose `min` equals its `max`. Nil with the reason when
  /// the attributes do not give one.
  func value(cumulative: Bool) -> Outcome {
    if let bad {
      return .failure(
        RecordProblem(code: .badNumber, reason: "\(bad.name) '\(bad.text)' is not a number"))
    }
    if cumulative {
      if let sum { return .success(sum) }
      if let average, let count, count >= 1 { return .success(average * count) }
      return .failure(
        RecordProblem(
          code: .missingField,
          reason: "statistics record of a summed type without sum, or average and recordCount"))
    }
    if let average { return .success(average) }
    if let minimum, let maximum, minimum == maximum { return .success(minimum) }
    return .failure(
      RecordProblem(
        code: .missingField,
        reason: "statistics record without average (and min differs from max)"))
  }
}

extension AppleExportParser {
  /// Notes a statistics attribute of the record's start tag (`n` is its name).
  func noteStatistic(_ n: UnsafeRawBufferPointer, _ a: XMLAttribute) {
    guard n.count == 3 || n.count == 7 || n.count == 11 else { return }
    let name: String
    if bytesEqual(n, "min") {
      name = "min"
    } else if bytesEqual(n, "max") {
      name = "max"
    } else if bytesEqual(n, "sum") {
      name = "sum"
    } else if bytesEqual(n, "average") {
      name = "average"
    } else if bytesEqual(n, "recordCount") {
      name = "recordCount"
    } else {
      return
    }
    guard let number = parseNumber(a) else {
      if record.statistics.bad == nil { record.statistics.bad = (name, scanner.value(of: a)) }
      return
    }
    switch name {
    case "min": record.statistics.minimum = number
    case "max": record.statistics.maximum = number
    case "sum": record.statistics.sum = number
    case "average": record.statistics.average = number
    default: record.statistics.count = number
    }
  }

  /// Emits a statistics record without `value` as one sample (value as
  /// `RecordStatistics.value`, with its `min` and `max`), or a reject with why. Counted in
  /// the extras as `statisticsRecords` and `statisticsReadings` (the sum of `recordCount`).
  func finishStatisticsRecord(_ type: AppleType, start: ParsedDate, end: ParsedDate, offset: Int32)
    throws
  {
    let stats = record.statistics
    let cumulative =
      type.metric.info.map { $0.kind == .cumulative }
      ?? HealthKitQuantityTypes.entry(named: type.raw)?.style.isCumulative ?? false
    switch stats.value(cumulative: cumulative) {
    case .failure(let problem):
      record.note(problem.code, problem.reason)
      try rejectRecord(type.raw)
    case .success(let value):
      sink.extra["statisticsRecords", default: 0] += 1
      sink.extra["statisticsReadings", default: 0] += Int64(stats.count ?? 1)
      let kind: SourceKind =
        record.userEntered ? .manual : (record.device.isEmpty ? .app : record.deviceKind)
      var sample = Sample(
        metric: type.metric, start: start.epoch, end: end.epoch, utcOffset: offset,
        value: value, unit: record.unit, source: record.source, device: record.device,
        sourceKind: kind, userEntered: record.userEntered, hrvKind: type.hrvKind,
        origin: sink.origin(record.line))
      if !cumulative {
        sample.minimum = stats.minimum
        sample.maximum = stats.maximum
      }
      try sink.keep(sample, counter: type.counter)
    }
  }
}
