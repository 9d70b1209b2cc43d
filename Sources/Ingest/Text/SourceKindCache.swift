import HealthModel

/// Remembers the kind of each source name, so the text search that classifies a name runs
/// once per distinct name, not once per record.
struct SourceKindCache {
  private let classify: (String) -> SourceKind
  private var lastName: String?
  private var lastKind = SourceKind.unknown
  private var known: [String: SourceKind] = [:]

  init(_ classify: @escaping (String) -> SourceKind) {
    self.classify = classify
  }

  /// The kind of `name`.
  mutating func kind(of name: String) -> SourceKind {
    if let lastName, lastName == name { return lastKind }
    let kind: SourceKind
    if let hit = known[name] {
      kind = hit
    } else {
      kind = classify(name)
      if known.count > 4096 { known.removeAll(keepingCapacity: true) }
      known[name] = kind
    }
    lastName = name
    lastKind = kind
    return kind
  }
}
