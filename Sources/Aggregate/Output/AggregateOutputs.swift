import HealthCore

/// The file names the aggregate stage writes into its output folder.
public enum AggregateOutputs {
  /// Daily values.
  public static let daily = "daily.hpt"
  /// Windows and baselines.
  public static let baselines = "baselines.hpt"
  /// Scores and the coaching line.
  public static let scores = "scores.hpt"
  /// Goal streaks.
  public static let streaks = "streaks.hpt"
  /// Weekly rows.
  public static let weekly = "weekly.hpt"
  /// Daily values of known metrics, wide (one row per day), for spreadsheets.
  public static let dailyCSV = "daily.csv"
  /// Daily values of metrics healthpipe does not know, long form.
  public static let otherCSV = "daily-other.csv"
  /// Weekly rows for spreadsheets (`healthpipe export weekly.hpt`).
  public static let weeklyCSV = "weekly.csv"

  /// The tables, in the order written.
  public static let tables = [daily, baselines, scores, streaks, weekly]
  /// The CSV files, in the order written; each has a CSV on the Web sidecar
  /// (`CSVWMetadata.sidecarName(for:)`).
  public static let csvFiles = [dailyCSV, otherCSV, weeklyCSV]

  /// Every file, in the order written.
  public static let all =
    tables + csvFiles.flatMap { [$0, CSVWMetadata.sidecarName(for: $0)] }
}
