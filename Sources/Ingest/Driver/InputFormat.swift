import HealthModel

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
  /// A FIT file (Garmin devices and other FIT writers; docs/ingest-garmin.md).
  case garminFIT = "garmin-fit"
  /// A Garmin Connect data export (the GDPR zip with `DI_CONNECT/…`), or any zip holding
  /// FIT files or Garmin Connect JSON.
  case garminExport = "garmin-export"
  /// One Garmin Connect JSON file of that export (`UDSFile_*.json`, `*_sleepData.json`,
  /// `*_userBioMetrics.json`, `*_healthStatusData.json`).
  case garminJSON = "garmin-json"
  /// One Fitbit JSON file of a Google Takeout (`Fitbit/Global Export Data/*.json`;
  /// docs/ingest-fitbit.md).
  case fitbitJSON = "fitbit-json"
  /// One Fitbit CSV file (HRV and SpO2 summaries, the `_GoogleData` CSV layout).
  case fitbitCSV = "fitbit-csv"
  /// A Google Takeout zip holding Fitbit files.
  case fitbitTakeout = "fitbit-takeout"
  /// A habit journal (`date,habit,value[,note]`, docs/habits.md).
  case habitJournal = "habit-journal"
  /// Loop Habit Tracker's "Export as CSV" zip.
  case loopZip = "loop-zip"
  /// Loop Habit Tracker's export unpacked: its `Habits.csv`, with the per-habit folders
  /// beside it.
  case loopFolder = "loop-csv"
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
