import HealthModel

/// The habits a journal may name, found by key (`HabitName.key`), with the closest names
/// for one that is not there.
struct HabitLookup {
  private let byKey: [String: HabitDefinition]
  private let keys: [String]

  /// The habits of `definitions` (the pipeline's and those found in Loop exports).
  init(_ definitions: [HabitDefinition]) {
    var byKey: [String: HabitDefinition] = [:]
    for d in definitions { byKey[d.key] = d }
    self.byKey = byKey
    keys = definitions.map(\.key)
  }

  /// The habit named `name`, if defined.
  func habit(named name: String) -> HabitDefinition? { byKey[HabitName.key(name)] }

  /// Why `name` is refused: `habit 'medtate' is not defined (did you mean meditate?)`.
  func unknownReason(_ name: String) -> String {
    guard !keys.isEmpty else {
      return "habit '\(name)' is not defined: no habit is; define it in the pipeline file "
        + "as [habit.\(HabitName.key(name))] with a type"
    }
    let close = NameSuggestions.closest(to: HabitName.key(name), in: keys)
    let suggestion =
      close.isEmpty
      ? "habits: " + keys.prefix(12).joined(separator: ", ")
      : "did you mean " + close.joined(separator: ", ") + "?"
    return "habit '\(name)' is not defined (\(suggestion))"
  }
}
