import HealthModel

extension GarminFITMapper {
  /// Keeps the file's held readings, by id: each of the file's few series is resolved once
  /// (`SampleTarget`), and a reading takes its series' resolution by index. A series the
  /// sink would not take by id is kept as `Sample`s, as before.
  func keepPending() throws {
    let source = sourceName
    let deviceText = deviceText
    let kind = device.kind
    let series = heldSeries.series
    let targets = series.map { s in
      sink.target(
        metric: s.metric, unit: s.unit, category: s.category, source: source,
        device: deviceText, sourceKind: kind, hrvKind: s.hrv)
    }
    try pending.withUnsafeBufferPointer { readings in
      try targets.withUnsafeBufferPointer { targets in
        for i in readings.indices {
          let h = readings[i]
          sink.read(h.counter)
          guard let target = targets[Int(h.series)] else {
            try keepAsSample(
              h, series[Int(h.series)], source: source, device: deviceText, kind: kind)
            continue
          }
          try sink.keep(
            target, counter: h.counter, start: h.start, end: h.end,
            utcOffset: offset(at: h.start), value: h.value, minimum: h.minimum,
            maximum: h.maximum, record: recordBase + h.record)
        }
      }
    }
  }

  /// Keeps one held reading as a `Sample` (its series cannot be kept by id).
  private func keepAsSample(
    _ h: GarminHeldSample, _ s: GarminHeldSeries, source: String, device: String,
    kind: SourceKind
  ) throws {
    try sink.keep(
      Sample(
        metric: s.metric, start: h.start, end: h.end, utcOffset: offset(at: h.start),
        value: h.value, minimum: h.minimum, maximum: h.maximum, unit: s.unit,
        category: s.category, source: source, device: device, sourceKind: kind,
        hrvKind: s.hrv, origin: sink.origin(recordBase + h.record)), counter: h.counter)
  }
}
