import HealthModel
import HealthSystem

/// Why one value of a data point could not be used; becomes a rejects row.
struct AutoExportPointProblem: Error {
  var code: RejectCode
  var reason: String
  var value: String = ""
}

/// The metric a data point belongs to.
struct AutoExportMetricContext {
  /// Index in `data.metrics`.
  let index: Int
  /// The name as written (the per-type count key); `(unnamed metric)` when missing.
  let name: String
  /// Why the metric itself is unusable (no name), if it is.
  let problem: AutoExportPointProblem?
  /// Catalog id, or the name for metrics the catalog does not know.
  let id: MetricID
  /// `units` as written, or empty.
  let unit: String
  /// HRV kind of the catalog entry.
  let hrv: HRVKind
  /// Whether this is `sleep_analysis`.
  let isSleep: Bool

  init(index: Int, name: String?, nameProblem: AutoExportPointProblem?, units: String?) {
    self.index = index
    let n = name ?? "(unnamed metric)"
    self.name = n
    let info = name.flatMap { MetricCatalog.byAutoExportName[$0] }
    id = info?.id ?? MetricID(n)
    unit = units ?? ""
    hrv = info?.hrvKind ?? .none
    isSleep = info?.id == .sleep
    problem =
      name == nil
      ? (nameProblem
        ?? AutoExportPointProblem(
          code: .missingField, reason: "the metric has no name (data.metrics[\(index)].name)"))
      : nil
  }
}

/// Walks a Health Auto Export JSON document: `data.metrics[]` and `data.workouts[]`; other
/// members of `data` (stateOfMind, medications, ecg, ...) are skipped and counted.
///
/// Keys come in any order. When a metric's `data` array comes before its `name` or `units`,
/// the array is first skipped (fast, brackets and strings only), then read again from a saved
/// position once the metric object is complete: memory stays bounded and the file is read at
/// most twice in those places.
final class AutoExportJSONParser {
  let t: JSONTokenizer
  let sink: IngestSink
  @exclusivity(unchecked) var zone: LocalTimeZone
  let progress: ProgressMeter
  let point = JSONFlatObject()
  /// Data points and workouts met so far (the origin's record number).
  @exclusivity(unchecked) var record: Int64 = 0
  let sources = TextInterner()
  let categories = TextInterner()
  @exclusivity(unchecked) var kinds = SourceKindCache(AutoExportSource.kind(of:))
  /// Where the current data point is (metric index, or -1 for workouts; point index), for
  /// messages: the path text is made only when a message needs it.
  @exclusivity(unchecked) var pointAt = (metric: 0, index: 0)

  /// `data.metrics[3].data[17]` or `data.workouts[2]`.
  var pointPath: String {
    pointAt.metric < 0
      ? "data.workouts[\(pointAt.index)]" : "data.metrics[\(pointAt.metric)].data[\(pointAt.index)]"
  }

  init(tokenizer: JSONTokenizer, sink: IngestSink, zone: LocalTimeZone, progress: ProgressMeter) {
    t = tokenizer
    self.sink = sink
    self.zone = zone
    self.progress = progress
  }

  static let notHAE =
    "this JSON file is not a Health Auto Export export; export again from the app's JSON format"

  func run() throws {
    let root = try t.next()
    guard root == .beginObject else {
      throw t.structureError(
        "the JSON document is \(root.noun), not an object with a \"data\" member", hint: Self.notHAE
      )
    }
    var sawData = false
    while true {
      let token = try t.next()
      if token == .endObject { break }
      if t.textEquals("data") {
        // A second `data` would silently drop or double the first one's points.
        if sawData { throw repeatedMember("data", in: "the document") }
        sawData = true
        let value = try t.next()
        guard value == .beginObject else {
          throw t.structureError(
            "data is \(value.noun), not an object", hint: Self.notHAE, path: "data")
        }
        try readData()
      } else {
        let key = t.textString
        sink.count(extra: "notKept.\(key)", try skipCountingEntries())
      }
    }
    // Only blanks may follow the root object (the tokenizer rejects anything else).
    _ = try t.next()
    guard sawData else {
      throw t.structureError("the document has no \"data\" member", hint: Self.notHAE)
    }
    progress.update(bytes: t.bytesConsumed, records: record)
  }

  private func readData() throws {
    var sawMetrics = false
    var sawWorkouts = false
    while true {
      let token = try t.next()
      if token == .endObject { return }
      if t.textEquals("metrics") {
        if sawMetrics { throw repeatedMember("metrics", in: "data") }
        sawMetrics = true
        try readMetrics()
      } else if t.textEquals("workouts") {
        if sawWorkouts { throw repeatedMember("workouts", in: "data") }
        sawWorkouts = true
        try readWorkouts()
      } else {
        let key = t.textString
        sink.count(extra: "notKept.data.\(key)", try skipCountingEntries())
      }
    }
  }

  /// Exit 65 for a key that appears twice in the document or in `data`: which of the two
  /// holds the data cannot be told, and keeping either would silently drop the other
  /// (docs/reliability.md, "Duplicates and mixed shapes").
  private func repeatedMember(_ key: String, in object: String) -> HealthError {
    t.structureError(
      "\(object) has the key '\(key)' twice; which one holds the data cannot be told",
      hint: "export the file again from Health Auto Export, or merge the two by hand",
      path: object == "data" ? "data.\(key)" : key)
  }

  private func readMetrics() throws {
    let open = try t.next()
    guard open == .beginArray else {
      throw t.structureError(
        "data.metrics is \(open.noun), not an array", hint: Self.notHAE, path: "data.metrics")
    }
    var m = -1
    while true {
      let token = try t.next()
      if token == .endArray { return }
      m += 1
      guard token == .beginObject else {
        if token == .beginArray { try t.skipRestOfContainer() }
        record += 1
        try reject(
          type: "(metric)",
          AutoExportPointProblem(
            code: .wrongType,
            reason:
              "data.metrics[\(m)] is \(token.noun), not a metric object (line \(t.tokenLineColumn))"
          ))
        continue
      }
      try readMetric(index: m)
    }
  }

  /// Reads one metric object; its `data` is read once `name` and `units` are known.
  private func readMetric(index m: Int) throws {
    var name: String?
    var units: String?
    var nameProblem: AutoExportPointProblem?
    var deferred: JSONMark?
    var done = false
    var seenName = false
    var seenUnits = false
    while true {
      let token = try t.next()
      if token == .endObject { break }
      if t.textEquals("name") || t.textEquals("units") {
        let isName = t.textEquals("name")
        // A second name or units could silently file the data under another metric.
        if isName ? seenName : seenUnits {
          let key = isName ? "name" : "units"
          throw t.structureError(
            "data.metrics[\(m)] has the key '\(key)' twice", hint: Self.notHAE,
            path: "data.metrics[\(m)].\(key)")
        }
        if isName { seenName = true } else { seenUnits = true }
        let value = try t.next()
        if value == .string {
          if isName { name = t.textString } else { units = t.textString }
        } else {
          if value == .beginArray || value == .beginObject { try t.skipRestOfContainer() }
          if isName {
            nameProblem = AutoExportPointProblem(
              code: .wrongType,
              reason:
                "data.metrics[\(m)].name is \(value.noun), not a string (line \(t.tokenLineColumn))"
            )
          }
        }
      } else if t.textEquals("data") {
        // A second `data` would be skipped and its points lost without a count.
        if done || deferred != nil {
          throw t.structureError(
            "data.metrics[\(m)] has the key 'data' twice; which one holds the data cannot be told",
            hint: Self.notHAE, path: "data.metrics[\(m)].data")
        }
        if name != nil && units != nil {
          try readPoints(
            AutoExportMetricContext(index: m, name: name, nameProblem: nil, units: units))
          done = true
        } else {
          let mark = t.mark()
          do {
            try t.skipValueUnchecked()
          } catch {
            // Cut short or broken inside: read it properly to report the exact place.
            t.reset(to: mark)
            try t.skipValue()
            throw error
          }
          deferred = mark
        }
      } else {
        try t.skipValue()
      }
    }
    guard let mark = deferred else { return }
    t.reset(to: mark)
    try readPoints(
      AutoExportMetricContext(index: m, name: name, nameProblem: nameProblem, units: units))
    // The rest of the metric object was read on the first pass.
    while true {
      let token = try t.next()
      if token == .endObject { return }
      try t.skipValue()
    }
  }

  private func readPoints(_ ctx: AutoExportMetricContext) throws {
    let open = try t.next()
    guard open == .beginArray else {
      if open == .beginObject { try t.skipRestOfContainer() }
      record += 1
      return try reject(
        type: ctx.name,
        AutoExportPointProblem(
          code: .wrongType,
          reason:
            "data.metrics[\(ctx.index)].data is \(open.noun), not an array (line \(t.tokenLineColumn))"
        ))
    }
    var decider = DailyIntervalDecider()
    var j = -1
    while true {
      let token = try t.next()
      if token == .endArray { break }
      j += 1
      record += 1
      pointAt = (ctx.index, j)
      guard token == .beginObject else {
        if token == .beginArray { try t.skipRestOfContainer() }
        try reject(
          type: ctx.name,
          AutoExportPointProblem(
            code: .wrongType,
            reason:
              "\(pointPath) is \(token.noun), not a data point object (line \(t.tokenLineColumn))"))
        continue
      }
      try point.read(from: t)
      if let problem = point.problem {
        try reject(type: ctx.name, unreadable(problem))
      } else if let problem = ctx.problem {
        try reject(type: ctx.name, problem)
      } else if ctx.isSleep {
        try readSleepPoint(ctx)
      } else {
        try readPoint(ctx, decider: &decider)
      }
      if record & 0xFFF == 0 { progress.update(bytes: t.bytesConsumed, records: record) }
    }
    try decider.finish { try keep($0, type: ctx.name) }
  }

  private func readWorkouts() throws {
    let open = try t.next()
    guard open == .beginArray else {
      throw t.structureError(
        "data.workouts is \(open.noun), not an array", hint: Self.notHAE, path: "data.workouts")
    }
    var w = -1
    while true {
      let token = try t.next()
      if token == .endArray { return }
      w += 1
      record += 1
      pointAt = (-1, w)
      guard token == .beginObject else {
        if token == .beginArray { try t.skipRestOfContainer() }
        try reject(
          type: "workout",
          AutoExportPointProblem(
            code: .wrongType,
            reason:
              "\(pointPath) is \(token.noun), not a workout object (line \(t.tokenLineColumn))"))
        continue
      }
      try point.read(from: t)
      if let problem = point.problem {
        try reject(type: "workout", unreadable(problem))
        continue
      }
      try readWorkout()
    }
  }

  /// The problem of an object read with a repeated key or past a limit of `JSONFlatObject`
  /// (docs/reliability.md, "Limits"): the whole point or workout is a `malformed` reject.
  private func unreadable(_ problem: JSONFlatObject.Problem) -> AutoExportPointProblem {
    AutoExportPointProblem(
      code: .malformed,
      reason: "\(pointPath) \(problem.reason) (line \(point.startLineColumn))")
  }

  /// Skips a value not read (`stateOfMind`, `ecg`, ...): an array counts its elements, any
  /// other value counts one.
  private func skipCountingEntries() throws -> Int64 {
    switch try t.next() {
    case .beginArray: return Int64(try t.skipRestOfContainer())
    case .beginObject:
      try t.skipRestOfContainer()
      return 1
    default: return 1
    }
  }

  // MARK: - Sink

  /// Reads and keeps one sample.
  func keep(_ sample: Sample, type: String) throws {
    sink.read(type: type)
    try sink.keep(sample, type: type)
  }

  /// Reads and rejects one would-be sample.
  func reject(
    type: String, _ problem: AutoExportPointProblem, metric: String? = nil,
    time: ResolvedTime? = nil,
    unit: String = "", source: String = ""
  ) throws {
    sink.read(type: type)
    try sink.reject(
      type: type, code: problem.code, reason: problem.reason, metric: metric, start: time?.epoch,
      utcOffset: time?.offset, value: problem.value, unit: unit, source: source, record: record)
  }

  // MARK: - Fields

  /// `qty is a string where a number belongs (data.metrics[3].data[17].qty, line 120:19)`.
  func place(_ i: Int) -> String { "\(pointPath).\(point.key(i)), line \(point.lineColumn(i))" }

  /// The number in member `key`; nil when absent; a problem when it is not a number.
  func number(_ key: StaticString) throws(AutoExportPointProblem) -> Double? {
    guard let i = point.index(of: key) else { return nil }
    return try number(at: i)
  }

  func number(at i: Int) throws(AutoExportPointProblem) -> Double {
    let f = point.fields[i]
    guard f.kind == .number else {
      throw AutoExportPointProblem(
        code: .wrongType,
        reason: "\(point.key(i)) is \(f.kind.noun) where a number belongs (\(place(i)))",
        value: point.valueText(i))
    }
    return f.number
  }

  /// The string in member `key`; nil when absent; a problem when it is not a string.
  func string(_ key: StaticString) throws(AutoExportPointProblem) -> String? {
    guard let i = point.index(of: key) else { return nil }
    guard point.fields[i].kind == .string else {
      throw AutoExportPointProblem(
        code: .wrongType,
        reason:
          "\(point.key(i)) is \(point.fields[i].kind.noun) where a string belongs (\(place(i)))",
        value: point.valueText(i))
    }
    return point.string(i)
  }

  /// The date in member `key`, its offset settled; nil when absent.
  func date(_ key: StaticString) throws(AutoExportPointProblem) -> ResolvedTime? {
    guard let i = point.index(of: key) else { return nil }
    return try date(at: i)
  }

  func date(at i: Int) throws(AutoExportPointProblem) -> ResolvedTime {
    guard point.fields[i].kind == .string else {
      throw AutoExportPointProblem(
        code: .wrongType,
        reason:
          "\(point.key(i)) is \(point.fields[i].kind.noun) where a date belongs (\(place(i)))",
        value: point.valueText(i))
    }
    guard let ts = point.withText(i, { TimestampParser.parse($0) }) else {
      throw AutoExportPointProblem(
        code: .badDate,
        reason: "\(point.key(i)) '\(point.string(i))' is not a date (\(place(i)))",
        value: point.string(i))
    }
    return ResolvedTime.resolve(ts, zone: &zone, sink: sink, what: "Dates in the JSON")
  }

  /// A required date.
  func requiredDate(_ key: StaticString) throws(AutoExportPointProblem) -> ResolvedTime {
    guard let d = try date(key) else { throw missing(key) }
    return d
  }

  func missing(_ key: StaticString) -> AutoExportPointProblem {
    AutoExportPointProblem(
      code: .missingField,
      reason: "no \(key) (\(pointPath).\(key), object at line \(point.startLineColumn))")
  }

  /// The `source` member (interned), or Health Auto Export's own name when absent.
  func source(_ key: StaticString = "source") throws(AutoExportPointProblem) -> String? {
    guard let i = point.index(of: key) else { return nil }
    guard point.fields[i].kind == .string else {
      throw AutoExportPointProblem(
        code: .wrongType,
        reason: "\(key) is \(point.fields[i].kind.noun) where a string belongs (\(place(i)))",
        value: point.valueText(i))
    }
    return point.withText(i) { sources.string($0) }
  }
}
