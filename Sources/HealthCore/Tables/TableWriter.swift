/// Streams records into a typed table file, block by block, atomically.
///
/// Nothing is visible at `path` until `commit()`; dropping the writer without committing
/// leaves any earlier file there untouched.
public final class TableWriter<Record: TableRecord> {
  /// The header written at the top.
  public let header: TableHeader
  private let file: AtomicFileWriter
  private let builders: [ColumnBuilder]
  private let unretainedBuilders: [Unmanaged<ColumnBuilder>]
  private let rowsPerBlock: Int
  private var pendingRows = 0
  private var scratch: [UInt8] = []
  private var columnScratch: [UInt8] = []
  /// Rows written so far.
  public private(set) var rowCount: Int64 = 0
  /// Blocks written so far.
  public private(set) var blockCount: Int = 0

  /// Opens a writer. The header's kind and columns are taken from `Record`.
  public init(
    path: String, stage: String, inputs: [InputDescriptor] = [], meta: [String: String] = [:],
    rowsPerBlock: Int = TableFileLayout.defaultRowsPerBlock
  ) throws {
    header = TableHeader(
      kind: Record.tableKind, columns: Record.columns, stage: stage, inputs: inputs, meta: meta)
    builders = Record.columns.map(ColumnBuilder.init)
    unretainedBuilders = builders.map { Unmanaged.passUnretained($0) }
    self.rowsPerBlock = max(1, rowsPerBlock)
    file = try AtomicFileWriter(destination: path)
    var start = TableFileLayout.magic
    let json = try HeaderCoding.encode(header)
    ByteCoding.appendUInt32(UInt32(TableFileLayout.version), to: &start)
    ByteCoding.appendUInt32(UInt32(json.count), to: &start)
    start += json
    ByteCoding.appendUInt32(CRC32.checksum(json), to: &start)
    try file.write(start)
  }

  /// Appends one record.
  public func append(_ record: Record) throws {
    var row = RowWriter(builders: unretainedBuilders)
    record.write(to: &row)
    precondition(row.index == builders.count, "\(Record.self).write(to:) skipped columns")
    pendingRows += 1
    rowCount += 1
    if pendingRows >= rowsPerBlock { try flushBlock() }
  }

  /// Appends many records.
  public func append(contentsOf records: some Sequence<Record>) throws {
    for r in records { try append(r) }
  }

  /// Writes the last block and the footer and moves the file into place.
  public func commit() throws {
    try flushBlock()
    var footer: [UInt8] = [TableFileLayout.footerTag]
    var body: [UInt8] = []
    ByteCoding.appendUInt64(UInt64(rowCount), to: &body)
    ByteCoding.appendUInt32(UInt32(blockCount), to: &body)
    footer += body
    ByteCoding.appendUInt32(CRC32.checksum(body), to: &footer)
    footer += TableFileLayout.endMagic
    try file.write(footer)
    try file.commit()
  }

  /// Gives up; the destination keeps whatever it had.
  public func abandon() { file.abandon() }

  private func flushBlock() throws {
    guard pendingRows > 0 else { return }
    scratch.removeAll(keepingCapacity: true)
    for builder in builders {
      columnScratch.removeAll(keepingCapacity: true)
      builder.encode(rowCount: pendingRows, into: &columnScratch)
      ByteCoding.appendUInt32(UInt32(columnScratch.count), to: &scratch)
      scratch += columnScratch
      builder.reset()
    }
    var head: [UInt8] = [TableFileLayout.blockTag]
    ByteCoding.appendUInt32(UInt32(pendingRows), to: &head)
    ByteCoding.appendUInt32(UInt32(scratch.count), to: &head)
    var crc = CRC32()
    head.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[1..<5])) }
    crc.update(scratch)
    try file.write(head)
    try file.write(scratch)
    var tail: [UInt8] = []
    ByteCoding.appendUInt32(crc.value, to: &tail)
    try file.write(tail)
    blockCount += 1
    pendingRows = 0
  }
}
