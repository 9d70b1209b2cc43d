/// The bytes of consecutive pieces of a split document, for the parser that reads on across
/// piece ends (`AppleChunkedRead`): the first piece of the file, and any piece whose
/// parallel parse cannot be used. It serves one piece at a time; at its end the scanner
/// (`XMLByteScanner.fillOnce`) either stops, when it stands between top-level elements with
/// nothing pending, so the next piece's parallel parse can be used from there, or calls
/// `advance()` and reads on, as one reading of the whole file would.
///
/// After a piece the splitter gave up on (no bytes: no cut was found, or the input could not
/// be read on), the rest of the input comes from `openRest`, from that piece's offset.
final class PieceChainSource: ByteSource {
  let path: String
  private var chunk: XMLChunk
  private var position = 0
  private var rest: (any ByteSource)?
  private let nextChunk: () throws -> XMLChunk?
  private let openRest: (Int64) throws -> any ByteSource
  private let recycle: ([UInt8]) -> Void

  /// The pieces read so far, this one included (a piece given up on counts as one).
  private(set) var piecesRead = 1

  /// A chain starting with `first`, taking each further piece from `next` and handing each
  /// finished piece's buffer to `recycle`.
  init(
    first: XMLChunk, path: String, next: @escaping () throws -> XMLChunk?,
    openRest: @escaping (Int64) throws -> any ByteSource, recycle: @escaping ([UInt8]) -> Void
  ) throws {
    chunk = first
    self.path = path
    nextChunk = next
    self.openRest = openRest
    self.recycle = recycle
    if first.giveUp { try switchToRest(at: first.offset) }
  }

  /// Whether the bytes being served run to the end of the input (no piece end ahead).
  var isLast: Bool { rest != nil || chunk.isLast }

  /// The index of the piece being served.
  var index: Int { chunk.index }

  /// The offset just after the piece being served.
  var pieceEnd: Int64 { chunk.offset + Int64(chunk.count) }

  var inputBytesConsumed: Int64 {
    if let rest { return rest.inputBytesConsumed }
    return chunk.offset + Int64(position)
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    if let rest { return try rest.read(into: buffer) }
    let n = min(buffer.count, chunk.count - position)
    guard n > 0 else { return 0 }
    chunk.bytes.withUnsafeBytes { src in
      buffer.baseAddress!.copyMemory(from: src.baseAddress! + position, byteCount: n)
    }
    position += n
    return n
  }

  /// Moves on to the next piece (its first byte follows the last byte served); false when
  /// there is none.
  func advance() throws -> Bool {
    guard rest == nil, !chunk.isLast else { return false }
    // No piece where one must follow (the splitter stopped): the rest from the input.
    let next =
      try nextChunk()
      ?? XMLChunk(
        index: chunk.index + 1, offset: pieceEnd, bytes: [], count: 0, isLast: true, giveUp: true)
    recycle(chunk.bytes)
    piecesRead += 1
    chunk = next
    position = 0
    if next.giveUp { try switchToRest(at: next.offset) }
    return true
  }

  /// Hands back the buffer of the piece being served (after the parser is done with it).
  func finish() {
    recycle(chunk.bytes)
    chunk.bytes = []
  }

  private func switchToRest(at offset: Int64) throws {
    rest = try openRest(offset)
  }
}
