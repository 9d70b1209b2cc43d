/// Joins finished table files ("parts") into one table under a new header, copying their
/// blocks byte for byte (no decoding), atomically.
///
/// Ingest uses it to write each input to its own part while the input's fingerprint is
/// still being computed, then to assemble the final table with the complete header and
/// without the parts of inputs that failed as a whole. Every block's CRC-32 is checked on
/// the way, so a damaged part is refused rather than copied.
public enum TableConcatenation {
  /// What was written.
  public struct Written: Sendable, Hashable {
    /// Rows in the new table.
    public var rows: Int64
    /// The new file's size, mtime and CRC-32 (computed while writing it).
    public var fingerprint: FileFingerprint
  }

  /// Writes `destination` atomically: `header` (whose kind and columns must match every
  /// part's), then the blocks of `parts` in order, then a new footer.
  public static func concatenate(parts: [String], header: TableHeader, to destination: String)
    throws -> Written
  {
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
          break
        }
        guard tag == TableFileLayout.blockTag, head.count == 9 else {
          throw truncated(part, at: position)
        }
        let blockRows = head.withUnsafeBytes { ByteCoding.readUInt32($0, 1) }
        let length = Int(head.withUnsafeBytes { ByteCoding.readUInt32($0, 5) })
        let body = try reader.read(at: position + 9, count: length + 4)
        guard body.count == length + 4 else { throw truncated(part, at: position + 9) }
        var crc = CRC32()
        head.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[1..<5])) }
        let stored = body.withUnsafeBytes { raw -> UInt32 in
          crc.update(UnsafeRawBufferPointer(rebasing: raw[0..<length]))
          return ByteCoding.readUInt32(raw, length)
        }
        guard crc.value == stored else {
          throw HealthError.internalError(
            "table part \(part) has a corrupt block at byte \(position)")
        }
        try file.write(head)
        try file.write(body)
        partRows += Int64(blockRows)
        partBlocks += 1
        position += 9 + Int64(length) + 4
      }
      rows += partRows
      blocks += partBlocks
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

  private static func truncated(_ path: String, at offset: Int64) -> HealthError {
    HealthError.internalError("table part \(path) is truncated at byte \(offset)")
  }
}
