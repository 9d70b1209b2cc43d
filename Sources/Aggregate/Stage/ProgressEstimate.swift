import HealthCore
import HealthSystem

/// Turns "rows read" into an approximate byte position for the progress line, from the row
/// count in a table file's footer (docs/table-format.md: tag, rows as UInt64 little-endian,
/// blocks, CRC, end magic). Only for display: the reader still checks the real footer.
struct ProgressEstimate {
  let fileSize: Int64
  let totalRows: Int64?

  init(path: String) {
    let footerSize = 1 + 8 + 4 + 4 + TableFileLayout.endMagic.count
    guard let reader = try? FileReader(path: path), reader.size >= Int64(footerSize),
      let tail = try? reader.read(at: reader.size - Int64(footerSize), count: footerSize),
      tail.count == footerSize, tail[0] == TableFileLayout.footerTag,
      Array(tail[17...]) == TableFileLayout.endMagic
    else {
      fileSize = 0
      totalRows = nil
      return
    }
    fileSize = reader.size
    var rows: UInt64 = 0
    for i in (1...8).reversed() { rows = rows << 8 | UInt64(tail[i]) }
    totalRows = rows > 0 ? Int64(clamping: rows) : nil
  }

  /// The approximate bytes read after `rows` rows (0 when unknown).
  func bytes(afterRows rows: Int64) -> Int64 {
    guard let totalRows else { return 0 }
    return Int64(Double(fileSize) * min(1, Double(rows) / Double(totalRows)))
  }
}
