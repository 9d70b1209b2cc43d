import HealthModel

/// One line of a pipeline file being parsed: where it is, and whether the file has shown a
/// known section yet (until then an error quotes only words of the pipeline vocabulary).
struct PipelineLine {
  /// The file the line is in.
  var path: String
  /// The line's number, from 1.
  var number: Int
  /// Whether a known section was seen in this file before this line.
  var recognised: Bool

  /// The line's location for an error.
  var location: SourceLocation { SourceLocation(file: path, line: number) }

  /// Throws a message that quotes nothing unless the file is recognised or every word
  /// the error would quote belongs to the pipeline-file vocabulary.
  func reveal(_ words: [String]) throws {
    guard recognised || words.allSatisfy(PipelineVocabulary.contains) else {
      throw HealthError(
        .configError,
        "this does not look like a pipeline file: line \(number) is not a setting "
          + "under a known [section] (the line is not shown)", at: location,
        hint: "a pipeline file starts with a section such as [pipeline]; check the path "
          + "(an include is relative to the including file's folder)")
    }
  }
}

extension PipelineFileParser {
  /// The name of a `[section]` header line (trimmed, starting with `[`), lowercased.
  static func sectionName(_ trimmed: String, line: PipelineLine) throws -> String {
    guard trimmed.hasSuffix("]"), trimmed.count > 2 else {
      try line.reveal([trimmed.dropFirst().trimmingBlanks().lowercased()])
      throw HealthError(
        .configError, "malformed section header '\(trimmed)'", at: line.location,
        hint: "write a section as [name], e.g. [pipeline]")
    }
    let name = trimmed.dropFirst().dropLast().trimmingBlanks().lowercased()
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) })
    else {
      try line.reveal([name])
      throw HealthError(
        .configError, "section name '\(name)' has characters other than letters, digits, . _ -",
        at: line.location, hint: "write a section as [name], e.g. [goal.steps]")
    }
    // An unknown first section is quoted (by the loader) only when it looks like a typo
    // of a known one.
    if !line.recognised { try line.reveal([name]) }
    return name
  }

  /// The key (lowercased) and value of a `key = value` line (trimmed, not empty).
  static func setting(_ trimmed: String, line: PipelineLine) throws -> (key: String, value: String)
  {
    guard let eq = trimmed.firstIndex(of: "=") else {
      try line.reveal([trimmed])
      throw HealthError(
        .configError, "expected 'key = value' or '[section]', found '\(trimmed)'",
        at: line.location,
        hint: "every setting is written as key = value inside a [section]")
    }
    let key = trimmed[..<eq].trimmingBlanks().lowercased()
    let value = trimmed[trimmed.index(after: eq)...].trimmingBlanks()
    guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
      try line.reveal([key])
      throw HealthError(
        .configError, "invalid key '\(key)'", at: line.location,
        hint: "keys are letters, digits and underscores, e.g. week_start")
    }
    return (key, value)
  }
}
