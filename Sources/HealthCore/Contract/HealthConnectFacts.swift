import HealthModel

/// What the Health Connect reader tells the clean stage about one export: the apps it
/// holds (package, display name, and the source name their samples carry), the person's
/// own source order per data category (`health_data_category_priority_table`) and the
/// schema version (docs/ingest-health-connect.md, "Priorities").
///
/// Carried in the ingest section of the table facts (`IngestFacts.healthConnect`, one entry
/// per Health Connect input), forward unchanged by clean and aggregate.
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

  /// The list of a category, highest priority first; nil when the export has none for it.
  public func order(of category: HealthConnectCategory) -> [String]? {
    priority[category.name]
  }
}
