import Foundation
import HealthCore
import HealthModel

/// The export's apps (`application_info_table`), devices (`device_info_table`) and the
/// person's source order per category (`health_data_category_priority_table`): what a
/// record's `app_info_id` and `device_info_id` stand for, and the facts clean needs
/// (docs/ingest-health-connect.md, "Sources and devices", "Priorities").
struct HealthConnectApps {
  /// What a record's app and device say about its sample.
  struct Origin: Sendable {
    /// The source name.
    var source: String
    /// `name:…, manufacturer:…, model:…, type:…`, or "".
    var device: String
    /// The device's kind (`.app` when the record has no device).
    var kind: SourceKind
  }

  /// One device row.
  struct Device: Sendable {
    var description: String
    var kind: SourceKind
  }

  /// Source names by app row id.
  private(set) var sources: [Int64: String] = [:]
  /// Devices by row id.
  private(set) var devices: [Int64: Device] = [:]
  /// The facts for the samples table's header.
  private(set) var facts: HealthConnectFacts
  /// App ids that records name but the apps table does not hold, with how many records.
  private(set) var unknownApps: [Int64: Int64] = [:]

  /// Reads the three tables of `database`.
  init(database: HealthConnectDatabase, schema: HealthConnectSchema, input: Int) throws {
    let path = database.path
    let apps = try Self.readApps(database: database, schema: schema, path: path)
    for app in apps { sources[app.id] = app.entry.source }
    devices = try Self.readDevices(database: database, schema: schema)
    var priority: [String: [String]] = [:]
    var unknownIds = 0
    let table = "health_data_category_priority_table"
    if schema.has(table) {
      let statement = try database.prepare(
        "SELECT \(try schema.require("health_data_category", in: table, path: path)), "
          + "\(try schema.require("app_id_priority_order", in: table, path: path)) FROM \(table) "
          + "ORDER BY 1",
        table: table)
      while try statement.step() {
        guard let category = HealthConnectCategory(rawValue: Int(statement.int64(0))) else {
          continue
        }
        var list: [String] = []
        for id in (statement.text(1) ?? "").split(separator: ",") {
          let trimmed = id.trimmingCharacters(in: .whitespaces)
          if let number = Int64(trimmed), let source = sources[number] {
            if !list.contains(source) { list.append(source) }
          } else if !trimmed.isEmpty {
            unknownIds += 1
          }
        }
        priority[category.name] = list
      }
    }
    facts = HealthConnectFacts(
      input: input, schemaVersion: schema.version, apps: apps.map(\.entry), priority: priority,
      unknownAppIds: unknownIds)
  }

  /// The source name of an app id (`unknown app 7` when the apps table lacks it).
  func sourceName(of app: Int64) -> String { sources[app] ?? "unknown app \(app)" }

  /// The last record's app, device and manual flag, and what they gave (records of a table
  /// come mostly from a few apps in runs).
  private var lastKey: (app: Int64, device: Int64?, manual: Bool)?
  private var lastOrigin = Origin(source: "", device: "", kind: .unknown)

  /// The source, device and kind of a record.
  mutating func origin(app: Int64, device: Int64?, manual: Bool) -> Origin {
    if let key = lastKey, key.app == app, key.device == device, key.manual == manual {
      return lastOrigin
    }
    let found = resolve(app: app, device: device, manual: manual)
    if sources[app] != nil {
      lastKey = (app, device, manual)
      lastOrigin = found
    }
    return found
  }

  private mutating func resolve(app: Int64, device: Int64?, manual: Bool) -> Origin {
    let source: String
    if let known = sources[app] {
      source = known
    } else {
      unknownApps[app, default: 0] += 1
      source = "unknown app \(app)"
    }
    let found = device.flatMap { devices[$0] }
    let kind: SourceKind =
      manual ? .manual : (found.map { $0.description.isEmpty ? .app : $0.kind } ?? .app)
    return Origin(source: source, device: found?.description ?? "", kind: kind)
  }

  private static func readApps(
    database: HealthConnectDatabase, schema: HealthConnectSchema, path: String
  ) throws -> [(id: Int64, entry: HealthConnectFacts.App)] {
    let table = "application_info_table"
    let statement = try database.prepare(
      "SELECT \(try schema.require("row_id", in: table, path: path)), "
        + "\(try schema.require("package_name", in: table, path: path)), "
        + "\(schema.optional("app_name", in: table)) FROM \(table) ORDER BY 1",
      table: table)
    var rows: [(id: Int64, package: String, name: String)] = []
    while try statement.step() {
      let package = statement.text(1) ?? ""
      let name = (statement.text(2) ?? "").trimmingCharacters(in: .whitespaces)
      rows.append(
        (statement.int64(0), package.isEmpty ? "app \(statement.int64(0))" : package, name))
    }
    // A display name two apps share would merge their samples under one source: such apps
    // carry "Name (package)" instead.
    var nameCount: [String: Int] = [:]
    for row in rows where !row.name.isEmpty { nameCount[row.name, default: 0] += 1 }
    return rows.map { row in
      let source: String
      if row.name.isEmpty {
        source = row.package
      } else if nameCount[row.name]! > 1 {
        source = "\(row.name) (\(row.package))"
      } else {
        source = row.name
      }
      return (row.id, HealthConnectFacts.App(package: row.package, name: row.name, source: source))
    }
  }

  private static func readDevices(database: HealthConnectDatabase, schema: HealthConnectSchema)
    throws -> [Int64: Device]
  {
    let table = "device_info_table"
    guard schema.has(table), schema.has("row_id", in: table) else { return [:] }
    let statement = try database.prepare(
      "SELECT row_id, \(schema.optional("manufacturer", in: table)), "
        + "\(schema.optional("model", in: table)), \(schema.optional("device_type", in: table)) "
        + "FROM \(table)",
      table: table)
    var devices: [Int64: Device] = [:]
    while try statement.step() {
      let manufacturer = (statement.text(1) ?? "").trimmingCharacters(in: .whitespaces)
      let model = (statement.text(2) ?? "").trimmingCharacters(in: .whitespaces)
      let type = statement.int64(3)
      devices[statement.int64(0)] = Device(
        description: describe(manufacturer: manufacturer, model: model, type: type),
        kind: kind(type))
    }
    return devices
  }

  /// `name:Samsung Galaxy Watch6, manufacturer:Samsung, model:Galaxy Watch6, type:watch`;
  /// "" for a device row with nothing in it (AOSP writes one for records without a device).
  static func describe(manufacturer: String, model: String, type: Int64) -> String {
    let word = typeWord(type)
    guard !manufacturer.isEmpty || !model.isEmpty || type != 0 else { return "" }
    var fields: [String] = []
    let name = [manufacturer, model].filter { !$0.isEmpty }.joined(separator: " ")
    if !name.isEmpty { fields.append("name:" + name) }
    if !manufacturer.isEmpty { fields.append("manufacturer:" + manufacturer) }
    if !model.isEmpty { fields.append("model:" + model) }
    fields.append("type:" + word)
    // Commas separate the fields; a comma inside a value would split it.
    return fields.map { $0.replacingAll(",", with: " ") }.joined(separator: ", ")
  }

  /// AOSP's `Device.DEVICE_TYPE_*` as a word.
  static func typeWord(_ type: Int64) -> String {
    switch type {
    case 1: "watch"
    case 2: "phone"
    case 3: "scale"
    case 4: "ring"
    case 5: "head-mounted"
    case 6: "fitness band"
    case 7: "chest strap"
    case 8: "smart display"
    default: "unknown"
    }
  }

  /// The sample's source kind for a device type: watches, phones and scales as such, other
  /// devices unknown (healthpipe's kinds have no ring or band).
  static func kind(_ type: Int64) -> SourceKind {
    switch type {
    case 1: .watch
    case 2: .phone
    case 3: .scale
    default: .unknown
    }
  }
}
