import HealthModel

extension GarminFITMapper {
  /// Keeps the file's held readings, by id: the file's few series are resolved once each
  /// (`SampleTarget`, through a `VendorTargetCache`), and a reading of the same series as
  /// the one before it (the same three texts by representation, while `pending` holds
  /// them, and the same HRV kind) takes that one's resolution without building its target.
  /// A series the sink would not take by id is kept as `Sample`s, as before.
  func keepPending() throws {
    let source = sourceName
    let deviceText = deviceText
    let kind = device.kind
    let targets = VendorTargetCache(slots: 16)
    let resolve = { [sink] (t: VendorRows.Target) in
      sink.target(
        metric: t.metric, unit: t.unit, category: t.category, source: source,
        device: deviceText, sourceKind: kind, hrvKind: t.hrv)
    }
    var lastKey: VendorTargetCache.Key?
    var lastResolved: SampleTarget?
    let held = pending
    try held.withUnsafeBufferPointer { readings in
      for i in readings.indices {
        sink.read(readings[i].counter)
        let key = VendorTargetCache.Key(
          metric: readings[i].metric, unit: readings[i].unit,
          category: readings[i].category, kind: kind, hrv: readings[i].hrv)
        if key == nil || key != lastKey {
          let h = readings[i]
          let target = VendorRows.Target(
            metric: h.metric, unit: h.unit, hrv: h.hrv, kind: kind, category: h.category)
          lastResolved = targets.find(target, resolve: resolve)
          lastKey = key
        }
        guard let resolved = lastResolved else {
          try keepAsSample(readings[i], source: source, device: deviceText, kind: kind)
          continue
        }
        let h = readings[i]
        try sink.keep(
          resolved, counter: h.counter, start: h.start, end: h.end,
          utcOffset: offset(at: h.start), value: h.value, minimum: h.minimum,
          maximum: h.maximum, record: recordBase + h.record)
      }
    }
  }

  /// Keeps one held reading as a `Sample` (its series cannot be kept by id).
  private func keepAsSample(
    _ h: GarminHeldSample, source: String, device: String, kind: SourceKind
  ) throws {
    try sink.keep(
      Sample(
        metric: h.metric, start: h.start, end: h.end, utcOffset: offset(at: h.start),
        value: h.value, minimum: h.minimum, maximum: h.maximum, unit: h.unit,
        category: h.category, source: source, device: device, sourceKind: kind,
        hrvKind: h.hrv, origin: sink.origin(recordBase + h.record)), counter: h.counter)
  }
}
