import Foundation
import HealthCore
import HealthModel
import HealthSystem

/// Reads a big `export.xml` (or the export inside an `export.zip`, inflated on the
/// splitter's thread) on several cores: `XMLChunkSplitter` cuts it into pieces where a
/// top-level element seems to start, worker threads parse the pieces at the same time (each
/// into its own `IngestSink`), and the calling thread hands the pieces' samples, rejects and
/// counts to the real sink in file order. The output is the same, byte for byte, as reading
/// the file in one piece (docs/performance.md, "Parallel XML parsing").
///
/// Why that holds: a piece starts as if everything before it had been read, at its exact
/// byte offset, inside `<HealthData>`, with the `ExportDate` offset the first pieces left;
/// its lines are counted from its own start, and its rows' line numbers are shifted when it
/// is merged (the pieces before it say how many lines they held). A piece's parse is used
/// only when the input before it was read up to its first byte and ended there between
/// top-level elements with nothing pending, the piece itself ended so, the `ExportDate`
/// offset it assumed is the one the input before it left, and it wrote no line number into
/// a text (a reject reason naming a parent's line). A piece whose parse cannot be used (a
/// cut inside a correlation, a comment or a long element; any error) costs no more than
/// reading on: the calling thread reads it with one parser that carries on across piece
/// ends (`PieceChainSource`) until a piece ends between top-level elements, writing into
/// the sink as one reading would, with its real lines, byte offsets and errors; the pieces
/// after that are taken in parallel again. The first piece is read that way too, before the
/// workers start, so the root element and the `ExportDate` offset are known.
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

  /// How a read went, for tests and `HEALTHPIPE_DEBUG_PIECES`: pieces whose parallel parse
  /// was used, pieces the calling thread read on through itself, and where the input was
  /// read on from the file or zip entry directly (after a piece the splitter gave up on).
  struct Summary: Equatable {
    /// Pieces parsed on worker threads and used.
    var piecesMerged = 0
    /// Pieces read by the calling thread's parser reading on across piece ends: the first
    /// piece (and the next ones until one ends between top-level elements), and every piece
    /// whose parallel parse could not be used.
    var piecesReadThrough = 0
    /// Times the calling thread read on through pieces after the first.
    var readThroughs = 0
    var readOnFrom: Int64?
  }

  /// What reading on through pieces left.
  private struct Through {
    /// The document ended (nothing more to read).
    var finished: Bool
    /// The piece to take next otherwise.
    var nextIndex: Int
    /// Top-level elements read so far in all.
    var records: Int64
  }

  /// Set in the environment, every read prints its `Summary` on stderr (for the bench and
  /// for checking that the second core parses; never part of an output).
  private static let debugPieces =
    ProcessInfo.processInfo.environment["HEALTHPIPE_DEBUG_PIECES"] != nil

  /// Reads the file (or the zip entry) into `sink`; for a file, sets its `contentCRC32`
  /// when every byte was read here (otherwise the stage computes it).
  @discardableResult
  func read(into sink: IngestSink, progress: ProgressMeter) throws -> Summary {
    let summary = try readPieces(into: sink, progress: progress)
    if Self.debugPieces {
      StandardError.write(
        "healthpipe: pieces of \(AppleXMLReader.displayName(path)): "
          + "\(summary.piecesMerged) parsed on worker threads, "
          + "\(summary.piecesReadThrough) read on by the reading thread "
          + "(\(summary.readThroughs) times after the first piece)"
          + (summary.readOnFrom.map { ", read on from byte \($0) of the input" } ?? "") + "\n")
    }
    return summary
  }

  private func readPieces(into sink: IngestSink, progress: ProgressMeter) throws -> Summary {
    var summary = Summary()
    // Opened here, so an entry the zip reader refuses (encrypted, another method, a zip
    // bomb) fails as it does when read in one piece.
    let source: any ByteSource = try zipEntry?.open() ?? FileReader(path: path)
    let splitter = XMLChunkSplitter(
      source: source, chunkBytes: chunkBytes, checksum: zipEntry == nil)
    defer { splitter.stop() }
    guard let first = splitter.next(), !first.giveUp else {
      splitter.stop()
      try sequential(into: sink, progress: progress)
      return Summary(piecesMerged: 0, readOnFrom: 0)
    }
    // The first piece, and the next ones until a piece ends between top-level elements,
    // on this thread: the root element and the `ExportDate` offset are known after it.
    var state = Resume(offset: 0, line: 1, rootLine: 0, exportOffset: nil, otherCounts: [:])
    let head = try readThrough(
      from: first, state: &state, records: 0, into: sink, progress: progress,
      summary: &summary, next: { splitter.next() }, recycle: splitter.recycle)
    if head.finished {
      finish(state, into: sink)
      if summary.readOnFrom == nil { sink.contentCRC32 = splitter.wholeFileCRC32 }
      return summary
    }
    let board = Board<Outcome>(ahead: workers + 1, workers: workers)
    var start = state
    start.otherCounts = [:]
    let template = start
    let threads = startWorkers(
      board: board, splitter: splitter, template: template, inputIndex: sink.inputIndex)
    defer {
      board.close()
      splitter.stop()
      for thread in threads { thread.join() }
    }
    var index = head.nextIndex
    var records = head.records
    var done = false
    while !done, let outcome = board.take(index: index) {
      if outcome.part != nil, outcome.assumedExportOffset == state.exportOffset,
        try merge(outcome, into: sink, state: &state)
      {
        splitter.recycle(outcome.chunk.bytes)
        summary.piecesMerged += 1
        records += outcome.records
        progress.update(bytes: outcome.end, records: records)
        done = outcome.chunk.isLast
        index += 1
        continue
      }
      // This piece's parse cannot be used: read on through it (and the next pieces while
      // they end inside an element) as one reading would, then go on in parallel.
      summary.readThroughs += 1
      var following = index + 1
      let through = try readThrough(
        from: outcome.chunk, state: &state, records: records, into: sink, progress: progress,
        summary: &summary,
        next: {
          defer { following += 1 }
          return board.take(index: following)?.chunk
        }, recycle: splitter.recycle)
      records = through.records
      done = through.finished
      index = through.nextIndex
    }
    if !done {
      // The workers stopped before the last piece (cannot happen): read on from the input.
      let rest = XMLChunk(
        index: index, offset: state.offset, bytes: [], count: 0, isLast: true, giveUp: true)
      _ = try readThrough(
        from: rest, state: &state, records: records, into: sink, progress: progress,
        summary: &summary, next: { nil }, recycle: splitter.recycle)
    }
    finish(state, into: sink)
    if summary.readOnFrom == nil { sink.contentCRC32 = splitter.wholeFileCRC32 }
    return summary
  }

  /// The worker threads: each takes the next piece while the board has room, parses it
  /// from `template` (lines counted from the piece's start, shifted when it is merged) and
  /// posts the outcome under the piece's index.
  private func startWorkers(
    board: Board<Outcome>, splitter: XMLChunkSplitter, template: Resume, inputIndex: Int32
  ) -> [BackgroundThread] {
    (0..<workers).map { n in
      BackgroundThread(name: "healthpipe.xml-parser-\(n)") { [self] in
        while board.waitForRoom(), let chunk = splitter.next() {
          var resume = template
          resume.offset = chunk.offset
          resume.line = 1
          let outcome =
            chunk.giveUp
            ? Outcome(chunk: chunk, part: nil)
            : parse(chunk, resume: resume, inputIndex: inputIndex)
          board.post(outcome, index: chunk.index)
        }
        board.workerDone()
      }
    }
  }

  /// Reads on from `first` (the start of the document when `state.offset` is 0 and nothing
  /// was read yet) with one parser, across piece ends, until a piece ends between top-level
  /// elements with nothing pending or the document ends; writes into `sink` directly and
  /// leaves in `state` where the next piece starts.
  private func readThrough(
    from first: XMLChunk, state: inout Resume, records: Int64, into sink: IngestSink,
    progress: ProgressMeter, summary: inout Summary, next: @escaping () -> XMLChunk?,
    recycle: @escaping ([UInt8]) -> Void
  ) throws -> Through {
    var restFrom: Int64?
    let chain = try PieceChainSource(
      first: first, path: path, next: next,
      openRest: { offset in
        restFrom = offset
        return try self.rest(from: offset)
      }, recycle: recycle)
    defer { chain.finish() }
    let atStart = state.offset == 0 && state.rootLine == 0
    let parser = AppleExportParser(
      source: chain, fileName: path, entryName: zipEntry?.entry.name, bufferSize: bufferSize,
      sink: sink, options: options, progress: progress, resume: atStart ? nil : state,
      isPiece: true)
    parser.scanner.endsAtChunk = !chain.isLast
    parser.recordsSeen = records
    try parser.run()
    summary.piecesReadThrough += chain.piecesRead
    if let restFrom { summary.readOnFrom = restFrom }
    state.otherCounts = parser.otherCounts
    state.exportOffset = parser.exportOffset
    state.rootLine = parser.rootLine ?? state.rootLine
    state.line = parser.scanner.line
    state.offset = chain.pieceEnd
    return Through(
      finished: chain.isLast, nextIndex: chain.index + 1, records: parser.recordsSeen)
  }

  /// The input from byte `offset` to its end, read directly (after a piece the splitter
  /// gave up on): the file from there, or the zip entry inflated again from its start with
  /// the bytes before `offset` skipped.
  private func rest(from offset: Int64) throws -> any ByteSource {
    if let zipEntry {
      let source = ReadAheadByteSource(try zipEntry.open())
      try Self.skip(offset, of: source)
      return source
    }
    let reader = try FileReader(path: path)
    reader.seek(to: offset)
    return ReadAheadByteSource(reader)
  }

  /// Parses one piece into a sink of its own.
  private func parse(_ chunk: XMLChunk, resume: Resume?, inputIndex: Int32) -> Outcome {
    final class Rows {
      var samples = SampleRows()
      var rejects: [Reject] = []
      let known = TextIdentityCache()
    }
    let rows = Rows()
    // About one sample per 400 bytes of a dense export: room for them up front instead of
    // copying the array as it doubles.
    rows.samples.reserveCapacity(chunk.count / 256)
    let part = IngestSink(
      inputIndex: inputIndex, path: path, onSample: { rows.samples.append($0, known: rows.known) },
      onReject: { rows.rejects.append($0) })
    let parser = AppleExportParser(
      source: PieceEndSource(chunk, path: path), fileName: path,
      entryName: zipEntry?.entry.name, bufferSize: bufferSize, sink: part, options: options,
      progress: .silent, resume: resume, isPiece: true)
    parser.scanner.endsAtChunk = !chunk.isLast
    // The piece keeps its bytes: the calling thread reads through them when this parse
    // cannot be used, and recycles them once merged. The parser reads them in place.
    var outcome = Outcome(chunk: chunk, part: nil)
    outcome.end = chunk.offset + Int64(chunk.count)
    outcome.assumedExportOffset = resume?.exportOffset
    do {
      try chunk.bytes.withUnsafeBytes { raw in
        parser.scanner.borrow(UnsafeRawBufferPointer(rebasing: raw[..<chunk.count]))
        try parser.run()
      }
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

  /// Reads the whole file (or entry) in one piece, with the file's CRC-32: when not even
  /// a first piece could be cut.
  private func sequential(into sink: IngestSink, progress: ProgressMeter) throws {
    if let zipEntry {
      let parser = AppleExportParser(
        source: ReadAheadByteSource(try zipEntry.open()), fileName: path,
        entryName: zipEntry.entry.name, bufferSize: bufferSize, sink: sink, options: options,
        progress: progress)
      return try parser.run()
    }
    let source = try FileByteSource(path: path)
    let parser = AppleExportParser(
      source: source, fileName: path, entryName: nil, bufferSize: bufferSize, sink: sink,
      options: options, progress: progress)
    try parser.run()
    sink.contentCRC32 = try source.wholeFileCRC32()
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

/// The source behind a piece's parser: the piece's bytes are lent to the scanner
/// (`XMLByteScanner.borrow`), so nothing is left to read after them; it says where the
/// piece ends.
private final class PieceEndSource: ByteSource {
  let path: String
  let inputBytesConsumed: Int64

  init(_ chunk: XMLChunk, path: String) {
    self.path = path
    inputBytesConsumed = chunk.offset + Int64(chunk.count)
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int { 0 }
}
