import Clean
import HealthModel

extension PipelineConfigLoader {
  /// The `[clean]` section's `priority` (the standard order when not given).
  static func cleanPriority(_ document: PipelineDocument) throws -> SourcePriority {
    guard let e = document.entry("clean", "priority") else { return .standard }
    // The one parser of the list (also `--priority`'s): an empty list, an empty entry or
    // an entry given twice is refused here, with the line, not when clean runs.
    do {
      return try SourcePriority(parsing: e.value)
    } catch let error as HealthError {
      throw configError("priority: " + error.message, at: e.location, hint: error.hint)
    }
  }
}
