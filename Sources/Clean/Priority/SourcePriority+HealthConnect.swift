import HealthCore
import HealthModel

extension SourcePriority {
  /// This list with the table's Health Connect inputs noted (their merged metrics follow
  /// Android's merge) and, when no list was given (`isExplicit`), the exports' own orders
  /// in front; the list unchanged for a table without Health Connect inputs
  /// (docs/clean.md, "Health Connect: the person's own priorities"). `header` is the
  /// samples table's header: its ingest facts carry each Health Connect input's
  /// `HealthConnectFacts`.
  public func applyingHealthConnect(_ header: TableHeader) -> SourcePriority {
    let facts = header.facts.ingest?.healthConnectByInput ?? [:]
    guard !facts.isEmpty else { return self }
    var copy = self
    copy.healthConnectInputs = Set(facts.keys.map { Int32($0) })
    if !isExplicit {
      copy.healthConnect = HealthConnectRanking(facts: facts, inputs: copy.healthConnectInputs)
    }
    return copy
  }

  /// The rank of a sample (0 = highest): by its export's list when one applies, else by
  /// this list (after the exports' ranks when they are in force).
  func rank(
    file: Int32, metric: MetricID, source: String, device: String, userEntered: Bool,
    sourceKind: SourceKind
  ) -> Int {
    let own = rank(
      source: source, device: device, userEntered: userEntered, sourceKind: sourceKind)
    guard let healthConnect else { return own }
    if healthConnect.inputs.contains(file),
      let listed = healthConnect.rank(file: file, metric: metric, source: source)
    {
      return listed
    }
    return healthConnect.width + 1 + own
  }

  /// What a rank means for a sample of `metric`: its place in the export's order, or the
  /// entry of this list it matched, or `unlisted`.
  func label(ofRank rank: Int, metric: MetricID?) -> String {
    guard let healthConnect else { return label(ofRank: rank) }
    if let text = healthConnect.label(ofRank: rank, metric: metric) { return text }
    return label(ofRank: rank - healthConnect.width - 1)
  }

  /// The order in force as one line for the manifest and the report:
  /// `the export's own order per category (Health Connect), manual, Apple Watch, …, *`
  /// when the exports' orders are used, else the list.
  public var effectiveDescription: String {
    guard healthConnect != nil else { return description }
    return "the export's own order per category (Health Connect), " + description
  }

  /// The exports' orders in force, one line per input and category, for the manifest's
  /// notes (`input 0 activity: Samsung Health › Google Fit`); empty when none are.
  public var healthConnectNotes: [String] {
    guard let healthConnect else { return [] }
    var lines: [String] = []
    for input in healthConnect.inputs.sorted() {
      guard let lists = healthConnect.orders[input], !lists.isEmpty else {
        lines.append(
          "input \(input): the Health Connect export has no priority lists; its samples rank "
            + "by the list \(description)")
        continue
      }
      for category in lists.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
        lines.append(
          "input \(input) \(category.title) order from the export: "
            + (lists[category]!.isEmpty ? "(empty)" : lists[category]!.joined(separator: " › ")))
      }
    }
    return lines
  }
}
