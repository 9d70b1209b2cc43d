/// The refill step shared by the text readers' fixed buffers (`CSVRecordReader`,
/// `JSONTokenizer`): the unread bytes `buffer[pos..<end]` move to the front, then `source` is
/// read until `count` bytes are unread or the input ends.
enum BufferRefill {
  /// Makes `count` unread bytes available if the input has them; returns whether it could.
  /// `base` (the input offset of `buffer[0]`) advances by the bytes dropped; `atEOF` is set
  /// when the source is exhausted.
  static func refill(
    _ count: Int, buffer: UnsafeMutablePointer<UInt8>, capacity: Int, source: ByteSource,
    pos: inout Int, end: inout Int, base: inout Int64, atEOF: inout Bool
  ) throws -> Bool {
    if end - pos >= count { return true }
    if atEOF { return false }
    if pos > 0 {
      let unread = end - pos
      if unread > 0 { buffer.update(from: buffer + pos, count: unread) }
      base += Int64(pos)
      end = unread
      pos = 0
    }
    while end - pos < count {
      let n = try source.read(
        into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
      if n == 0 {
        atEOF = true
        return false
      }
      end += n
    }
    return true
  }
}
