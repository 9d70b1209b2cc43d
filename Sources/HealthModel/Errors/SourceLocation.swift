/// Where in an input something happened: a file and, where known, line, column,
/// byte offset and (for JSON) a path such as `data.metrics[3].data[17].qty`.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The file as the user named it.
  public var file: String
  /// 1-based line number, if the format has lines.
  public var line: Int?
  /// 1-based column (in bytes), if known.
  public var column: Int?
  /// 0-based byte offset into the file (or the decompressed entry), if known.
  public var byteOffset: Int64?
  /// A JSON path or zip entry name that narrows the place down.
  public var path: String?

  /// Creates a location; every part but the file is optional.
  public init(
    file: String, line: Int? = nil, column: Int? = nil, byteOffset: Int64? = nil,
    path: String? = nil
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.byteOffset = byteOffset
    self.path = path
  }

  /// `file:line:column`, then `(byte N)` and `at PATH` where known.
  public var description: String {
    var text = file
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    }
    if let byteOffset { text += " (byte \(byteOffset))" }
    if let path { text += " at \(path)" }
    return text
  }
}
