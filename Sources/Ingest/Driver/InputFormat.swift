import HealthCore

/// The input formats ingest reads, detected from content (never from the file name).
public enum InputFormat: String, Sendable, CaseIterable {
  /// Apple Health `export.xml` (any localised name).
  case appleXML = "apple-xml"
  /// Apple Health `export.zip`, read in place.
  case appleZip = "apple-zip"
  /// Health Auto Export JSON (`{"data": {"metrics": [...]}}`).
  case autoExportJSON = "hae-json"
  /// Health Auto Export CSV daily metrics (`Date,Active Energy (kcal),...`).
  case autoExportCSV = "hae-csv"
  /// Health Auto Export CSV workouts (`Type,Start,End,Duration,...`).
  case autoExportWorkoutsCSV = "hae-workouts-csv"
  /// healthpipe's long CSV (`date,metric,value,unit,source[,end]`).
  case longCSV = "long-csv"
  /// Android Health Connect: the export zip (one `.db` entry) or the SQLite database.
  case healthConnect = "health-connect"

  /// How `%` values are meant in this format.
  public var percentConvention: PercentConvention {
    switch self {
    case .appleXML, .appleZip: .fraction
    default: .hundred
    }
  }
}
