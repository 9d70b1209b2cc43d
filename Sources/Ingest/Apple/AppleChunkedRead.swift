import Foundation
import HealthCore

/// Reads a big `export.xml` (or the export inside an `export.zip`, inflated on the
/// splitter's thread) on several cores: `XMLChunkSplitter` cuts it into pieces at
/// lines that start a top-level element, worker threads parse the pieces at the same time
/// (each into its own `IngestSink`), and the calling thread hands the pieces' samples,
/// rejects and counts to the real sink in file order. The output is the same, byte for
/// byte, as reading the file in one piece (docs/performance.md, "Parallel XML parsing").
///
/// Why that holds: a piece starts as if everything before it had been read, at its exact
/// byte offset, inside `<HealthData>`, with the `ExportDate` offset of the first piece; its
/// lines are counted from its own start, and its rows' line numbers are shifted when it is
/// merged (the pieces before it say how many lines they held). Each piece is used only
/// when the piece before it ended between top-level elements with nothing pending, the
/// `ExportDate` offset it assumed is the one the pieces before left, and it wrote no line
/// number into a text (a reject reason naming a parent's line). A piece that fails any
/// check, or throws any error, is not used: the rest of the file, from that piece's start,
/// is read in one piece by the ordinary parser, which reports real errors exactly as
/// before. The first piece is parsed on the calling thread before the others start, so the
/// `ExportDate` offset is known.
struct AppleChunkedRead: Sendable {
  let path: String
  let chunkBytes: Int
  let workers: Int
  let bufferSize: Int
  let options: ReaderOptions
  /// The zip entry holding the export, when the input is an `export.zip`; nil for a plain
  /// `export.xml`.
  var zipEntry: ZipSource? = nil

  /// An entry of an open zip, inflated from its start each time `open()` is called.
  struct ZipSource: @unchecked Sendable {
    let zip: ZipReader
    let entry: ZipEntry

    func open() throws -> ZipEntryByteSource { try ZipEntryByteSource(zip: zip, entry: entry) }
  }

  private typealias Resume = AppleExportParser.Resume

  /// What parsing one piece produced.
  private struct Outcome: @unchecked Sendable {
    var chunk: XMLChunk
    /// Nil when the piece cannot be used (an error, or it did not end between elements).
    var part: IngestSink?
    var samples = SampleRows()
    var rejects: [Reject] = []
    var otherCounts: [String: Int64] = [:]
    var otherNamesOverflowed = false
    /// The `ExportDate` offset the piece started from and the one it ended with.
    var assumedExportOffset: Int32?
    var exportOffsetAtEnd: Int32?
    var rootLine: Int?
    /// Lines the piece ends (its `\n` bytes), and whether a line number went into a text.
    var lines = 0
    var wroteLineInText = false
    /// Top-level elements read, for progress.
    var records: Int64 = 0
    /// The file offset just after the piece.
    var end: Int64 = 0
  }

  /// How a read went, for tests: pieces used, and where the file was read on in one piece.
  struct Summary: Equatable {
    var piecesMerged = 0
    var readOnFrom: Int64?
  }

  /// Reads the file (or the zip entry) into `sink`; for a file, sets its `contentCRC32`
  /// when every byte was read here (otherwise the stage computes it).
  @discardableResult
  func read(into sink: IngestSink, progress: ProgressMeter) throws -> Summary {
    var summary = Summary()
    // Opened here, so an entry the zip reader refuses (encrypted, another method, a zip
    // bomb) fails as it does when read in one piece.
    let source: any ByteSource = try zipEntry?.open() ?? FileReader(path: path)
    let splitter = XMLChunkSplitter(
      source: source, chunkBytes: chunkBytes, checksum: zipEntry == nil)
    defer { splitter.stop() }
    guard let first = splitter.next(), !first.giveUp else {
      splitter.stop()
      try sequential(from: nil, into: sink, progress: progress)
      return Summary(piecesMerged: 0, readOnFrom: 0)
    }
    let head = parse(first, resume: nil, inputIndex: sink.inputIndex)
    var state = Resume(offset: 0, line: 1, rootLine: 0, exportOffset: nil, otherCounts: [:])
    guard head.part != nil, first.isLast || head.rootLine != nil,
      try merge(head, into: sink, state: &state)
    else {
      // Not even the first piece could be used: the whole file in one piece, as ever.
      splitter.stop()
      try sequential(from: nil, into: sink, progress: progress)
      return Summary(piecesMerged: 0, readOnFrom: 0)
    }
    summary.piecesMerged = 1
    var records = head.records
    progress.update(bytes: head.end, records: records)
    if first.isLast {
      finish(state, into: sink)
      sink.contentCRC32 = splitter.wholeFileCRC32
      return summary
    }
    state.rootLine = head.rootLine ?? 0
    let board = Board<Outcome>(ahead: workers + 1, workers: workers)
    var start = state
    start.otherCounts = [:]
    let template = start
    let inputIndex = sink.inputIndex
    let threads = (0..<workers).map { n in
      BackgroundThread(name: "healthpipe.xml-parser-\(n)") { [self] in
        while board.waitForRoom(), let chunk = splitter.next() {
          // Lines are counted from the piece's start and shifted when it is merged.
          var resume = template
          resume.offset = chunk.offset
          resume.line = 1
          let outcome =
            chunk.giveUp
            ? Outcome(chunk: chunk, part: nil)
            : parse(chunk, resume: resume, inputIndex: inputIndex)
          splitter.recycle(chunk.bytes)
          board.post(outcome, index: chunk.index)
        }
        board.workerDone()
      }
    }
    defer {
      board.close()
      splitter.stop()
      for thread in threads { thread.join() }
    }
    var index = 1
    while let outcome = board.take(index: index) {
      guard outcome.part != nil, outcome.assumedExportOffset == state.exportOffset,
        try merge(outcome, into: sink, state: &state)
      else {
        board.close()
        splitter.stop()
        state.offset = outcome.chunk.offset
        try sequential(from: state, into: sink, progress: progress)
        summary.readOnFrom = state.offset
        return summary
      }
      summary.piecesMerged += 1
      records += outcome.records
      progress.update(bytes: outcome.end, records: records)
      if outcome.chunk.isLast {
        finish(state, into: sink)
        sink.contentCRC32 = splitter.wholeFileCRC32
        return summary
      }
      index += 1
    }
    // The workers stopped before the last piece (cannot happen): read on from the first
    // piece not merged.
    try sequential(from: state, into: sink, progress: progress)
    summary.readOnFrom = state.offset
    return summary
  }

  /// Parses one piece into a sink of its own.
  private func parse(_ chunk: XMLChunk, resume: Resume?, inputIndex: Int32) -> Outcome {
    final class Rows {
      var samples = SampleRows()
      var rejects: [Reject] = []
    }
    let rows = Rows()
    // About one sample per 400 bytes of a dense export: room for them up front instead of
    // copying the array as it doubles.
    rows.samples.reserveCapacity(chunk.count / 256)
    let part = IngestSink(
      inputIndex: inputIndex, path: path, onSample: { rows.samples.append($0) },
      onReject: { rows.rejects.append($0) })
    let parser = AppleExportParser(
      source: PieceByteSource(chunk, path: path), fileName: path, entryName: zipEntry?.entry.name,
      bufferSize: bufferSize, sink: part, options: options, progress: .silent, resume: resume,
      isPiece: true)
    parser.scanner.endsAtChunk = !chunk.isLast
    var outcome = Outcome(chunk: chunk, part: nil)
    outcome.chunk.bytes = []
    outcome.end = chunk.offset + Int64(chunk.count)
    outcome.assumedExportOffset = resume?.exportOffset
    do {
      try parser.run()
    } catch {
      return outcome
    }
    if !chunk.isLast && !parser.endedBetweenElements { return outcome }
    outcome.part = part
    outcome.samples = rows.samples
    outcome.rejects = rows.rejects
    outcome.otherCounts = parser.otherCounts
    outcome.otherNamesOverflowed = parser.otherNamesOverflowed
    outcome.exportOffsetAtEnd = parser.exportOffset
    outcome.rootLine = parser.rootLine
    outcome.lines = parser.scanner.line - 1
    outcome.wroteLineInText = parser.wroteLineInText
    outcome.records = parser.recordsSeen
    return outcome
  }

  /// Hands a piece to the sink and updates `state` (`line` is the piece's first line, and
  /// becomes the next piece's); false (and nothing handed over) when the piece wrote a line
  /// number counted from its own start into a text, or its unknown element names cannot be
  /// added as one reading would have counted them (more than the cap of distinct names).
  private func merge(_ outcome: Outcome, into sink: IngestSink, state: inout Resume) throws
    -> Bool
  {
    let shift = Int64(state.line - 1)
    guard let part = outcome.part, !outcome.otherNamesOverflowed,
      !(outcome.wroteLineInText && shift != 0)
    else { return false }
    let added = outcome.otherCounts.keys.filter { state.otherCounts[$0] == nil }.count
    guard state.otherCounts.count + added <= AppleExportParser.otherNamesCap else { return false }
    for (name, n) in outcome.otherCounts { state.otherCounts[name, default: 0] += n }
    state.exportOffset = outcome.exportOffsetAtEnd
    state.line += outcome.lines
    state.offset = outcome.end
    try sink.absorb(part, samples: outcome.samples, rejects: outcome.rejects, lineShift: shift)
    return true
  }

  /// The counts of unknown element names, which the pieces leave to the end.
  private func finish(_ state: Resume, into sink: IngestSink) {
    for (name, n) in state.otherCounts { sink.extra["skipped.\(name)", default: 0] += n }
  }

  /// Reads the file in one piece: all of it (`state` nil, with its CRC-32), or from a
  /// piece's start to the end.
  private func sequential(from state: Resume?, into sink: IngestSink, progress: ProgressMeter)
    throws
  {
    if let zipEntry {
      // An entry can only be inflated from its start: the bytes before `state.offset` are
      // inflated again and skipped.
      let source = ReadAheadByteSource(try zipEntry.open())
      if let state { try Self.skip(state.offset, of: source) }
      let parser = AppleExportParser(
        source: source, fileName: path, entryName: zipEntry.entry.name, bufferSize: bufferSize,
        sink: sink, options: options, progress: progress, resume: state)
      return try parser.run()
    }
    guard let state else {
      let source = try FileByteSource(path: path)
      let parser = AppleExportParser(
        source: source, fileName: path, entryName: nil, bufferSize: bufferSize, sink: sink,
        options: options, progress: progress)
      try parser.run()
      sink.contentCRC32 = try source.wholeFileCRC32()
      return
    }
    let reader = try FileReader(path: path)
    reader.seek(to: state.offset)
    let parser = AppleExportParser(
      source: ReadAheadByteSource(reader), fileName: path, entryName: nil,
      bufferSize: bufferSize, sink: sink, options: options, progress: progress, resume: state)
    try parser.run()
  }

  /// Reads and drops the first `count` bytes of `source`.
  private static func skip(_ count: Int64, of source: any ByteSource) throws {
    var left = count
    var scratch = [UInt8](repeating: 0, count: 1 << 16)
    while left > 0 {
      let n = try scratch.withUnsafeMutableBytes { raw in
        try source.read(
          into: UnsafeMutableRawBufferPointer(rebasing: raw[..<Int(min(left, 1 << 16))]))
      }
      guard n > 0 else { return }
      left -= Int64(n)
    }
  }
}

/// Where the workers post parsed pieces and the reader takes them in order. At most
/// `ahead` pieces are being parsed or waiting, so memory stays bounded when the piece the
/// reader needs next is slow.
private final class Board<Item>: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Int: Item] = [:]
  private var inFlight = 0
  private var closed = false
  private var workersRunning: Int
  private let ahead: Int

  init(ahead: Int, workers: Int) {
    self.ahead = max(1, ahead)
    workersRunning = workers
  }

  /// Waits until another piece may be taken and counts it; false once closed.
  func waitForRoom() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !closed && inFlight >= ahead { condition.wait() }
    guard !closed else { return false }
    inFlight += 1
    return true
  }

  /// A worker's parsed piece.
  func post(_ item: Item, index: Int) {
    condition.lock()
    items[index] = item
    condition.broadcast()
    condition.unlock()
  }

  /// A worker stopped.
  func workerDone() {
    condition.lock()
    workersRunning -= 1
    condition.broadcast()
    condition.unlock()
  }

  /// The piece `index`, waiting for it; nil when every worker stopped without it.
  func take(index: Int) -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while items[index] == nil && workersRunning > 0 && !closed { condition.wait() }
    guard let item = items.removeValue(forKey: index) else { return nil }
    inFlight -= 1
    condition.broadcast()
    return item
  }

  /// Stops the workers at their next piece.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }
}

/// The bytes of one piece, handed to its parser.
private final class PieceByteSource: ByteSource {
  let path: String
  private let chunk: XMLChunk
  private var position = 0

  init(_ chunk: XMLChunk, path: String) {
    self.chunk = chunk
    self.path = path
  }

  var inputBytesConsumed: Int64 { chunk.offset + Int64(position) }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let n = min(buffer.count, chunk.count - position)
    guard n > 0 else { return 0 }
    chunk.bytes.withUnsafeBytes { src in
      buffer.baseAddress!.copyMemory(from: src.baseAddress! + position, byteCount: n)
    }
    position += n
    return n
  }
}
