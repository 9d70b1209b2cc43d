import HealthModel

/// The habits the inputs define (Loop exports' `Habits.csv`), found before any input is
/// read, so a journal may name a Loop habit whatever the order of the inputs
/// (docs/habits.md, "Definitions"). An input that is not a Loop export, or cannot be read,
/// defines nothing here (reading it fails or rejects in its turn).
public enum HabitPrescan {
  /// The definitions found in `inputs`: of a habit in several exports, the last input's
  /// (inputs are listed oldest first, so the newest export's settings stand), at the
  /// position of its last appearance.
  public static func found(in inputs: [String]) -> [HabitDefinition] {
    var found: [HabitDefinition] = []
    for path in inputs {
      guard let format = try? FormatDetector.detect(path: path),
        format == .loopZip || format == .loopFolder,
        let files = try? LoopExportReader.files(path, format: format),
        let export = try? LoopExport(files: files)
      else { continue }
      for definition in export.definitions {
        found.removeAll { $0.key == definition.key }
        found.append(definition)
      }
    }
    return found
  }
}
