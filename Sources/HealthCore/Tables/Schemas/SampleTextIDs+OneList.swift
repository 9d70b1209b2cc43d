import HealthModel

extension TableWriter where Record == Sample {
  /// Appends one sample whose five texts are ids into the one list `texts` (a reader's
  /// interned texts, ingest's `SampleRowWriter`): the bytes of appending the `Sample` with
  /// those texts, without a `String` per row and with one list to hand on instead of five
  /// (`SampleTextLists`).
  @inline(__always)
  public func append(
    _ ids: SampleTextIDs, in texts: [String], start: Int64, end: Int64, utcOffset: Int32,
    value: Double, minimum: Double?, maximum: Double?, sourceKind: SourceKind,
    hrvKind: HRVKind, origin: Origin
  ) throws {
    try appendRow { row in
      Sample.writeRow(
        to: &row, start: start, end: end, utcOffset: utcOffset, value: value,
        minimum: minimum, maximum: maximum, sourceKind: sourceKind, userEntered: false,
        hrvKind: hrvKind, origin: origin
      ) { row, column in
        switch column {
        case .metric: row.string(id: ids.metric, in: texts)
        case .unit: row.string(id: ids.unit, in: texts)
        case .category: row.string(id: ids.category, in: texts)
        case .source: row.string(id: ids.source, in: texts)
        case .device: row.string(id: ids.device, in: texts)
        }
      }
    }
  }
}
