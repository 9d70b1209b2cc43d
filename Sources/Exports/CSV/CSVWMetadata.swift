import Foundation
import HealthCore
import HealthModel

/// A CSV on the Web (W3C, "Metadata Vocabulary for Tabular Data") description of one CSV
/// file, written beside it as `<file>-metadata.json`, where CSVW processors look for it
/// first. It names and types each column, says what it means (`dc:description`) and its
/// unit (`schema:unitText`), and gives the dialect (header row, CRLF), so DuckDB, pandas,
/// spreadsheet and CSVW users learn what `hrv_ln_sdnn [ln ms]` is (docs/interop.md).
public struct CSVWMetadata: Sendable, Encodable {
  /// One column of `tableSchema`.
  public struct Column: Sendable, Encodable {
    /// A name usable in URI templates (letters, digits, `_`).
    public var name: String
    /// The header cell, exactly.
    public var titles: String
    /// `string`, `date`, `datetime`, `integer`, `decimal`, `number` or `boolean`.
    public var datatype: String
    /// Whether every row has a value.
    public var required: Bool
    /// What the column holds.
    public var description: String
    /// Its unit, when it has one.
    public var unit: String?

    /// Creates a column.
    public init(
      name: String, titles: String, datatype: String, required: Bool = false,
      description: String, unit: String? = nil
    ) {
      self.name = name
      self.titles = titles
      self.datatype = datatype
      self.required = required
      self.description = description
      self.unit = (unit?.isEmpty ?? true) ? nil : unit
    }

    enum CodingKeys: String, CodingKey {
      case name, titles, datatype, required
      case description = "dc:description"
      case unit = "schema:unitText"
    }
  }

  struct Dialect: Sendable, Encodable {
    var header = true
    var delimiter = ","
    var lineTerminators = ["\r\n"]
    var encoding = "utf-8"
  }

  struct Schema: Sendable, Encodable {
    var columns: [Column]
    var primaryKey: [String]?
  }

  let context = "http://www.w3.org/ns/csvw"
  /// The CSV file's name (relative: it sits beside this file).
  public var url: String
  /// A title.
  public var title: String
  /// A paragraph.
  public var description: String
  var creator = "\(ToolInfo.name) \(ToolInfo.version)"
  var dialect = Dialect()
  var tableSchema: Schema

  /// Describes `url` with its columns in order and the columns forming a primary key.
  public init(
    url: String, title: String, description: String, columns: [Column], primaryKey: [String]? = nil
  ) {
    self.url = url
    self.title = title
    self.description = description
    tableSchema = Schema(columns: columns, primaryKey: primaryKey)
  }

  enum CodingKeys: String, CodingKey {
    case context = "@context"
    case url, dialect, tableSchema
    case title = "dc:title"
    case description = "dc:description"
    case creator = "dc:creator"
  }

  /// Pretty JSON with sorted keys: the same description is always the same bytes.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }

  /// The CSVW datatype of a table column type as `healthpipe export` writes it.
  public static func datatype(_ type: ColumnType) -> String {
    switch type {
    case .int64: "integer"
    case .float64: "number"
    case .string: "string"
    case .bool: "boolean"
    case .day: "date"
    case .timestamp: "datetime"
    }
  }

  /// The description of a table's CSV export (`healthpipe export`, `weekly.csv`): one
  /// column per table column, named and described as the table is.
  public static func table(
    _ header: TableHeader, url: String, title: String? = nil, primaryKey: [String]? = nil
  ) -> CSVWMetadata {
    let about = TableDescriptions.table(header.kind, stage: header.stage)
    let userUnits = ExportNumberRules.writesUserUnits(header.kind)
    let columns = header.columns.map { c in
      var text = TableDescriptions.column(header.kind, c.name)
      if userUnits && ExportNumberRules.rule(header.kind, column: c.name) == .series {
        text += " In the row's unit (the unit column), at the metric's decimals."
      }
      // An empty text cell is "" to healthpipe but null to CSVW: text columns are never
      // required. Units of timestamp columns (`s`) describe storage, not the ISO text.
      let numeric = c.type == .int64 || c.type == .float64
      return Column(
        name: c.name, titles: c.name, datatype: datatype(c.type),
        required: !c.nullable && c.type != .string, description: text,
        unit: numeric ? c.unit : nil)
    }
    return CSVWMetadata(
      url: url, title: title ?? about.title, description: about.text, columns: columns,
      primaryKey: primaryKey)
  }
}
