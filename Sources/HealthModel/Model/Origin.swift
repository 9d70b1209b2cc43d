/// Where a sample or reject came from: the index of the input file (into the table
/// header's `inputs`) and the line (text formats) or record number (zip entries, JSON).
public struct Origin: Hashable, Sendable, Codable {
  /// Index into the table header's input list.
  public var file: Int32
  /// 1-based line number for line-oriented text, else a 1-based record number.
  public var record: Int64

  /// Creates an origin.
  public init(file: Int32, record: Int64) {
    self.file = file
    self.record = record
  }
}
