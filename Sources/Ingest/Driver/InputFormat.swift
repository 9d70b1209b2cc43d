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
  /// Oura's trends CSV (`date,…,Sleep Score,…,Readiness Score,…`).
  case ouraTrendsCSV = "oura-trends-csv"
  /// One of WHOOP's export CSVs (`physiological_cycles.csv`, `sleeps.csv`, `workouts.csv`,
  /// `journal_entries.csv`).
  case whoopCSV = "whoop-csv"
  /// One of Withings' export CSVs (`sleep.csv`, `weight.csv`, `aggregates_*.csv`,
  /// `raw_*.csv`, …).
  case withingsCSV = "withings-csv"
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
