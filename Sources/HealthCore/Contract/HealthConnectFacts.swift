/// What the Health Connect reader tells the clean stage about one export: the apps it
/// holds (package, display name, and the source name their samples carry), the person's
/// own source order per data category (`health_data_category_priority_table`) and the
/// schema version (docs/ingest-health-connect.md, "Priorities").
///
/// Carried in the samples table's header `meta`, one key per input
/// (`healthConnect.<input>`, a JSON object), and forward unchanged by clean and aggregate.
/// The one place that knows the key: ingest writes through `headerMeta`, clean reads through
/// `all(in:)`.
public struct HealthConnectFacts: Sendable, Hashable, Codable {
  /// One app of `application_info_table`.
  public struct App: Sendable, Hashable, Codable {
    /// Its package name (`com.sec.android.app.shealth`).
    public var package: String
    /// Its display name as the export holds it (`Samsung Health`), "" when absent.
    public var name: String
    /// The source name its samples carry: the display name, or the package name when the
    /// name is absent or shared with another app.
    public var source: String

    /// Creates an entry.
    public init(package: String, name: String, source: String) {
      self.package = package
      self.name = name
      self.source = source
    }
  }

  /// The input's index in the table's input list.
  public var input: Int
  /// `PRAGMA user_version` of the database.
  public var schemaVersion: Int
  /// Every app of the export, in `row_id` order.
  public var apps: [App]
  /// Per category name (`HealthConnectCategory.name`), the source names in the person's
  /// order, highest priority first. A category without a row in the export is absent; an
  /// app id in a list that no app has is left out (and counted in `unknownAppIds`).
  public var priority: [String: [String]]
  /// App row ids in the priority lists that `application_info_table` does not hold.
  public var unknownAppIds: Int

  /// Creates the facts of one input.
  public init(
    input: Int, schemaVersion: Int, apps: [App], priority: [String: [String]],
    unknownAppIds: Int = 0
  ) {
    self.input = input
    self.schemaVersion = schemaVersion
    self.apps = apps
    self.priority = priority
    self.unknownAppIds = unknownAppIds
  }

  /// Every key starts with this; the input index follows.
  public static let keyPrefix = "healthConnect."

  /// The list of a category, highest priority first; nil when the export has none for it.
  public func order(of category: HealthConnectCategory) -> [String]? {
    priority[category.name]
  }

  /// The facts as one header `meta` entry.
  public var headerMeta: [String: String] {
    get throws {
      [Self.keyPrefix + String(input): try MetaJSON.text(self, what: "the Health Connect facts")]
    }
  }

  /// Every Health Connect input's facts in a table header's `meta`, by input index; inputs
  /// whose entry does not parse are left out.
  public static func all(in meta: [String: String]) -> [Int: HealthConnectFacts] {
    var found: [Int: HealthConnectFacts] = [:]
    for (key, value) in meta where key.hasPrefix(keyPrefix) {
      guard let index = Int(key.dropFirst(keyPrefix.count)),
        let facts = MetaJSON.decode(HealthConnectFacts.self, value), facts.input == index
      else { continue }
      found[index] = facts
    }
    return found
  }
}
