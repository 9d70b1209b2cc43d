import Foundation
import HealthModel

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
    try checkReadsBack(bytes, as: header)
    return bytes
  }

  /// Never write a header that does not read back as the value written: a fact that
  /// `decode` would refuse or change (a year past 9999 once made a whole header unreadable,
  /// found only when the next stage read it) stops the writing stage instead, as an
  /// internal error (exit 70) naming the table, before any output replaces the old one.
  private static func checkReadsBack(_ bytes: [UInt8], as header: TableHeader) throws {
    let back: TableHeader
    do {
      back = try decode(bytes, path: "the \(header.kind.rawValue) table being written")
    } catch {
      throw HealthError.internalError(
        "the \(header.kind.rawValue) table's header would not read back: \(error)")
    }
    guard back == header else {
      throw HealthError.internalError(
        "the \(header.kind.rawValue) table's header reads back as another value")
    }
  }

  /// The header, checked: valid JSON with no key twice in one object (the decoder would
  /// keep one silently), `format` `healthpipe-table` and the `version` this healthpipe
  /// reads (the JSON's own version, not only the binary one before it; checked before the
  /// rest, so a table of another version gets the version message), then the columns,
  /// inputs and stage facts. Exit 65 with the byte offset otherwise.
  static func decode(_ bytes: [UInt8], path: String) throws -> TableHeader {
    let at = SourceLocation(file: path, byteOffset: 16)
    let preamble: Preamble
    do {
      preamble = try JSONDecoder().decode(Preamble.self, from: Data(bytes))
    } catch {
      throw HealthError.malformed(
        "table header is not valid: \(error)", at: at,
        hint: "the file was written by another program or an incompatible healthpipe version")
    }
    if let repeated = JSONRepeatedKey.first(in: bytes) {
      throw HealthError.malformed(
        "table header has the key '\(repeated.key)' twice in one object",
        at: SourceLocation(file: path, byteOffset: 16 + Int64(repeated.offset)),
        hint: "the file was not written by healthpipe, or was edited; rerun the stage that wrote it"
      )
    }
    guard preamble.format == "healthpipe-table" else {
      throw HealthError.malformed(
        "table header says format '\(preamble.format)', not healthpipe-table", at: at,
        hint: "pass a file written by `healthpipe ingest`, `clean` or `aggregate`")
    }
    guard preamble.version == TableFileLayout.version else {
      throw HealthError.malformed(
        "table header says version \(preamble.version); this healthpipe reads version "
          + "\(TableFileLayout.version)", at: at,
        hint: "rerun the stage that wrote it with this healthpipe")
    }
    do {
      return try JSONDecoder().decode(TableHeader.self, from: Data(bytes))
    } catch let error as DecodingError where error.isInFacts {
      throw HealthError.malformed(
        "table header's stage facts are damaged: \(error.summary)", at: at,
        hint: "the file was edited or damaged; rerun the stage that wrote it")
    } catch {
      throw HealthError.malformed(
        "table header is not valid: \(error)", at: at,
        hint: "the file was written by another program or an incompatible healthpipe version")
    }
  }

  /// The two fields checked before the rest of a header is decoded.
  private struct Preamble: Decodable {
    var format: String
    var version: Int
  }
}

extension DecodingError {
  /// The coding path of the error.
  fileprivate var path: [any CodingKey] {
    switch self {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c),
      .dataCorrupted(let c):
      return c.codingPath
    @unknown default: return []
    }
  }

  /// True when the error is inside the header's `facts` object.
  fileprivate var isInFacts: Bool {
    if case .keyNotFound(let key, let c) = self, c.codingPath.isEmpty {
      return key.stringValue == "facts"
    }
    return path.first?.stringValue == "facts"
  }

  /// What is wrong and where, in one line: `facts.aggregate.asOf: not a yyyy-MM-dd day`.
  fileprivate var summary: String {
    var names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
    if case .keyNotFound(let key, _) = self { names.append(key.stringValue) }
    let at = names.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    let why: String
    switch self {
    case .keyNotFound: why = "missing"
    case .typeMismatch(let type, _): why = "not a \(type)"
    case .valueNotFound(let type, _): why = "null where a \(type) belongs"
    case .dataCorrupted(let c): why = c.debugDescription
    @unknown default: why = "\(self)"
    }
    return at + ": " + why
  }
}
