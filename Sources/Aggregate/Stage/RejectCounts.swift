import HealthCore
import HealthModel

/// The rejects of the upstream stages counted by `stage.code` (`clean.overlapped`), for the
/// data-quality facts (docs/aggregate.md). Counted from the two columns as stored, one
/// integer pair per row, instead of a `Reject` and a formatted key per row: an overlap-heavy
/// export has hundreds of thousands of rejects, and only these two texts are wanted.
enum RejectCounts {
  /// Adds the rows of the rejects table at `path` to `counts`, keyed `stage.code`.
  static func add(_ path: String, to counts: inout [String: Int64]) throws {
    let stage = Reject.columns.firstIndex { $0.name == "stage" }!
    let code = Reject.columns.firstIndex { $0.name == "code" }!
    try TableFile.streamBlocks(from: path, kind: Reject.tableKind, columns: Reject.columns) {
      block in
      let stages = block.columns[stage]
      let codes = block.columns[code]
      var pairs: [UInt64: Int64] = [:]
      var last: UInt64 = .max
      var run: Int64 = 0
      for row in 0..<block.rowCount {
        let pair = UInt64(index(stages, row)) << 32 | UInt64(index(codes, row))
        if pair != last {
          if run > 0 { pairs[last, default: 0] += run }
          last = pair
          run = 0
        }
        run += 1
      }
      if run > 0 { pairs[last, default: 0] += run }
      for (pair, n) in pairs {
        let key =
          text(stages, UInt32(pair >> 32)) + "." + text(codes, UInt32(pair & 0xFFFF_FFFF))
        counts[key, default: 0] += n
      }
    }
  }

  /// A row's index into its column's strings (`.max`: the column has none, the text is "",
  /// as `DecodedColumn.string(at:)` reads it).
  private static func index(_ column: DecodedColumn, _ row: Int) -> UInt32 {
    column.stringDictionary.isEmpty || row >= column.stringIndices.count
      ? .max : column.stringIndices[row]
  }

  private static func text(_ column: DecodedColumn, _ index: UInt32) -> String {
    index == .max ? "" : column.stringDictionary[Int(index)]
  }
}
