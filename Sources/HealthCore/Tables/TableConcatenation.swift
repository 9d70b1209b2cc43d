import HealthModel
import HealthSystem

/// Joins finished table files ("parts") into one table under a new header, copying their
/// blocks byte for byte (no decoding), atomically.
///
/// Ingest uses it to write each input to its own part while the input's fingerprint is
/// still being computed, then to assemble the final table with the complete header and
/// without the parts of inputs that failed as a whole.
///
/// Each block's CRC-32 is checked on the way (a damaged part is refused rather than copied),
/// unless the caller says the parts are its own (`BlockCheck.trustWrittenThisRun`): scratch
/// files this process wrote in this run, whose block CRCs were computed as it encoded them.
/// Either way the new file's CRC-32 is combined from the blocks' CRCs (`crc32_combine`),
/// not computed over the copied bytes again (docs/reliability.md, "Integrity").
public enum TableConcatenation {
  /// What was written.
  public struct Written: Sendable, Hashable {
    /// Rows in the new table.
    public var rows: Int64
    /// The new file's size, mtime and CRC-32 (computed while writing it).
    public var fingerprint: FileFingerprint
  }

  /// Whether the parts' block CRCs are recomputed and compared.
  public enum BlockCheck: Sendable, Hashable {
    /// Every block's CRC-32 is recomputed over its bytes and compared with the stored one
    /// (any table this process did not write in this run).
    case verify
    /// The parts are scratch files this process wrote in this run, to its own temporary
    /// names: their stored block CRCs were computed while encoding and are taken as they
    /// are. The layout (tags, lengths, footer counts) is still checked.
    case trustWrittenThisRun
  }

  /// Writes `destination` atomically: `header` (whose kind and columns must match every
  /// part's), then the blocks of `parts` in order, then a new footer.
  public static func concatenate(
    parts: [String], header: TableHeader, to destination: String,
    blockCheck: BlockCheck = .verify
  ) throws -> Written {
    let file = try AtomicFileWriter(destination: destination)
    var start = TableFileLayout.magic
    let json = try HeaderCoding.encode(header)
    ByteCoding.appendUInt32(UInt32(TableFileLayout.version), to: &start)
    ByteCoding.appendUInt32(UInt32(json.count), to: &start)
    start += json
    ByteCoding.appendUInt32(CRC32.checksum(json), to: &start)
    try file.write(start)

    var rows: Int64 = 0
    var blocks: UInt32 = 0
    for part in parts {
      let partHeader = try TableFileReader(path: part).header
      guard partHeader.kind == header.kind, partHeader.columns == header.columns else {
        throw HealthError.internalError(
          "table part \(part) is a \(partHeader.kind.rawValue) table with other columns")
      }
      let copied = try copyBlocks(of: part, into: file, blockCheck: blockCheck)
      rows += copied.rows
      blocks += copied.blocks
    }

    var footer: [UInt8] = [TableFileLayout.footerTag]
    var body: [UInt8] = []
    ByteCoding.appendUInt64(UInt64(rows), to: &body)
    ByteCoding.appendUInt32(blocks, to: &body)
    footer += body
    ByteCoding.appendUInt32(CRC32.checksum(body), to: &footer)
    footer += TableFileLayout.endMagic
    try file.write(footer)
    try file.commit()
    return Written(rows: rows, fingerprint: file.fingerprint)
  }

  /// Copies the blocks of `part` into `file` and checks its footer's counts; returns them.
  private static func copyBlocks(
    of part: String, into file: AtomicFileWriter, blockCheck: BlockCheck
  ) throws -> (rows: Int64, blocks: UInt32) {
    let reader = try FileReader(path: part)
    let lengthBytes = try reader.read(at: 12, count: 4)
    guard lengthBytes.count == 4 else { throw truncated(part, at: 12) }
    var position = 16 + Int64(lengthBytes.withUnsafeBytes { ByteCoding.readUInt32($0, 0) }) + 4
    var partRows: Int64 = 0
    var partBlocks: UInt32 = 0
    while true {
      let head = try reader.read(at: position, count: 9)
      guard let tag = head.first else { throw truncated(part, at: position) }
      if tag == TableFileLayout.footerTag {
        let footer = try reader.read(at: position + 1, count: 12)
        guard footer.count == 12 else { throw truncated(part, at: position) }
        let (footerRows, footerBlocks) = footer.withUnsafeBytes {
          (Int64(ByteCoding.readUInt64($0, 0)), ByteCoding.readUInt32($0, 8))
        }
        guard footerRows == partRows, footerBlocks == partBlocks else {
          throw HealthError.internalError(
            "table part \(part) has \(partRows) rows in \(partBlocks) blocks but its footer "
              + "says \(footerRows) in \(footerBlocks)")
        }
        return (partRows, partBlocks)
      }
      guard tag == TableFileLayout.blockTag, head.count == 9 else {
        throw truncated(part, at: position)
      }
      let blockRows = head.withUnsafeBytes { ByteCoding.readUInt32($0, 1) }
      let length = Int(head.withUnsafeBytes { ByteCoding.readUInt32($0, 5) })
      let body = try reader.read(at: position + 9, count: length + 4)
      guard body.count == length + 4 else { throw truncated(part, at: position + 9) }
      try copyBlock(
        head: head, body: body, into: file, blockCheck: blockCheck, part: part, at: position)
      partRows += Int64(blockRows)
      partBlocks += 1
      position += 9 + Int64(length) + 4
    }
  }

  /// Writes one block (`head`: tag, rows, length; `body`: payload and its stored CRC),
  /// checking the stored CRC first unless the part is trusted. The payload's own CRC, for
  /// the file's, is the stored one with the row count's part taken out
  /// (`CRC32.suffix(of:prefix:suffixCount:)`).
  private static func copyBlock(
    head: [UInt8], body: [UInt8], into file: AtomicFileWriter, blockCheck: BlockCheck,
    part: String, at position: Int64
  ) throws {
    let length = body.count - 4
    let rowsCRC = head.withUnsafeBytes {
      CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[1..<5]))
    }
    try body.withUnsafeBytes { raw in
      let payload = UnsafeRawBufferPointer(rebasing: raw[0..<length])
      let stored = ByteCoding.readUInt32(raw, length)
      let payloadCRC: UInt32
      switch blockCheck {
      case .verify:
        payloadCRC = CRC32.checksum(payload)
        var crc = CRC32(value: rowsCRC)
        crc.append(crc: payloadCRC, count: Int64(length))
        guard crc.value == stored else {
          throw HealthError.internalError(
            "table part \(part) has a corrupt block at byte \(position)")
        }
      case .trustWrittenThisRun:
        payloadCRC = CRC32.suffix(of: stored, prefix: rowsCRC, suffixCount: Int64(length))
      }
      try file.write(head)
      try file.write(payload, knownCRC32: payloadCRC)
      try file.write(UnsafeRawBufferPointer(rebasing: raw[length..<(length + 4)]))
    }
  }

  private static func truncated(_ path: String, at offset: Int64) -> HealthError {
    HealthError.internalError("table part \(path) is truncated at byte \(offset)")
  }
}
