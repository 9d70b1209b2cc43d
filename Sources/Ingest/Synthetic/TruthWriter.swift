/// Writes the truth CSV of a timeline (see `TruthLedger`).
struct TruthWriter {
  let timeline: SyntheticTimeline

  /// Computes every measure and hands the CSV bytes to `sink`.
  func write(_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> (bytes: Int64, rows: Int) {
    var ledger = TruthLedger()
    AppleTruth(timeline).fill(&ledger)
    var text = ledger.csv()
    try text.withUTF8 { try sink(UnsafeRawBufferPointer($0)) }
    return (Int64(text.utf8.count), ledger.rowCount)
  }
}
