import Foundation

/// Canonical JSON for table headers: sorted keys, no whitespace, unescaped slashes,
/// so the same header is always the same bytes.
enum HeaderCoding {
  static func encode(_ header: TableHeader) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return Array(try encoder.encode(header))
    } catch {
      throw HealthError.internalError("cannot encode table header: \(error)")
    }
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
