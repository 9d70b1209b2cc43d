import HealthModel

extension PipelineConfigLoader {
  /// Refuses an unknown section, an unknown key in a section, and a file without
  /// `[pipeline]` (exit 78 at the line, with the names that are allowed).
  static func checkSectionsAndKeys(_ document: PipelineDocument) throws {
    for (name, location) in document.sections {
      guard keys[name] != nil || isGoalSection(name) || isHabitSection(name) else {
        throw configError(
          "unknown section [\(name)]", at: location,
          hint:
            "sections are [pipeline], [clean], [aggregate], [goal.NAME], [habit.NAME], "
            + "[report] and [export]")
      }
    }
    for entry in document.entries {
      let allowed =
        isGoalSection(entry.section)
        ? goalKeys : isHabitSection(entry.section) ? habitKeys : (keys[entry.section] ?? [])
      guard allowed.contains(entry.key) else {
        let suggestion = closest(entry.key, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
        throw configError(
          "unknown key '\(entry.key)' in [\(entry.section)]\(suggestion)", at: entry.location,
          hint: "keys of [\(entry.section)]: " + allowed.sorted().joined(separator: ", "))
      }
    }
    guard document.sections.contains(where: { $0.name == "pipeline" }) else {
      throw configError(
        "no [pipeline] section", at: SourceLocation(file: document.path, line: 1),
        hint: "a pipeline file needs [pipeline] with at least 'inputs = ...'")
    }
  }
}
