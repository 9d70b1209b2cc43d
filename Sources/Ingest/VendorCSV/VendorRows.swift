import HealthModel
import HealthSystem

/// The rows of one vendor CSV file (docs/ingest-oura.md, "Counting"): reads them through
/// `CSVRecordReader`, rejects rows of the wrong shape, hands out cells by layout column,
/// and counts every cell so that each row ends as samples, rejects or listed "not read"
/// cells.
///
/// - A non-empty cell of a column that is read is one record of the type named by its
///   header (`Average HRV`): the reader keeps it or rejects it through `keep` / `reject`.
/// - A cell of a column not read is counted per column (`notRead.<header>` in the
///   manifest's extras) and the columns are listed in a note with why.
/// - Empty cells, and the texts `None` and `null` (Oura writes `None`), are no value.
/// - A row with the wrong number of fields, or the last row of a file cut short, is one
///   `row` record, rejected with its line.
final class VendorRows {
  let csv: CSVRecordReader
  let sink: IngestSink
  let map: VendorColumnMap
  /// Which of the layouts given the header fits.
  let layoutIndex: Int
  /// The source name of every sample (`Oura`).
  let source: String
  let counters: [TypeCounter?]
  /// Per column not read, its cells with a value. The counters are touched per cell, so
  /// they skip the runtime exclusivity check (one reader uses the rows at a time).
  @exclusivity(unchecked) private var notReadCounts: [Int64]
  /// The file's index of each column not read (`map.notRead[k].index`).
  private let notReadIndices: [Int]
  /// Rows that held no value in any column read (a placeholder day).
  @exclusivity(unchecked) private(set) var emptyRows: Int64 = 0
  /// Records kept or rejected in the current row.
  @exclusivity(unchecked) private(set) var rowRecords = 0
  /// Per column, the target its values were last kept as, resolved (`keep(_:_:over:column:)`).
  private let columnTargets: VendorTargetCache
  /// The targets of values kept by type (`keep(_:_:over:type:)`).
  private let typeTargets = VendorTargetCache(slots: 16)

  /// Reads the header of `csv` and resolves it against `layout`.
  convenience init(csv: CSVRecordReader, sink: IngestSink, layout: VendorLayout, source: String)
    throws
  {
    try self.init(csv: csv, sink: sink, layouts: [layout], source: source)
  }

  /// Reads the header of `csv` and resolves it against the layout of `layouts` it fits best
  /// (`layoutIndex`); exit 65 when it fits none.
  /// `knownHeader`: the header cells when `csv` has read them already.
  init(
    csv: CSVRecordReader, sink: IngestSink, layouts: [VendorLayout], source: String,
    knownHeader: [String]? = nil
  ) throws {
    self.csv = csv
    self.sink = sink
    self.source = source
    let header =
      try knownHeader ?? csv.header(hint: "export the file again (\(layouts[0].hint))")
    guard let chosen = VendorLayout.best(of: layouts, for: header) else {
      throw HealthError.malformed(
        "the header is not that of \(layouts.map(\.title).joined(separator: " or "))",
        at: SourceLocation(file: csv.path, line: 1),
        hint: "export the file again (\(layouts[0].hint))")
    }
    layoutIndex = chosen
    map = try VendorColumnMap(layout: layouts[chosen], headerCells: header, path: csv.path)
    counters = map.layout.columns.indices.map { [map] c in
      map.has(c) && map.layout.columns[c].use == .read ? sink.counter(for: map.header[c]) : nil
    }
    notReadCounts = [Int64](repeating: 0, count: map.notRead.count)
    notReadIndices = map.notRead.map(\.index)
    columnTargets = VendorTargetCache(slots: map.layout.columns.count)
  }

  /// The 1-based line of the current row.
  var line: Int64 { Int64(csv.recordLine) }

  /// Moves to the next row of the right shape, rejecting the others; false at the end.
  func next() throws -> Bool {
    while try csv.next() {
      guard csv.fieldCount == map.fieldCount, !csv.recordUnterminated else {
        try rejectShape()
        continue
      }
      countNotRead()
      rowRecords = 0
      return true
    }
    return false
  }

  /// Counts the current row's cells with a value in columns not read. By index, through the
  /// buffers: walking `map.notRead` copied each entry's two texts (retained and released)
  /// and each count's increment checked the array's uniqueness, per column and row.
  private func countNotRead() {
    guard !notReadIndices.isEmpty else { return }
    let csv = csv
    notReadIndices.withUnsafeBufferPointer { indices in
      notReadCounts.withUnsafeMutableBufferPointer { counts in
        for k in indices.indices where !Self.isMissing(csv.field(indices[k])) {
          counts[k] += 1
        }
      }
    }
  }

  private func rejectShape() throws {
    let line = self.line
    sink.read(type: "row")
    let cut = csv.fieldCount == map.fieldCount
    try sink.reject(
      type: "row", code: cut ? .malformed : .wrongFieldCount,
      reason: cut
        ? "line \(line) ends the file without a line break: the file may be cut short inside "
          + "it (end the file with a line break if the row is complete)"
        : "line \(line) has \(csv.fieldCount) fields; the header has \(map.fieldCount)",
      metric: "row", source: source, record: line)
  }

  /// Whether a cell holds no value: empty, or `None` / `null` (any case).
  @inline(__always)
  static func isMissing(_ cell: UnsafeRawBufferPointer) -> Bool {
    let n = cell.count
    if n == 0 { return true }
    // Most cells are numbers: not four bytes long and not blank at either end.
    let (first, last) = (cell[0], cell[n - 1])
    if n != 4 && first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 {
      return false
    }
    return isMissingTrimmed(cell)
  }

  private static func isMissingTrimmed(_ cell: UnsafeRawBufferPointer) -> Bool {
    var start = 0
    var end = cell.count
    while start < end, cell[start] == 0x20 || cell[start] == 0x09 { start += 1 }
    while end > start, cell[end - 1] == 0x20 || cell[end - 1] == 0x09 { end -= 1 }
    let n = end - start
    if n == 0 { return true }
    guard n == 4, cell[start] | 0x20 == 0x6E else { return false }  // n
    let (b1, b2, b3) = (cell[start + 1] | 0x20, cell[start + 2] | 0x20, cell[start + 3] | 0x20)
    return (b1 == 0x6F && b2 == 0x6E && b3 == 0x65) || (b1 == 0x75 && b2 == 0x6C && b3 == 0x6C)
  }

  /// The trimmed cell of layout column `c`; nil when the file has no such column or the
  /// cell holds no value.
  func cell(_ c: Int) -> UnsafeRawBufferPointer? {
    let i = map.index[c]
    guard i >= 0 else { return nil }
    let f = csv.trimmedField(i)
    return Self.isMissing(f) ? nil : f
  }

  /// The cell of column `c` as text ("" when it holds no value).
  func text(_ c: Int) -> String { cell(c).map { String(decoding: $0, as: UTF8.self) } ?? "" }

  /// The number in column `c`: nil when the cell holds no value, `.failure` with the text
  /// when it is not a number.
  func number(_ c: Int) -> Result<Double, NotANumber>? {
    guard let cell = cell(c) else { return nil }
    if let v = DecimalParser.parse(cell) { return .success(v) }
    return .failure(NotANumber(text: String(decoding: cell, as: UTF8.self)))
  }

  /// A cell that is not a number.
  struct NotANumber: Error {
    /// The text as written.
    let text: String
  }

  /// The record type of column `c`'s cells: its header as written.
  func type(_ c: Int) -> String { map.header[c] }

  /// Keeps `sample` as one record of `type` (a value made of several cells: a workout).
  func keep(_ sample: Sample, type: String) throws {
    rowRecords += 1
    sink.read(type: type)
    try sink.keep(sample, type: type)
  }

  /// Rejects one record of `type`, with the line.
  func reject(
    type: String, _ code: RejectCode, _ reason: String, metric: MetricID, value: String,
    start: Int64? = nil, end: Int64? = nil, utcOffset: Int32? = nil, unit: String = ""
  ) throws {
    rowRecords += 1
    sink.read(type: type)
    try sink.reject(
      type: type, code: code, reason: "line \(line): \(reason)", metric: metric.rawValue,
      start: start, end: end, utcOffset: utcOffset, value: value, unit: unit, source: source,
      record: line)
  }

  /// Keeps `sample` as one record of column `c`.
  func keep(_ sample: Sample, column c: Int) throws {
    rowRecords += 1
    guard let counter = counters[c] else {
      return try sink.keep(sample, type: map.header[c])
    }
    sink.read(counter)
    try sink.keep(sample, counter: counter)
  }

  /// Rejects the cell of column `c` (one record of its type), with the line.
  func reject(
    column c: Int, _ code: RejectCode, _ reason: String, metric: MetricID, start: Int64? = nil,
    end: Int64? = nil, utcOffset: Int32? = nil, unit: String = ""
  ) throws {
    let type = map.header[c]
    rowRecords += 1
    sink.read(type: type)
    try sink.reject(
      type: type, code: code, reason: "line \(line): \(reason)", metric: metric.rawValue,
      start: start, end: end, utcOffset: utcOffset, value: text(c), unit: unit, source: source,
      record: line)
  }

  /// Rejects the value of column `c` because it is not a number.
  func rejectNotANumber(
    column c: Int, _ bad: NotANumber, metric: MetricID, start: Int64? = nil,
    utcOffset: Int32? = nil, unit: String = ""
  ) throws {
    try reject(
      column: c, .badNumber, "'\(bad.text)' in \(type(c)) is not a number", metric: metric,
      start: start, utcOffset: utcOffset, unit: unit)
  }

  /// Rejects the whole current row as one `row` record (a date that does not parse: none
  /// of its values can be placed).
  func rejectRow(_ code: RejectCode, _ reason: String, value: String) throws {
    rowRecords += 1
    sink.read(type: "row")
    try sink.reject(
      type: "row", code: code, reason: "line \(line): \(reason)", metric: "row", value: value,
      source: source, record: line)
  }

  /// Counts one record of the current row.
  @inline(__always)
  func countRecord() { rowRecords += 1 }

  /// The resolved target of column `c`'s values when kept as `target` (resolved again
  /// when the column's target changes).
  @inline(__always)
  func columnTarget(_ c: Int, _ target: Target) -> SampleTarget? {
    columnTarget(c, key: VendorTargetCache.Key(target)) { target }
  }

  /// `columnTarget(c, target())`, found by the target's key (`key`, made with a
  /// `TargetTable`): `target` is read only when the slot holds another key.
  @inline(__always)
  func columnTarget(_ c: Int, key: VendorTargetCache.Key?, _ target: () -> Target)
    -> SampleTarget?
  {
    if let hit = columnTargets.hit(c, key) { return hit }
    return columnTargetMissed(c, target(), key: key)
  }

  @inline(never)
  private func columnTargetMissed(_ c: Int, _ target: Target, key: VendorTargetCache.Key?)
    -> SampleTarget?
  {
    if columnTargets.holds(c, target) {
      columnTargets.rekey(c, target, key: key)
      return columnTargets.resolution(c)
    }
    let r = resolve(target)
    columnTargets.store(c, target, key: key, r)
    return r
  }

  /// The resolved target of values kept by type as `target`: a file keeps few targets so
  /// (a raw sleep file's four stages); past 16 the oldest slot is taken again.
  @inline(__always)
  func typeTarget(_ target: Target) -> SampleTarget? {
    typeTargets.find(target) { resolve($0) }
  }

  /// Ends the current row: a row that gave no record counts as one without values.
  func endRow() { if rowRecords == 0 { emptyRows += 1 } }

  /// Runs `body` on each row of the right shape (`next()`), ends it (`endRow()`), and
  /// reports the bytes consumed to `progress` every 1,024 rows.
  func forEachRow(progress: ProgressMeter, _ body: () throws -> Void) throws {
    var records: Int64 = 0
    while try next() {
      try body()
      endRow()
      records += 1
      if records & 0x3FF == 0 { progress.update(bytes: csv.bytesConsumed, records: records) }
    }
  }

  /// At most this many columns not read are named in the manifest's note; the rest are
  /// counted in one clause (a header may hold 2^20 cells: docs/reliability.md, "Limits").
  static let maxListedColumns = 32

  /// Puts the counts of cells not read, and of rows without values, into the manifest:
  /// extras `notRead.<header>` (at most `IngestSink.maxExtraNames` names) and `emptyRows`,
  /// and one note listing the columns and why (at most `maxListedColumns` by name).
  func finish(emptyRowsMeaning: String) {
    var listed: [String] = []
    var (moreColumns, moreValues): (Int, Int64) = (0, 0)
    for (k, column) in map.notRead.enumerated() {
      sink.count(extra: "notRead.\(column.header)", notReadCounts[k])
      if listed.count < Self.maxListedColumns {
        listed.append("\(column.header.prefix(200)) (\(notReadCounts[k]) values: \(column.why))")
      } else {
        (moreColumns, moreValues) = (moreColumns + 1, moreValues + notReadCounts[k])
      }
    }
    if moreColumns > 0 { listed.append("\(moreColumns) more columns (\(moreValues) values)") }
    if !listed.isEmpty {
      sink.notes.append(
        "\(map.layout.title): columns not read: " + listed.joined(separator: "; "))
    }
    if emptyRows > 0 {
      sink.extra["emptyRows", default: 0] += emptyRows
      sink.notes.append(
        "\(map.layout.title): \(emptyRows) rows hold no value to read (\(emptyRowsMeaning))")
    }
  }
}
