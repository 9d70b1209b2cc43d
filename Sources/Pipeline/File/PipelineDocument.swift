import HealthModel

/// One `key = value` line of a pipeline file.
public struct PipelineEntry: Sendable, Hashable {
  /// Section name (`pipeline`, `clean`, `goal.steps`, ...), lower-cased.
  public var section: String
  /// Key, lower-cased.
  public var key: String
  /// Value with surrounding blanks removed (may be empty).
  public var value: String
  /// Where it was written.
  public var location: SourceLocation
}

/// A parsed pipeline file: sections and entries in file order, includes resolved.
public struct PipelineDocument: Sendable {
  /// The file that was parsed first.
  public var path: String
  /// Every entry, in order of appearance (included files in place of their `include` line).
  public var entries: [PipelineEntry]
  /// Every section header seen, with where it was.
  public var sections: [(name: String, location: SourceLocation)]

  /// The entries of one section.
  public func entries(in section: String) -> [PipelineEntry] {
    entries.filter { $0.section == section }
  }

  /// The entry for `section.key`, if present.
  public func entry(_ section: String, _ key: String) -> PipelineEntry? {
    entries.first { $0.section == section && $0.key == key }
  }

  /// Names of the sections present, in first-seen order.
  public var sectionNames: [String] {
    var seen = Set<String>()
    return sections.map(\.name).filter { seen.insert($0).inserted }
  }
}
