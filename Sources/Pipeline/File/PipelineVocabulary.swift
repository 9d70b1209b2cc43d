/// The words of the pipeline-file format (section names and keys), which an error may
/// quote from a file not yet recognised as a pipeline file (see `PipelineFileParser`).
enum PipelineVocabulary {
  /// Every key of every section, and `include`.
  static let keys: Set<String> = PipelineConfigLoader.keys.values.reduce(
    PipelineConfigLoader.goalKeys.union(PipelineConfigLoader.habitKeys).union(["include"])
  ) { $0.union($1) }

  /// Whether `name` is a section the loader knows (`[goal.NAME]` included).
  static func isSection(_ name: String) -> Bool {
    PipelineConfigLoader.keys[name] != nil || PipelineConfigLoader.isGoalSection(name)
      || PipelineConfigLoader.isHabitSection(name)
  }

  /// Whether `word` may be quoted: a section name or key of the format, or a word of four
  /// letters or more within two edits of a section name (a typo such as `[pipline]`).
  static func contains(_ word: String) -> Bool {
    if isSection(word) || keys.contains(word) { return true }
    return word.count >= 4
      && PipelineConfigLoader.closest(word, in: Set(PipelineConfigLoader.keys.keys)) != nil
  }
}
