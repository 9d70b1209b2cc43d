import HealthModel

extension PipelineConfigLoader {
  /// The `[pipeline]` section, checked, with its paths made absolute.
  struct PipelineSection {
    /// The pipeline's name (the file's stem when not given).
    var name: String
    /// The real folder of the pipeline file, which its relative paths start from.
    var base: String
    /// The expanded input files (empty when inputs are not checked).
    var inputs: [String]
    /// The work folder.
    var work: String
    /// The `as_of` word.
    var asOf: AsOfDate.Word
    /// The `timezone`, if given.
    var timeZone: String?
  }

  /// Parses and checks `[pipeline]` (exit 78 at the line of a bad value).
  static func pipelineSection(_ document: PipelineDocument, checkInputs: Bool) throws
    -> PipelineSection
  {
    // Paths in the file are relative to its real folder, made absolute: the stamps then
    // name the same files however the pipeline was invoked (docs: Pipelines/README.md).
    let real = PathUtilities.canonicalPath(document.path)
    let base = PathUtilities.directory(of: real)
    func value(_ k: String) -> PipelineEntry? { document.entry("pipeline", k) }

    // The default name (and so the default work folder) is the real file's, not a link's.
    let name = value("name")?.value ?? fileStem(real)
    guard let inputsEntry = value("inputs"), !inputsEntry.value.isEmpty else {
      throw configError(
        "[pipeline] has no 'inputs'",
        at: document.sections.first { $0.name == "pipeline" }?.location,
        hint: "list the export files or patterns, e.g. inputs = exports/*.zip")
    }
    let inputs =
      checkInputs
      ? try GlobExpander.expand(
        list(inputsEntry.value), relativeTo: base, at: inputsEntry.location) : []
    let work =
      value("work").map { PathUtilities.resolve($0.value, relativeTo: base) }
      ?? PathUtilities.resolve(".healthpipe/\(name)", relativeTo: base)
    var asOf = AsOfDate.Word.yesterday
    if let e = value("as_of") {
      asOf = try AsOfDate.Word.parse(e.value, origin: "as_of", code: .configError, at: e.location)
    }
    var timeZone: String?
    if let e = value("timezone") {
      guard TimeZoneName.isKnown(e.value) else {
        throw TimeZoneName.unknown(e.value, code: .configError, at: e.location)
      }
      timeZone = e.value
    }
    return PipelineSection(
      name: name, base: base, inputs: inputs, work: work, asOf: asOf, timeZone: timeZone)
  }
}
