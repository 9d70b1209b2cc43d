import HealthModel
import HealthSystem

/// Parses the INI-like pipeline file format (Pipelines/README.md, "Format"):
///
/// ```
/// # comment
/// [section]
/// key = value        # trailing comments after " #"
/// include = other.pipeline
/// ```
///
/// Syntax errors, duplicate keys in a section (across included files too) and include
/// cycles are `HealthError`s with exit code 78 and `file:line`.
///
/// A file is read only when it is a regular file of at most `maxBytes` (a FIFO or a device
/// would hang or read as empty), and an error quotes a line only once the file has shown a
/// known section such as `[pipeline]`: `include = /etc/shadow` must not print a line of
/// that file (docs/reliability.md, "Pipeline files"). Includes nest at most
/// `maxIncludeDepth` deep and all files together hold at most `maxTotalBytes`, so memory
/// stays bounded however the includes are chained. Lines end with LF or CRLF; a UTF-8 byte
/// order mark at the start of a file is skipped.
public enum PipelineFileParser {
  /// The largest pipeline file read: a real one is a few hundred bytes.
  public static let maxBytes = 1 << 20
  /// The most levels of includes inside includes (an include of the file given is level 1).
  public static let maxIncludeDepth = 16
  /// The most bytes of all files of one pipeline together (the file and its includes).
  public static let maxTotalBytes = 4 << 20

  /// Parses the file at `path`, following `include = FILE` lines (relative to the including
  /// file's folder).
  public static func parse(path: String) throws -> PipelineDocument {
    var document = PipelineDocument(path: path, entries: [], sections: [])
    var state = ParseState()
    try parse(path: path, includedFrom: nil, stack: [], into: &document, state: &state)
    return document
  }

  /// Parses text as if it were the file at `path` (tests, `--plan` of generated files).
  public static func parse(text: String, path: String) throws -> PipelineDocument {
    var document = PipelineDocument(path: path, entries: [], sections: [])
    var state = ParseState(totalBytes: text.utf8.count)
    try parseText(text, path: path, stack: [path], into: &document, state: &state)
    return document
  }

  /// What the files read so far set and cost.
  private struct ParseState {
    /// Where each `section.key` was first set (across includes).
    var seen: [String: SourceLocation] = [:]
    /// Bytes of every file read so far.
    var totalBytes = 0
  }

  private static func parse(
    path: String, includedFrom: SourceLocation?, stack: [String],
    into document: inout PipelineDocument, state: inout ParseState
  ) throws {
    let canonical = PathUtilities.normalise(path)
    if stack.contains(canonical) {
      let chain = (stack + [canonical]).joined(separator: " -> ")
      throw HealthError(
        .configError, "include cycle: \(chain)", at: includedFrom,
        hint: "remove one of the include lines so the files no longer include each other")
    }
    if stack.count > maxIncludeDepth {
      throw HealthError(
        .configError,
        "includes nested more than \(maxIncludeDepth) levels deep (the most healthpipe follows)",
        at: includedFrom, hint: "include the settings from a file nearer the pipeline file")
    }
    let bytes = try read(path, includedFrom: includedFrom)
    state.totalBytes += bytes.count
    if state.totalBytes > maxTotalBytes {
      throw HealthError(
        .configError,
        "the pipeline file and its includes hold more than \(maxTotalBytes) bytes together "
          + "(the most healthpipe reads)", at: includedFrom ?? SourceLocation(file: path),
        hint: "check the include lines: a pipeline file is a few hundred bytes")
    }
    guard var text = String(validating: bytes, as: UTF8.self) else {
      let offset = firstInvalidUTF8(bytes)
      throw HealthError(
        .configError, "pipeline file is not valid UTF-8",
        at: SourceLocation(
          file: path, line: bytes[..<offset].filter { $0 == 0x0A }.count + 1,
          byteOffset: Int64(offset)),
        hint: "save the file as UTF-8")
    }
    // A byte order mark (some Windows editors write one) is not part of the first line.
    if text.unicodeScalars.first == "\u{FEFF}" { text = String(text.unicodeScalars.dropFirst()) }
    try parseText(text, path: path, stack: stack + [canonical], into: &document, state: &state)
  }

  /// The bytes of a pipeline file or an include: only a regular file of at most `maxBytes`.
  private static func read(_ path: String, includedFrom: SourceLocation?) throws -> [UInt8] {
    let what = includedFrom == nil ? "the pipeline file" : "included file \(path)"
    do {
      switch try FileReader.readSmallRegularFile(path, limit: maxBytes) {
      case .bytes(let read): return read
      case .notRegular(let kind):
        throw HealthError(
          .configError, "\(what) is \(kind), not a regular file",
          at: includedFrom ?? SourceLocation(file: path),
          hint: "name a pipeline file (a FIFO or a device would hang or read as empty)")
      case .tooLarge(let size):
        throw HealthError(
          .configError, "\(what) is \(size) bytes; a pipeline file is at most \(maxBytes) bytes",
          at: includedFrom ?? SourceLocation(file: path),
          hint: "check the path: this is not a pipeline file")
      }
    } catch let error as HealthError where error.code != .configError {
      if let includedFrom {
        throw HealthError(
          .configError, "included pipeline file \(path) cannot be read: \(error.message)",
          at: includedFrom, hint: "check the include path (relative to this file's folder)")
      }
      throw HealthError(
        error.code, "pipeline file cannot be read: \(error.message)",
        at: SourceLocation(file: path), hint: "check the path to the pipeline file")
    }
  }

  private static func parseText(
    _ text: String, path: String, stack: [String], into document: inout PipelineDocument,
    state: inout ParseState
  ) throws {
    var section: String?
    // Whether a known section was seen in this file: until then an error shows no text of
    // the line, unless the text is a word of the pipeline-file vocabulary.
    var recognised = false
    // "\r\n" is one Character in Swift: splitting on "\n" alone kept a CRLF file one line.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, rawLine) in lines.enumerated() {
      let line = PipelineLine(path: path, number: index + 1, recognised: recognised)
      var content = Substring(rawLine)
      if content.hasSuffix("\r") { content = content.dropLast() }
      content = stripComment(content)
      let trimmed = content.trimmingBlanks()
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix("[") {
        let name = try sectionName(trimmed, line: line)
        recognised = true
        section = name
        document.sections.append((name, line.location))
        continue
      }
      let (key, value) = try setting(trimmed, line: line)
      if key == "include" && (section == nil || section == "pipeline") {
        let target = PathUtilities.resolve(value, relativeTo: PathUtilities.directory(of: path))
        try parse(
          path: target, includedFrom: line.location, stack: stack, into: &document,
          state: &state)
        continue
      }
      guard let section else {
        try line.reveal([key])
        throw HealthError(
          .configError, "setting '\(key)' appears before any [section]", at: line.location,
          hint: "put it under a section such as [pipeline]")
      }
      let id = section + "." + key
      if let first = state.seen[id] {
        throw HealthError(
          .configError, "duplicate key '\(key)' in [\(section)] (first set at \(first))",
          at: line.location, hint: "keep one of the two lines")
      }
      state.seen[id] = line.location
      document.entries.append(
        PipelineEntry(section: section, key: key, value: value, location: line.location))
    }
  }

  /// The offset of the first byte that does not begin valid UTF-8 (the end when all is
  /// valid), so the error can name the line.
  private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      offset += UTF8.width(scalar)
    }
    return min(offset, bytes.count)
  }

  /// Removes a comment: a line starting with `#` or `;`, or ` #` after a value.
  private static func stripComment(_ line: Substring) -> Substring {
    let t = line.trimmingBlanks()
    if t.hasPrefix("#") || t.hasPrefix(";") { return "" }
    var previous: Character = " "
    for index in line.indices {
      let c = line[index]
      if c == "#" && (previous == " " || previous == "\t") { return line[..<index] }
      previous = c
    }
    return line
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingBlanks() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return String(s)
  }
}
