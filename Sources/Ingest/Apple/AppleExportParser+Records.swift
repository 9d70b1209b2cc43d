import HealthModel

extension AppleExportParser {
  /// Reads a top-level `Record` start tag into `record`.
  func beginRecord() {
    record = PendingRecord()
    record.line = Int64(scanner.tagLine)
    if let defect = scanner.defect { record.note(.malformed, defect) }
    var typeAttr: XMLAttribute?
    var valueAttr: XMLAttribute?
    var startAttr: XMLAttribute?
    var endAttr: XMLAttribute?
    var sourceAttr: XMLAttribute?
    var legacySourceAttr: XMLAttribute?
    for i in 0..<scanner.attributeCount {
      let a = scanner.attribute(i)
      let n = scanner.name(of: a)
      switch n.count {
      case 4:
        if bytesEqual(n, "type") {
          typeAttr = a
        } else if bytesEqual(n, "unit") {
          record.unit = intern(a, in: &units)
        }
      case 5: if bytesEqual(n, "value") { valueAttr = a }
      case 6:
        if bytesEqual(n, "device") {
          let d = device(a)
          record.device = d.text
          record.deviceKind = d.kind
        } else if bytesEqual(n, "source") {
          legacySourceAttr = a
        }
      case 7: if bytesEqual(n, "endDate") { endAttr = a } else { noteStatistic(n, a) }
      case 9: if bytesEqual(n, "startDate") { startAttr = a }
      case 10:
        if bytesEqual(n, "sourceName") {
          sourceAttr = a
        } else if bytesEqual(n, "HKTimeZone") {
          record.zone = intern(a, in: &words)
        }
      case 16:
        if bytesEqual(n, "HKWasUserEntered") { record.userEntered = isYes(a) }
      default: noteStatistic(n, a)  // iOS 8's `min`, `max`, `sum`, `recordCount`
      }
    }
    // iOS 8 wrote the source as `source`; `sourceName` wins where both are present.
    if let a = sourceAttr ?? legacySourceAttr { record.source = intern(a, in: &sources) }
    if let typeAttr {
      let raw = scanner.rawValue(of: typeAttr)
      record.type = types.value(for: raw) {
        let name = scanner.value(of: typeAttr)
        return AppleType(raw: name, counter: sink.counter(for: name))
      }
    }
    noteDates(start: startAttr, end: endAttr)
    if let valueAttr {
      record.hasValue = true
      let shape = record.type?.shape ?? .quantity
      switch shape {
      case .quantity:
        record.number = parseNumber(valueAttr)
        // Kept for a possible reject; short values are stored inline by String.
        record.valueText = scanner.value(of: valueAttr)
      case .sleep, .standHour, .category:
        record.valueText = intern(valueAttr, in: &words)
      }
    }
  }

  /// Reads the record's `startDate` and `endDate` attributes, noting what is missing or bad.
  private func noteDates(start startAttr: XMLAttribute?, end endAttr: XMLAttribute?) {
    if let startAttr {
      record.start = parseDate(startAttr)
      if record.start == nil {
        record.note(
          .badDate, "startDate '\(scanner.value(of: startAttr))' is not a date with an offset")
      }
    } else {
      record.note(.missingField, "Record has no startDate")
    }
    if let endAttr {
      record.end = parseDate(endAttr)
      if record.end == nil {
        record.note(
          .badDate, "endDate '\(scanner.value(of: endAttr))' is not a date with an offset")
      }
    } else {
      record.note(.missingField, "Record has no endDate")
    }
  }

  /// The decoded device description and kind, cached by the bytes after the pointer.
  func device(_ a: XMLAttribute) -> AppleDevice {
    let raw = scanner.rawValue(of: a)
    return devices.value(for: AppleDevice.cacheKey(raw)) {
      AppleDevice(decoded: scanner.value(of: a))
    }
  }

  /// Emits the pending top-level record as a sample or a reject.
  func finishRecord() throws {
    guard let type = record.type else {
      sink.read(type: "Record")
      record.note(.missingField, "Record has no type attribute")
      return try rejectRecord("Record")
    }
    sink.read(type.counter)
    if record.problem != nil { return try rejectRecord(type.raw) }
    guard let start = record.start, let end = record.end else {
      return try rejectRecord(type.raw)
    }
    let utcOffset = offset(start: start, zone: record.zone)
    let minutes = Double(end.epoch - start.epoch) / 60
    var value: Double
    var unit = record.unit
    var category = ""
    switch type.shape {
    case .quantity:
      guard record.hasValue else {
        guard record.statistics.isPresent else {
          record.note(.missingField, "Record has no value")
          return try rejectRecord(type.raw)
        }
        return try finishStatisticsRecord(type, start: start, end: end, offset: utcOffset)
      }
      guard let number = record.number else {
        record.note(.badNumber, "value '\(record.valueText)' is not a number")
        return try rejectRecord(type.raw)
      }
      value = number
    case .sleep:
      let stage: SleepStage?
      if let known = sleepStages[record.valueText] {
        stage = known
      } else {
        stage =
          SleepStage(appleOrAutoExport: record.valueText)
          ?? AppleCategoryNumbers.sleepStage(record.valueText)
        if sleepStages.count < 64 { sleepStages[record.valueText] = stage }
      }
      guard let stage else {
        record.note(
          .unknownCategory,
          record.hasValue
            ? "sleep value '\(record.valueText)' is not a known sleep stage"
            : "sleep record has no value")
        return try rejectRecord(type.raw)
      }
      value = minutes
      unit = "min"
      category = stage.rawValue
    case .standHour:
      if let name = AppleCategoryNumbers.standHourName(record.valueText) {
        record.valueText = name
      }
      if record.valueText.hasSuffix("Stood") {
        value = 1
      } else if record.valueText.hasSuffix("Idle") {
        value = 0
      } else {
        record.note(.unknownCategory, "stand hour value '\(record.valueText)' is not Stood or Idle")
        return try rejectRecord(type.raw)
      }
      unit = "count"
      category = record.valueText
    case .category:
      value = minutes
      unit = "min"
      category = record.valueText
    }
    let kind: SourceKind =
      record.userEntered ? .manual : (record.device.isEmpty ? .app : record.deviceKind)
    let sample = Sample(
      metric: type.metric, start: start.epoch, end: end.epoch, utcOffset: utcOffset, value: value,
      unit: unit, category: category, source: record.source, device: record.device,
      sourceKind: kind, userEntered: record.userEntered, hrvKind: type.hrvKind,
      origin: sink.origin(record.line))
    try sink.keep(sample, counter: type.counter)
  }

  func rejectRecord(_ typeName: String) throws {
    let problem = record.problem ?? RecordProblem(code: .malformed, reason: "unreadable record")
    try sink.reject(
      type: typeName, code: problem.code, reason: problem.reason,
      metric: record.type?.metric.rawValue ?? typeName, start: record.start?.epoch,
      end: record.end?.epoch, utcOffset: record.start?.offset, value: record.valueText,
      unit: record.unit, source: record.source, record: record.line)
  }
}
