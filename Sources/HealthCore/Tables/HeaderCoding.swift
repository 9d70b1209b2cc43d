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
        at: nil, hint: "look for absurdly long source or type names in the inputs")
    }
    return bytes
  }

  static func decode(_ bytes: [UInt8], path: String) throws -> TableHeader {
    do {
      return try JSONDecoder().decode(TableHeader.self, from: Data(bytes))
    } catch {
      throw HealthError.malformed(
        "table header is not valid: \(error)", at: SourceLocation(file: path, byteOffset: 16),
        hint: "the file was written by another program or an incompatible healthpipe version")
    }
  }
}
