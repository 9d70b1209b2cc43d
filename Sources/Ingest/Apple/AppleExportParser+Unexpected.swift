import HealthModel

extension AppleExportParser {
  /// Reads an element Apple never writes where it stands (a `Record` nested inside a
  /// `Record`, an unknown name) as one record and rejects it (`unexpected-element`), with
  /// what its attributes say (type, dates, value, unit, source) so the reject row can be
  /// recognised. Its descendants are counted as `insideRejectedElements`, not read.
  ///
  /// A nested `Record` counts under its `type`, like a top-level one; anything else under
  /// its element name. `inside` and `line` name the top-level element it sits in.
  func rejectUnexpected(
    _ kind: AppleElement, level: Int, inside: String? = nil, line parentLine: Int64 = 0
  ) throws {
    if !scanner.selfClosing { rejectedLevel = level }
    let name = kind == .other ? scanner.tagNameText : kind.name
    var attributes: [String: XMLAttribute] = [:]
    for i in 0..<scanner.attributeCount {
      let a = scanner.attribute(i)
      let n = scanner.name(of: a)
      for wanted in Self.describingAttributes where n.elementsEqual(wanted.utf8) {
        attributes[wanted] = a
      }
    }
    var typeName = name
    var metric = name
    if kind == .record, let a = attributes["type"] {
      let raw = scanner.rawValue(of: a)
      let type = types.value(for: raw) {
        let text = scanner.value(of: a)
        return AppleType(raw: text, counter: sink.counter(for: text))
      }
      typeName = type.raw
      metric = type.metric.rawValue
    } else if kind == .workout {
      metric = MetricID.workout.rawValue
    }
    let reason: String
    if inside != nil { wroteLineInText = true }
    switch (inside, kind.isRecordKind) {
    case (let parent?, true):
      reason =
        "a <\(name)> nested inside the <\(parent)> of line \(parentLine): Apple writes "
        + "records only at the top level (or inside a Correlation); not read"
    case (let parent?, false):
      reason =
        "<\(name)> inside the <\(parent)> of line \(parentLine) is not an element Apple "
        + "writes there; not read"
    case (nil, _):
      reason = "<\(name)> is not an element of Apple Health exports that healthpipe reads; not read"
    }
    let start = attributes["startDate"].flatMap(parseDate)
    let end = attributes["endDate"].flatMap(parseDate)
    let value = attributes["value"] ?? attributes["duration"]
    let source = attributes["sourceName"] ?? attributes["source"]
    sink.read(type: typeName)
    try sink.reject(
      type: typeName, code: .unexpectedElement, reason: reason, metric: metric,
      start: start?.epoch, end: end?.epoch, utcOffset: start?.offset,
      value: value.map { scanner.value(of: $0) } ?? "",
      unit: attributes["unit"].map { scanner.value(of: $0) } ?? "",
      source: source.map { scanner.value(of: $0) } ?? "", record: Int64(scanner.tagLine))
  }

  /// The attributes that describe a rejected element in its reject row.
  static let describingAttributes = [
    "type", "startDate", "endDate", "value", "duration", "unit", "sourceName", "source",
  ]
}
