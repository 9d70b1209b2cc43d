import HealthModel

extension TableWriter where Record == Sample {
  /// Appends one sample whose five texts are ids into one list of texts (a reader's
  /// interned texts, ingest's `SampleRowWriter`), `text` giving an id's text: the bytes of
  /// appending the `Sample` with those texts. `text` is called only at an id's first row in
  /// a block, so a row costs no `String` and no reference count of the list.
  @inline(__always)
  public func append(
    _ ids: SampleTextIDs, text: (UInt32) -> String, start: Int64, end: Int64, utcOffset: Int32,
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
        case .metric: row.string(id: ids.metric) { text(ids.metric) }
        case .unit: row.string(id: ids.unit) { text(ids.unit) }
        case .category: row.string(id: ids.category) { text(ids.category) }
        case .source: row.string(id: ids.source) { text(ids.source) }
        case .device: row.string(id: ids.device) { text(ids.device) }
        }
      }
    }
  }
}
