/// The cleaned table's rows, decided metric by metric and kept on a scratch file until
/// every metric is resolved (the table's header carries the counts, so nothing can be
/// written before): each metric's rows in table order as stored rows (a piece of a partly
/// covered sample is its row with the piece's start, end and value), with the metric's
/// side table for their min/max. Written out, they become exactly the rows
/// `CleanResult.forEachCleaned` gives.
struct CleanedPlan {
  /// Rows written or read back at a time.
  static let batchRows = 4_096

  /// One cleaned row and which part of its sample it is.
  private struct Record: BitwiseCopyable {
    var row: StoredSample
    var part: UInt8
  }

  /// One metric's planned rows and their side table on the scratch file.
  struct Entry: Sendable {
    fileprivate var rows: [SpillFile.Chunk]
    fileprivate var sides: SpillFile.Chunk
  }

  private let spill: SpillFile
  private var metrics: [Entry] = []

  /// A plan written to `spill`.
  init(spill: SpillFile) {
    self.spill = spill
  }

  /// Adds the cleaned rows of one metric of a result (pool id `metric`), in table order.
  mutating func add(_ result: CleanResult, metric: UInt32) throws {
    append(try Self.entry(result, metric: metric, spill: spill))
  }

  /// Adds a metric written by `entry(_:metric:spill:)` to this plan's file (nil: a metric
  /// without cleaned rows). Metrics are added in table order.
  mutating func append(_ entry: Entry?) {
    if let entry { metrics.append(entry) }
  }

  /// Writes the cleaned rows of one metric of a result (pool id `metric`), in table order,
  /// to `spill`, and returns where they are (nil when it has none). Several threads may
  /// write entries to one file at the same time (`SpillFile.append`).
  static func entry(_ result: CleanResult, metric: UInt32, spill: SpillFile) throws -> Entry? {
    var writer = SpillWriter<Record>(spill: spill, batch: Self.batchRows)
    try result.forEachCleanedRow(metric: metric) { row, part in
      let code: UInt8 =
        switch part {
        case .whole: 0
        case .firstPiece: 1
        case .laterPiece: 2
        }
      try writer.append(Record(row: row, part: code))
    }
    let rows = try writer.finish()
    guard !rows.isEmpty else { return nil }
    return Entry(rows: rows, sides: try spill.append(result.sides))
  }

  /// Calls `body` with every planned row in table order: the stored row (texts as ids of
  /// the pools it was interned into), its converted minimum and maximum, and which part of
  /// its sample it is. Only reads the file, so it may run beside a reader of other chunks
  /// of it.
  func forEach(_ body: (StoredSample, Extremes?, CleanedPart) throws -> Void) throws {
    for metric in metrics {
      let sides = try spill.read([metric.sides], as: SideValues.self)
      var reader = SpillReader<Record>(chunks: metric.rows, batch: Self.batchRows)
      while try reader.next(from: spill) {
        for record in reader.buffer {
          let part: CleanedPart =
            switch record.part {
            case 0: .whole
            case 1: .firstPiece
            default: .laterPiece
            }
          let row = record.row
          try body(row, row.side == .max ? nil : sides[Int(row.side)].extremes, part)
        }
      }
    }
  }
}
