import HealthModel
import HealthSystem

/// Reads a table file block by block, checking every CRC. A truncated or corrupt file is
/// refused with exit 65 and the byte offset, never read as fewer rows.
public final class TableFileReader {
  /// The file path.
  public let path: String
  /// The header.
  public let header: TableHeader
  private let reader: FileReader
  private var buffer: [UInt8] = []
  private var position: Int64
  private var finished = false
  /// Rows decoded so far.
  public private(set) var rowsRead: Int64 = 0
  /// Blocks decoded so far.
  public private(set) var blocksRead = 0

  /// Opens a table file and reads its header.
  public init(path: String) throws {
    self.path = path
    reader = try FileReader(path: path)
    let start = try reader.read(at: 0, count: 16)
    guard start.count >= 8, Array(start[0..<8]) == TableFileLayout.magic else {
      throw HealthError.malformed(
        "not a healthpipe table file (the first bytes are not the table magic)",
        at: SourceLocation(file: path, byteOffset: 0),
        hint: "pass a file written by `healthpipe ingest`, `clean` or `aggregate`")
    }
    guard start.count == 16 else { throw Self.truncated(path, at: Int64(start.count)) }
    let version = start.withUnsafeBytes { ByteCoding.readUInt32($0, 8) }
    guard version == UInt32(TableFileLayout.version) else {
      throw HealthError.malformed(
        "table format version \(version) is not supported (this healthpipe reads version "
          + "\(TableFileLayout.version))", at: SourceLocation(file: path, byteOffset: 8),
        hint: "rerun the stage that wrote it with this healthpipe")
    }
    let length = Int(start.withUnsafeBytes { ByteCoding.readUInt32($0, 12) })
    guard length <= TableFileLayout.maxHeaderBytes else {
      throw HealthError.malformed(
        "table header length \(length) is implausible",
        at: SourceLocation(file: path, byteOffset: 12))
    }
    let json = try reader.read(at: 16, count: length + 4)
    guard json.count == length + 4 else { throw Self.truncated(path, at: 16 + Int64(json.count)) }
    let body = Array(json[0..<length])
    let stored = json.withUnsafeBytes { ByteCoding.readUInt32($0, length) }
    guard CRC32.checksum(body) == stored else {
      throw HealthError.malformed(
        "table header is corrupt (CRC-32 mismatch)", at: SourceLocation(file: path, byteOffset: 16),
        hint: "the file was damaged; rerun the stage that wrote it")
    }
    header = try HeaderCoding.decode(body, path: path)
    position = 16 + Int64(length) + 4
  }

  /// The file's size in bytes.
  public var fileSize: Int64 { reader.size }

  /// Checks that the header's kind and columns are what a reader expects.
  public func expect(kind: TableKind, columns: [ColumnSpec]) throws {
    guard header.kind == kind else {
      throw HealthError.malformed(
        "this is a \(header.kind.rawValue) table; a \(kind.rawValue) table is needed here",
        at: SourceLocation(file: path),
        hint: "pass the \(kind.rawValue) table file")
    }
    guard header.columns == columns else {
      let have = header.columns.map { "\($0.name):\($0.type.rawValue)" }.joined(separator: ",")
      throw HealthError.malformed(
        "\(kind.rawValue) table has columns [\(have)], which this healthpipe does not read",
        at: SourceLocation(file: path),
        hint:
          "it was written by healthpipe \(header.toolVersion); rerun that stage with this version")
    }
  }

  /// The next block, or nil after the footer (which is checked).
  public func nextBlock() throws -> DecodedBlock? {
    if finished { return nil }
    let head = try reader.read(at: position, count: 9)
    guard let tag = head.first else { throw Self.truncated(path, at: position) }
    if tag == TableFileLayout.footerTag {
      try readFooter()
      return nil
    }
    guard tag == TableFileLayout.blockTag else {
      throw HealthError.malformed(
        "expected a block or the footer, found byte \(ByteText.hex(tag))",
        at: SourceLocation(file: path, byteOffset: position),
        hint: "the file is corrupt; rerun the stage that wrote it")
    }
    guard head.count == 9 else { throw Self.truncated(path, at: position + Int64(head.count)) }
    let rows = Int(head.withUnsafeBytes { ByteCoding.readUInt32($0, 1) })
    let length = Int(head.withUnsafeBytes { ByteCoding.readUInt32($0, 5) })
    guard length <= TableFileLayout.maxBlockBytes else {
      throw HealthError.malformed(
        "block length \(length) is implausible",
        at: SourceLocation(file: path, byteOffset: position),
        hint: "the file is corrupt; rerun the stage that wrote it")
    }
    let blockStart = position
    buffer = try reader.read(at: position + 9, count: length + 4)
    guard buffer.count == length + 4 else {
      throw Self.truncated(path, at: position + 9 + Int64(buffer.count))
    }
    var crc = CRC32()
    head.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[1..<5])) }
    let decoded: DecodedBlock? = try buffer.withUnsafeBytes { raw in
      let payload = UnsafeRawBufferPointer(rebasing: raw[0..<length])
      crc.update(payload)
      guard crc.value == ByteCoding.readUInt32(raw, length) else {
        throw HealthError.malformed(
          "block \(blocksRead + 1) is corrupt (CRC-32 mismatch)",
          at: SourceLocation(file: path, byteOffset: blockStart),
          hint: "the file was damaged; rerun the stage that wrote it")
      }
      return DecodedBlock.decode(payload: payload, rowCount: rows, columns: header.columns)
    }
    guard let decoded else {
      throw HealthError.malformed(
        "block \(blocksRead + 1) does not match the table's columns",
        at: SourceLocation(file: path, byteOffset: blockStart),
        hint: "the file is corrupt; rerun the stage that wrote it")
    }
    position += 9 + Int64(length) + 4
    rowsRead += Int64(rows)
    blocksRead += 1
    return decoded
  }

  private func readFooter() throws {
    let footer = try reader.read(
      at: position, count: 1 + 12 + 4 + TableFileLayout.endMagic.count + 1)
    let expected = 1 + 12 + 4 + TableFileLayout.endMagic.count
    guard footer.count >= expected else {
      throw Self.truncated(path, at: position + Int64(footer.count))
    }
    let body = Array(footer[1..<13])
    let (rows, blocks, crc) = footer.withUnsafeBytes {
      (ByteCoding.readUInt64($0, 1), ByteCoding.readUInt32($0, 9), ByteCoding.readUInt32($0, 13))
    }
    guard CRC32.checksum(body) == crc,
      Array(footer[17..<expected]) == TableFileLayout.endMagic
    else {
      throw HealthError.malformed(
        "table footer is corrupt", at: SourceLocation(file: path, byteOffset: position),
        hint: "the file was damaged; rerun the stage that wrote it")
    }
    guard rows == UInt64(rowsRead), blocks == UInt32(blocksRead) else {
      throw HealthError.malformed(
        "table footer says \(rows) rows in \(blocks) blocks, but \(rowsRead) rows in "
          + "\(blocksRead) blocks were read", at: SourceLocation(file: path, byteOffset: position),
        hint: "the file was damaged; rerun the stage that wrote it")
    }
    guard footer.count == expected else {
      throw HealthError.malformed(
        "unexpected bytes after the table footer",
        at: SourceLocation(file: path, byteOffset: position + Int64(expected)),
        hint: "the file was damaged or appended to; rerun the stage that wrote it")
    }
    finished = true
  }

  static func truncated(_ path: String, at offset: Int64) -> HealthError {
    HealthError.malformed(
      "table file is truncated at byte \(offset) (no footer): it was cut short",
      at: SourceLocation(file: path, byteOffset: offset),
      hint: "rerun the stage that wrote it; a partial table is never read as fewer rows")
  }
}
