import HealthModel

extension DecodedBlock {
  /// `records` as one block, column by column, exactly as a reader would decode them from a
  /// table file holding them: for a stage that writes the same rows in another form beside
  /// the table (aggregate's `weekly.csv` and `habits.csv`) without reading the file it has
  /// just written back. Texts, numbers (bit for bit), days, timestamps and nulls are the
  /// values `TableFileReader` gives; only the split into blocks differs, which no exporter
  /// shows.
  public init<Record: TableRecord>(records: some Collection<Record>) {
    let builders = Record.columns.map(ColumnBuilder.init)
    let unretained = builders.map { Unmanaged.passUnretained($0) }
    unretained.withUnsafeBufferPointer { list in
      guard let first = list.baseAddress else { return }
      for record in records {
        var row = RowWriter(builders: first)
        record.write(to: &row)
      }
    }
    self.init(rowCount: records.count, columns: builders.map { $0.decodedColumn() })
  }
}

extension ColumnBuilder {
  /// The builder's values as the decoded column of a block holding them.
  func decodedColumn() -> DecodedColumn {
    var column = DecodedColumn(spec: spec)
    if nullable { column.validity = Array(validity.buffer) }
    switch spec.type {
    case .int64, .day, .timestamp: column.ints = Array(ints.buffer)
    case .float64: column.doubles = Array(doubles.buffer)
    case .bool: column.bools = Array(bools.buffer)
    case .string:
      column.stringDictionary = dictionaryTexts
      column.stringIndices = Array(stringIndices.buffer)
    }
    return column
  }
}
