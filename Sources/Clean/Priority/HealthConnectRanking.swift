import HealthCore
import HealthModel

/// The person's own source orders from their Health Connect exports, as clean ranks with
/// them (docs/clean.md, "Health Connect: the person's own priorities").
///
/// A sample of a Health Connect input whose category has a list in its export ranks at its
/// app's place in that list (0 = first); an app missing from the list ranks at `width`,
/// the one "not in the list" rank (Android's merge leaves such records out; the other
/// rules rank them below every listed app). Every other sample (another format, or a
/// category the export has no list for) ranks at `width + 1 +` its rank in the
/// `SourcePriority` list: the exports' orders come first, being the person's own choice.
public struct HealthConnectRanking: Sendable, Hashable {
  /// Per Health Connect input index, per category, the source names highest first.
  public let orders: [Int32: [HealthConnectCategory: [String]]]
  /// The inputs that are Health Connect exports (with or without lists).
  public let inputs: Set<Int32>
  /// The longest list: ranks below it are list places, `width` is "not in the list".
  public let width: Int

  /// The ranking of a table's Health Connect inputs (`HealthConnectFacts` by input index).
  public init(facts: [Int: HealthConnectFacts], inputs: Set<Int32>) {
    var orders: [Int32: [HealthConnectCategory: [String]]] = [:]
    var width = 0
    for (index, fact) in facts {
      var lists: [HealthConnectCategory: [String]] = [:]
      for (name, list) in fact.priority {
        guard let category = HealthConnectCategory(name: name) else { continue }
        lists[category] = list
        width = max(width, list.count)
      }
      orders[Int32(index)] = lists
    }
    self.orders = orders
    self.inputs = inputs
    self.width = width
  }

  /// The export's list for a sample of input `file` and `metric`, if there is one.
  public func list(file: Int32, metric: MetricID) -> [String]? {
    guard let category = HealthConnectCategory(metric: metric) else { return nil }
    return orders[file]?[category]
  }

  /// The rank of a sample under its export's list; nil when no list applies to it.
  func rank(file: Int32, metric: MetricID, source: String) -> Int? {
    guard let list = list(file: file, metric: metric) else { return nil }
    return list.firstIndex(of: source) ?? width
  }

  /// Whether `rank` is the "not in the export's list" rank.
  func isUnlisted(_ rank: Int) -> Bool { rank == width }

  /// `Health Connect order #2`, `not in Health Connect's order`, or nil for a rank of the
  /// `SourcePriority` list (the caller labels those).
  func label(ofRank rank: Int, metric: MetricID?) -> String? {
    let category = metric.flatMap { HealthConnectCategory(metric: $0) }?.title
    let what = category.map { "the export's \($0) order" } ?? "Health Connect's order"
    if rank < width { return "#\(rank + 1) in \(what)" }
    if rank == width { return "not in \(what)" }
    return nil
  }
}
