import Foundation

/// Canonical JSON for table headers: sorted keys, no whitespace, unescaped slashes,
/// so the same header is always the same bytes.
enum HeaderCoding {
  static func encode(_ header: TableHeader) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let bytes: [UInt8]
    do {
      bytes = Array(try encoder.encode(header))
    } catch {
      throw HealthError.internalError("cannot encode table header: \(error)")
    }
    // Never write a header that `TableFileReader` would refuse as implausible.
    guard bytes.count <= TableFileLayout.maxHeaderBytes else {
      throw HealthError.malformed(
        "the \(header.kind.rawValue) table's header would be \(bytes.count) bytes, over the "
          + "\(TableFileLayout.maxHeaderBytes) readers accept (its facts carry too much text)",
        at: nil,
        hint: "look for very many or very long source or type names in the inputs (ingest "
          + "keeps at most \(IngestLimits.distinctSources) sources and "
          + "\(IngestLimits.distinctMetrics) metric names)")
    }
    return bytes
  }

  /// The header, checked: valid JSON with no key twice in one object (the decoder would
  /// keep one silently), `format` `healthpipe-table` and the `version` this healthpipe
  /// reads (the JSON's own version, not only the binary one before it). Exit 65 with the
  /// byte offset otherwise.
  static func decode(_ bytes: [UInt8], path: String) throws -> TableHeader {
    let header: TableHeader
    do {
      header = try JSONDecoder().decode(TableHeader.self, from: Data(bytes))
    } catch {
      throw HealthError.malformed(
        "table header is not valid: \(error)", at: SourceLocation(file: path, byteOffset: 16),
        hint: "the file was written by another program or an incompatible healthpipe version")
    }
    if let repeated = JSONRepeatedKey.first(in: bytes) {
      throw HealthError.malformed(
        "table header has the key '\(repeated.key)' twice in one object",
        at: SourceLocation(file: path, byteOffset: 16 + Int64(repeated.offset)),
        hint: "the file was not written by healthpipe, or was edited; rerun the stage that wrote it"
      )
    }
    guard header.format == "healthpipe-table" else {
      throw HealthError.malformed(
        "table header says format '\(header.format)', not healthpipe-table",
        at: SourceLocation(file: path, byteOffset: 16),
        hint: "pass a file written by `healthpipe ingest`, `clean` or `aggregate`")
    }
    guard header.version == TableFileLayout.version else {
      throw HealthError.malformed(
        "table header says version \(header.version); this healthpipe reads version "
          + "\(TableFileLayout.version)", at: SourceLocation(file: path, byteOffset: 16),
        hint: "rerun the stage that wrote it with this healthpipe")
    }
    return header
  }
}
