import HealthModel

extension VendorRows {
  /// Keeps `value` of column `c` as one sample of `target` over `span`: the counts and row
  /// of `keep(sample(target, value, span), column: c)`, written by id once the column's
  /// target is resolved (`SampleTarget`, docs/performance.md, "Vendor files").
  @inline(__always)
  func keep(
    _ target: Target, _ value: Double, over span: Span, column c: Int, minimum: Double? = nil,
    maximum: Double? = nil
  ) throws {
    try keep(
      value, over: span, column: c, minimum: minimum, maximum: maximum,
      key: VendorTargetCache.Key(target)
    ) { target }
  }

  /// `keep(target(), value, over: span, column: c, ...)` with the target's key given
  /// (`key`, made with a `TargetTable`): `target` is read only on a miss of the column's
  /// slot or when the value is kept as its `Sample`.
  @inline(__always)
  func keep(
    _ value: Double, over span: Span, column c: Int, minimum: Double? = nil,
    maximum: Double? = nil, key: VendorTargetCache.Key?, _ target: () -> Target
  ) throws {
    guard let counter = counters[c], let resolved = columnTarget(c, key: key, target) else {
      var s = sample(target(), value, span)
      (s.minimum, s.maximum) = (minimum, maximum)
      return try keep(s, column: c)
    }
    countRecord()
    sink.read(counter)
    try sink.keep(
      resolved, counter: counter, start: span.start, end: span.end, utcOffset: span.offset,
      value: value, minimum: minimum, maximum: maximum, record: line)
  }

  /// Keeps `value` as one record of `type` (a file's only type: Withings' raw and daily
  /// files): the counts and row of `keep(sample(target, value, span), type: type)`.
  @inline(__always)
  func keep(_ target: Target, _ value: Double, over span: Span, type: String) throws {
    guard let resolved = typeTarget(target) else {
      return try keep(sample(target, value, span), type: type)
    }
    let counter = sink.counter(for: type)
    countRecord()
    sink.read(counter)
    try sink.keep(
      resolved, counter: counter, start: span.start, end: span.end, utcOffset: span.offset,
      value: value, record: line)
  }

  /// Keeps `values[i]` over `durations[i]` seconds, one after the other from `start`, as
  /// records of `type` (Withings' raw arrays): what `keep(_:_:over:type:)` of each does,
  /// with the target and the counter found once for the run.
  func keep(
    _ target: Target, _ values: [Double], durations: [Double], from start: Int64,
    offset: Int32, type: String
  ) throws {
    // Nothing resolved or counted for an empty run, as for no call at all.
    guard !values.isEmpty else { return }
    let resolved = typeTarget(target)
    let counter = sink.counter(for: type)
    var t = start
    for (duration, value) in zip(durations, values) {
      let span = Span(start: t, end: t + Int64(duration.rounded()), offset: offset)
      t = span.end
      guard let resolved else {
        try keep(sample(target, value, span), type: type)
        continue
      }
      countRecord()
      sink.read(counter)
      try sink.keep(
        resolved, counter: counter, start: span.start, end: span.end, utcOffset: offset,
        value: value, record: line)
    }
  }

  /// Asks the sink for `target`'s ids (`IngestSink.target`), with this file's source.
  func resolve(_ target: Target) -> SampleTarget? {
    sink.target(
      metric: target.metric, unit: target.unit, category: target.category, source: source,
      sourceKind: target.kind, hrvKind: target.hrv)
  }
}
