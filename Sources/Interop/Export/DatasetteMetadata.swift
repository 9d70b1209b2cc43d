import Foundation
import HealthCore
import HealthModel

/// The `metadata.json` Datasette reads (`datasette health.sqlite -m health.metadata.json`):
/// a title and description for the instance, each table and view, and every column (its
/// unit in the description), with a useful default order and facets (docs/interop.md,
/// "Datasette").
///
/// Units are in the column descriptions, not Datasette's `units` key: that one hands the
/// value to Pint, which shows 1,373 kcal as `1.373 Mcal` and does not know `bpm`.
struct DatasetteMetadata: Encodable {
  struct Table: Encodable {
    var title: String
    var description: String?
    var descriptionHTML: String?
    var columns: [String: String]?
    var sortDesc: String?
    var facets: [String]?
    var labelColumn: String?

    enum CodingKeys: String, CodingKey {
      case title, description, columns, facets
      case descriptionHTML = "description_html"
      case sortDesc = "sort_desc"
      case labelColumn = "label_column"
    }
  }

  struct Database: Encodable {
    var title: String
    var description: String
    var tables: [String: Table]
  }

  var title: String
  var description: String
  var about = "healthpipe"
  var databases: [String: Database]

  /// The metadata for the database named `database` (its file name without extension).
  init(database: String, described: [MetadataTables.Described], facts: StageFacts) {
    let asOf = facts.aggregate?.asOf.map { " as of \($0)" } ?? ""
    let through = facts.aggregate?.dataThrough.map { " (data through \($0))" } ?? ""
    title = "healthpipe: health data\(asOf)"
    description =
      "Health exports cleaned and aggregated by \(ToolInfo.name) \(ToolInfo.version)\(asOf)"
      + "\(through). Start with daily_wide (one row per day); metadata_columns and "
      + "metadata_metrics say what every column and metric means."
    var tables: [String: Table] = [:]
    for d in described {
      var columns: [String: String] = [:]
      for c in d.columns where !c.description.isEmpty {
        columns[c.name] = c.unit.isEmpty ? c.description : "\(c.description) [\(c.unit)]"
      }
      // Newest first where a table is by day; samples and rejects keep their file order.
      let byDay = ["daily", "baselines", "scores", "habits", "view"].contains(d.kind)
      let sort: String? = d.kind == "weekly" ? "week" : (byDay ? "day" : nil)
      let facets: [String]? =
        switch d.kind {
        case "daily", "baselines", "weekly": ["metric"]
        case "rejects": ["code", "metric"]
        case "habits": ["habit"]
        default: nil
        }
      var table = Table(
        title: d.title, description: d.description, columns: columns, sortDesc: sort,
        facets: facets, labelColumn: d.kind == "devices" ? "device" : nil)
      if d.kind == "view" {
        // Datasette lists column descriptions above the rows, one per line: for a view of
        // ninety columns the units go in one compact paragraph instead.
        // Grouped by unit in order of appearance; `_min` / `_max` share their series' unit.
        var order: [String] = []
        var names: [String: [String]] = [:]
        for c in d.columns where !c.unit.isEmpty {
          if c.name.hasSuffix("_min") || c.name.hasSuffix("_max") { continue }
          if names[c.unit] == nil { order.append(c.unit) }
          names[c.unit, default: []].append(c.name)
        }
        let units = order.map { unit in
          "<b>\(Self.html(unit))</b>: " + names[unit]!.map(Self.html).joined(separator: ", ")
        }
        table.description = nil
        table.columns = nil
        table.descriptionHTML =
          "<p>\(Self.html(d.description)) Columns ending in _min and _max have their "
          + "series' unit.</p><p>" + units.joined(separator: " · ") + "</p>"
      }
      tables[d.name] = table
    }
    databases = [
      database: Database(
        title: "Health data\(asOf)", description: description, tables: tables)
    ]
  }

  /// Text escaped for HTML.
  private static func html(_ text: String) -> String {
    text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;")
      .replacingAll(">", with: "&gt;")
  }

  /// Pretty JSON with sorted keys: the same database gives the same bytes.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }

  /// Where it goes for a database path: beside it, `<name without extension>.metadata.json`.
  static func path(besides database: String) -> String {
    let slash = database.lastIndex(of: "/")
    let folder = slash.map { String(database[...$0]) } ?? ""
    return folder + databaseName(database) + ".metadata.json"
  }

  /// Datasette's name for a database file: its name without the extension.
  static func databaseName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
    return String(file[..<dot])
  }
}
