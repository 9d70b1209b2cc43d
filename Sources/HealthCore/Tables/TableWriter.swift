import Dispatch
import HealthSystem

/// Streams records into a typed table file, block by block, atomically.
///
/// Rows are appended into one set of column builders while the previous block is encoded,
/// checksummed and written on a background queue into a second set, so a stage's own work
/// and the table encoding use both cores. The bytes are the same as writing in line.
///
/// The properties a row touches skip the runtime exclusivity check (a writer is used by one
/// caller at a time; the encoder queue gets its own job).
///
/// Nothing is visible at `path` until `commit()`; dropping the writer without committing
/// leaves any earlier file there untouched.
public final class TableWriter<Record: TableRecord> {
  /// The header written at the top.
  public let header: TableHeader
  private let file: AtomicFileWriter
  @exclusivity(unchecked) private var builders: [ColumnBuilder]
  /// `builders`, unretained, for `RowWriter` (one per column; refilled at each swap).
  private let unretainedBuilders: UnsafeMutablePointer<Unmanaged<ColumnBuilder>>
  private var spareBuilders: [ColumnBuilder]
  private let rowsPerBlock: Int
  @exclusivity(unchecked) private var pendingRows = 0
  private let encoder = DispatchQueue(label: "healthpipe.table-writer")
  private let inFlight = DispatchGroup()
  private let state = EncoderState()
  /// Bounds on the distinct texts of some string columns (`limitDistinct`).
  private var limits: [DistinctTextLimit] = []
  /// Set by the first of `limits` that trips.
  private let trip = LimitTrip()
  /// Rows written so far.
  @exclusivity(unchecked) public private(set) var rowCount: Int64 = 0
  /// Blocks written so far.
  public private(set) var blockCount: Int = 0

  /// Opens a writer. The header's kind and columns are taken from `Record`. `durable: false`
  /// is for scratch tables this process joins into a real output (see `AtomicFileWriter`).
  public init(
    path: String, stage: String, inputs: [InputDescriptor] = [], facts: StageFacts = StageFacts(),
    rowsPerBlock: Int = TableFileLayout.defaultRowsPerBlock, durable: Bool = true
  ) throws {
    header = TableHeader(
      kind: Record.tableKind, columns: Record.columns, stage: stage, inputs: inputs, facts: facts)
    builders = Record.columns.map(ColumnBuilder.init)
    spareBuilders = Record.columns.map(ColumnBuilder.init)
    unretainedBuilders = .allocate(capacity: max(1, Record.columns.count))
    unretainedBuilders.initialize(
      from: builders.map { Unmanaged.passUnretained($0) }, count: builders.count)
    self.rowsPerBlock = max(1, rowsPerBlock)
    file = try AtomicFileWriter(destination: path, durable: durable)
    var start = TableFileLayout.magic
    let json = try HeaderCoding.encode(header)
    ByteCoding.appendUInt32(UInt32(TableFileLayout.version), to: &start)
    ByteCoding.appendUInt32(UInt32(json.count), to: &start)
    start += json
    ByteCoding.appendUInt32(CRC32.checksum(json), to: &start)
    try file.write(start)
  }

  deinit {
    inFlight.wait()
    unretainedBuilders.deallocate()
  }

  /// Appends one record.
  @inline(__always)
  public func append(_ record: Record) throws {
    try appendRow { record.write(to: &$0) }
  }

  /// Appends one row that `write` writes column by column, in the order and with the
  /// accessors `Record.write(to:)` would use: for writers that hold a row's values in
  /// another form than `Record` (texts as ids, `RowWriter.string(id:in:)`).
  @inline(__always)
  public func appendRow(_ write: (inout RowWriter) -> Void) throws {
    var row = RowWriter(builders: unretainedBuilders)
    write(&row)
    precondition(row.index == builders.count, "\(Record.self) row skipped columns")
    pendingRows += 1
    rowCount += 1
    if _slowPath(trip.limit != nil) {
      // The row is in the table; the caller rolls back to a checkpoint or abandons it.
      throw trip.limit!.error
    }
    if pendingRows >= rowsPerBlock { try flushBlock() }
  }

  /// Bounds the distinct texts of the string column `column` over the whole table to
  /// `limit`: the row that brings one more throws exit 65 naming the text (`noun` says what
  /// the texts are: `source names`). A rollback forgets the texts of the rows it drops.
  public func limitDistinct(_ column: String, to limit: Int, noun: String) {
    guard let index = Record.columns.firstIndex(where: { $0.name == column }) else {
      preconditionFailure("\(Record.self) has no column \(column)")
    }
    let bound = DistinctTextLimit(column: column, noun: noun, limit: limit, trip: trip)
    builders[index].distinct = bound
    spareBuilders[index].distinct = bound
    limits.append(bound)
  }

  /// Appends many records.
  public func append(contentsOf records: some Sequence<Record>) throws {
    for r in records { try append(r) }
  }

  /// Writes the last block and the footer and moves the file into place.
  public func commit() throws {
    try flushBlock()
    try waitForEncoder()
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

  /// A point between two records to come back to with `rollback(to:)`.
  public struct Checkpoint: Sendable {
    /// Rows written before it.
    public let rows: Int64
    let blocks: Int
    let file: AtomicFileWriter.Mark
    let limitMarks: [Int]
  }

  /// Ends the current block (the next record starts a new one) and returns the point to
  /// come back to. Ingest takes one before each input, so one table holds every input and an
  /// input that fails half-way leaves nothing behind; the blocks are the ones a table per
  /// input would have had.
  public func checkpoint() throws -> Checkpoint {
    try flushBlock()
    try waitForEncoder()
    return Checkpoint(
      rows: rowCount, blocks: blockCount, file: file.mark(), limitMarks: limits.map(\.mark))
  }

  /// Drops every record appended since `checkpoint` (pending, being encoded, or written).
  public func rollback(to checkpoint: Checkpoint) throws {
    try waitForEncoder()
    for builder in builders { builder.reset() }
    pendingRows = 0
    try file.rollback(to: checkpoint.file)
    rowCount = checkpoint.rows
    blockCount = checkpoint.blocks
    for (limit, mark) in zip(limits, checkpoint.limitMarks) { limit.rollback(to: mark) }
  }

  /// The committed file's size, mtime and CRC-32 (computed while writing, no second read).
  /// Call after `commit()`.
  public var fingerprint: FileFingerprint { file.fingerprint }

  /// Gives up; the destination keeps whatever it had.
  public func abandon() {
    inFlight.wait()
    file.abandon()
  }

  /// Waits for the block being encoded and rethrows its error, if any.
  private func waitForEncoder() throws {
    inFlight.wait()
    if let error = state.error { throw error }
  }

  /// Hands the full builders to the encoder queue and continues with the spare set.
  private func flushBlock() throws {
    guard pendingRows > 0 else { return }
    try waitForEncoder()  // the spare set is free once the previous block is written
    let full = builders
    builders = spareBuilders
    spareBuilders = full
    for (i, builder) in builders.enumerated() { unretainedBuilders[i] = .passUnretained(builder) }
    let job = EncodeJob(builders: full, rows: pendingRows, file: file, state: state)
    blockCount += 1
    pendingRows = 0
    encoder.async(group: inFlight) { job.run() }
  }
}

/// The first error of the background encoder, read by the writer after waiting for it.
private final class EncoderState: @unchecked Sendable {
  var error: (any Error)?
  /// The block being encoded, reused from block to block.
  let scratch = ByteArena(capacity: 1 << 16)
}

/// One block's encoding: touched only by the encoder queue while the writer waits for it
/// before reusing the builders or the file.
private struct EncodeJob: @unchecked Sendable {
  let builders: [ColumnBuilder]
  let rows: Int
  let file: AtomicFileWriter
  let state: EncoderState

  func run() {
    guard state.error == nil else { return }
    do {
      let payload = state.scratch
      payload.removeAll()
      for builder in builders {
        // Each column straight into the block, its length patched in after it.
        let lengthAt = payload.count
        payload.appendUInt32(0)
        builder.encode(rowCount: rows, into: payload)
        payload.setUInt32(UInt32(payload.count - lengthAt - 4), at: lengthAt)
        builder.reset()
      }
      var head: [UInt8] = [TableFileLayout.blockTag]
      ByteCoding.appendUInt32(UInt32(rows), to: &head)
      ByteCoding.appendUInt32(UInt32(payload.count), to: &head)
      // The payload is CRC'd once: the block's CRC (row count, then payload) and the file's
      // CRC take it by `crc32_combine` (docs/reliability.md, "Integrity").
      let payloadCRC = CRC32.checksum(payload.written)
      var crc = CRC32()
      head.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[1..<5])) }
      crc.append(crc: payloadCRC, count: Int64(payload.count))
      try file.write(head)
      try file.write(payload.written, knownCRC32: payloadCRC)
      var tail: [UInt8] = []
      ByteCoding.appendUInt32(crc.value, to: &tail)
      try file.write(tail)
    } catch {
      state.error = error
    }
  }
}
