import Foundation
import HealthSystem

/// One piece of an `export.xml` cut by `XMLChunkSplitter`.
struct XMLChunk: Sendable {
  /// Position in the file's order (0 first).
  var index: Int
  /// Byte offset of the piece's first byte in the file.
  var offset: Int64
  /// The buffer holding the piece in its first `count` bytes (recycled, so it may be
  /// longer).
  var bytes: [UInt8]
  /// The piece's length (0 in a `giveUp` piece).
  var count: Int
  /// Whether the piece runs to the end of the file.
  var isLast: Bool
  /// Set when no cut could be found (or the file could not be read on): the reader parses
  /// from `offset` to the end in one piece, from the file.
  var giveUp: Bool = false
}

/// Reads a file (or a zip entry being inflated) on a background thread and cuts it into
/// pieces of about `chunkBytes` that end just before the start tag of an element Apple
/// writes at the top level (`XMLCutFinder`: `<Record`, `<Workout`, ... whatever the
/// indentation and whatever children the records have), so the pieces can be parsed on
/// several cores (`AppleChunkedRead`). Computes the whole file's CRC-32 on the way.
///
/// A cut is only a guess: a `<Record` inside a correlation, a comment or a CDATA section
/// looks the same. The reader checks each piece (it must end between top-level elements)
/// and reads on through a piece whose guess was wrong.
final class XMLChunkSplitter: @unchecked Sendable {
  private let chunks: BoundedHandoff<XMLChunk>
  private var thread: BackgroundThread?
  // Written by the splitter's thread, read only after the last piece was taken (the
  // handoff's lock orders the two).
  private var crc = CRC32()
  private let checksum: Bool
  private var readAll = false
  /// Where pieces may end; learns the document's indentation from its first top-level tag.
  private var cuts = XMLCutFinder()
  /// Buffers the parsers are done with, reused so the pages are not faulted in again.
  private var spares: [[UInt8]] = []
  private let sparesLock = NSLock()

  /// Starts reading `source` (a file, or a zip entry being inflated) from its start;
  /// computes the CRC-32 of what it reads when `checksum` is set.
  init(source: any ByteSource, chunkBytes: Int, checksum: Bool, waiting: Int = 2) {
    chunks = BoundedHandoff(capacity: waiting)
    self.checksum = checksum
    let wrapped = UncheckedSendable(source)
    thread = BackgroundThread(name: "healthpipe.xml-splitter") { [self] in
      split(wrapped.value, chunkBytes: max(64, chunkBytes))
    }
  }

  deinit { stop() }

  /// The next piece in file order, nil after the last (or after `stop()`).
  func next() -> XMLChunk? { chunks.take() }

  /// Hands back a piece's buffer for reuse.
  func recycle(_ bytes: [UInt8]) {
    sparesLock.lock()
    if spares.count < 4 { spares.append(bytes) }
    sparesLock.unlock()
  }

  private func spare(atLeast count: Int) -> [UInt8]? {
    sparesLock.lock()
    defer { sparesLock.unlock() }
    guard let i = spares.lastIndex(where: { $0.count >= count }) else { return nil }
    return spares.remove(at: i)
  }

  /// Stops reading (pieces not taken are dropped) and waits for the thread.
  func stop() {
    chunks.close()
    thread?.join()
    thread = nil
  }

  /// The CRC-32 of the whole file after the last piece was taken; nil unless every byte
  /// was read (no `giveUp`) and `checksum` was set.
  var wholeFileCRC32: UInt32? { readAll && checksum ? crc.value : nil }

  private func split(_ reader: any ByteSource, chunkBytes: Int) {
    var carry: [UInt8] = []
    var offset: Int64 = 0
    var index = 0
    while true {
      let start = carry.count
      let want = start + chunkBytes
      // Room for the usual carry, so most spares fit the next piece.
      let size = max(want, chunkBytes + chunkBytes / 4)
      var bytes =
        spare(atLeast: want) ?? [UInt8](unsafeUninitializedCapacity: size) { $1 = size }
      var count = start
      var eof = false
      do {
        try bytes.withUnsafeMutableBytes { raw in
          if start > 0 {
            carry.withUnsafeBytes {
              raw.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: start)
            }
          }
          while count < want {
            let n = try reader.read(
              into: UnsafeMutableRawBufferPointer(rebasing: raw[count..<want]))
            if n == 0 {
              eof = true
              break
            }
            count += n
          }
          if checksum { crc.update(UnsafeRawBufferPointer(rebasing: raw[start..<count])) }
        }
      } catch {
        giveUp(index: index, offset: offset)
        return
      }
      if eof {
        readAll = true
        _ = chunks.put(
          XMLChunk(index: index, offset: offset, bytes: bytes, count: count, isLast: true))
        chunks.close()
        return
      }
      guard let cut = cuts.lastCut(in: bytes, count: count) else {
        // No top-level element starts here: read on, up to a bound.
        if count < 8 * chunkBytes {
          carry = Array(bytes[..<count])
          continue
        }
        giveUp(index: index, offset: offset)
        return
      }
      carry = Array(bytes[cut..<count])
      guard
        chunks.put(XMLChunk(index: index, offset: offset, bytes: bytes, count: cut, isLast: false))
      else { return }
      offset += Int64(cut)
      index += 1
    }
  }

  private func giveUp(index: Int, offset: Int64) {
    _ = chunks.put(
      XMLChunk(index: index, offset: offset, bytes: [], count: 0, isLast: true, giveUp: true))
    chunks.close()
  }
}
