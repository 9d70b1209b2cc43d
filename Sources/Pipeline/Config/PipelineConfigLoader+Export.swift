extension PipelineConfigLoader {
  /// Parses and checks `[export]`, its paths resolved against `base`.
  static func exportSection(_ document: PipelineDocument, base: String) throws -> ExportConfig {
    var export = ExportConfig()
    if let e = document.entry("export", "sqlite") {
      guard !e.value.isEmpty else {
        throw configError(
          "sqlite is empty", at: e.location,
          hint: "give the database file, e.g. sqlite = ../Reports/latest/health.sqlite")
      }
      export.sqlite = PathUtilities.resolve(e.value, relativeTo: base)
    }
    return export
  }
}
