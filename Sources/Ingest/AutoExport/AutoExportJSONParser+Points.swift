import HealthModel

/// Data points of every metric but sleep.
extension AutoExportJSONParser {
  /// Members that are not values of their own in a generic data point.
  private static let nonValueKeys: Set<String> = [
    "date", "source", "units", "unit", "startDate", "endDate", "id",
  ]

  /// One data point: `{date, qty, source}`, `{date, Min, Avg, Max}`,
  /// `{date, systolic, diastolic}`, or another shape whose numeric members each become a
  /// sample with the member's name as category (`sexual_activity`'s `Protection Used`, ...).
  func readPoint(_ ctx: AutoExportMetricContext, decider: inout DailyIntervalDecider) throws {
    let time: ResolvedTime
    let source: String
    do {
      time = try requiredDate("date")
      source = try self.source() ?? AutoExportSource.defaultName
    } catch {
      return try reject(type: ctx.name, error, metric: ctx.id.rawValue, unit: ctx.unit)
    }
    let kind = kinds.kind(of: source)
    func emit(_ s: Sample) throws { try keep(s, type: ctx.name) }

    func sample(_ metric: MetricID, _ value: Double, category: String = "") -> Sample {
      Sample(
        metric: metric, start: time.epoch, end: time.epoch, utcOffset: time.offset, value: value,
        unit: ctx.unit, category: category, source: source, sourceKind: kind, hrvKind: ctx.hrv,
        origin: sink.origin(record))
    }
    func rejectValue(_ problem: AutoExportPointProblem, _ metric: MetricID) throws {
      try reject(
        type: ctx.name, problem, metric: metric.rawValue, time: time, unit: ctx.unit,
        source: source)
    }

    // Blood pressure: two samples.
    if point.index(of: "systolic") != nil || point.index(of: "diastolic") != nil {
      for (key, metric) in [
        ("systolic" as StaticString, MetricID.bloodPressureSystolic),
        ("diastolic", .bloodPressureDiastolic),
      ] {
        do {
          guard let v = try number(key) else { throw missing(key) }
          try decider.submit(sample(metric, v), time: time, emit: emit)
        } catch let problem as AutoExportPointProblem {
          try rejectValue(problem, metric)
        }
      }
      return
    }
    // A quantity, with an optional category word (`value`: "Complete", ...).
    if let q = point.index(of: "qty") {
      do {
        let v = try number(at: q)
        let category = try categoryText()
        try decider.submit(sample(ctx.id, v, category: category), time: time, emit: emit)
      } catch let problem as AutoExportPointProblem {
        try rejectValue(problem, ctx.id)
      }
      return
    }
    // Min / Avg / Max.
    if point.index(of: "Avg") != nil || point.index(of: "Min") != nil
      || point.index(of: "Max") != nil
    {
      do {
        guard let avg = try number("Avg") else { throw missing("Avg") }
        var s = sample(ctx.id, avg)
        s.minimum = try number("Min")
        s.maximum = try number("Max")
        try decider.submit(s, time: time, emit: emit)
      } catch let problem as AutoExportPointProblem {
        try rejectValue(problem, ctx.id)
      }
      return
    }
    // Any other shape: each numeric member is a value.
    let found = try readNumericMembers(ctx) { value, category in
      try decider.submit(sample(ctx.id, value, category: category), time: time, emit: emit)
    }
    if !found { try rejectValue(missing("qty"), ctx.id) }
  }

  /// A data point of another shape: each numeric member is a value with the member's name
  /// as category (passed to `submit`), an array member is counted as not kept. Returns
  /// whether any member was a number.
  private func readNumericMembers(
    _ ctx: AutoExportMetricContext, submit: (Double, String) throws -> Void
  ) throws -> Bool {
    var found = false
    for i in point.fields.indices {
      let key = point.key(i)
      guard !Self.nonValueKeys.contains(key) else { continue }
      switch point.fields[i].kind {
      case .number:
        found = true
        try submit(point.fields[i].number, categories.string(key))
      case .beginArray:
        sink.count(extra: "notKept.\(ctx.name).\(key)", Int64(point.fields[i].elementCount))
      default: continue
      }
    }
    return found
  }

  /// The `value` member as a category word, or empty (absent or null). Any other shape is a
  /// wrong-type reject, like every member whose shape is not the one it must have
  /// (docs/reliability.md, "Duplicates and mixed shapes").
  private func categoryText() throws(AutoExportPointProblem) -> String {
    guard let i = point.index(of: "value"), point.fields[i].kind != .null else { return "" }
    guard point.fields[i].kind == .string else {
      throw AutoExportPointProblem(
        code: .wrongType,
        reason:
          "value is \(point.fields[i].kind.noun) where a category word belongs (\(place(i)))",
        value: point.valueText(i))
    }
    return point.withText(i) { categories.string($0) }
  }
}

extension TextInterner {
  /// The shared `String` for `text`.
  func string(_ text: String) -> String {
    var copy = text
    return copy.withUTF8 { string(UnsafeRawBufferPointer($0)) }
  }
}
