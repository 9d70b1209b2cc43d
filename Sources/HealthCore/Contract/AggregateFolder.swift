/// The files the aggregate stage writes into its output folder, which the report reads and
/// the pipeline caches: one list, so writer and readers cannot drift apart.
public enum AggregateFolder {
  /// Daily values (`DailyValue`).
  public static let daily = "daily.hpt"
  /// Windows and baselines (`BaselineRow`).
  public static let baselines = "baselines.hpt"
  /// Scores and the coaching line (`ScoreRow`).
  public static let scores = "scores.hpt"
  /// Goal streaks (`StreakRow`).
  public static let streaks = "streaks.hpt"
  /// Weekly rows (`WeeklyRow`).
  public static let weekly = "weekly.hpt"
  /// Habits, one row per habit and day (`HabitDayRow`).
  public static let habits = "habits.hpt"
  /// Daily values of known metrics, wide (one row per day), for spreadsheets.
  public static let dailyCSV = "daily.csv"
  /// Daily values of metrics healthpipe does not know, long form.
  public static let otherCSV = "daily-other.csv"
  /// Weekly rows for spreadsheets (`healthpipe export weekly.hpt`).
  public static let weeklyCSV = "weekly.csv"
  /// Habit days for spreadsheets (`healthpipe export habits.hpt`).
  public static let habitsCSV = "habits.csv"

  /// The six tables, in the order written (and read by the report).
  public static let tables = [daily, baselines, scores, streaks, weekly, habits]
  /// The CSV files, in the order written; each has a CSV on the Web sidecar
  /// (`metadataSidecar(for:)`).
  public static let csvFiles = [dailyCSV, otherCSV, weeklyCSV, habitsCSV]
  /// Every file, in the order written.
  public static let all = tables + csvFiles.flatMap { [$0, metadataSidecar(for: $0)] }

  /// The name of a CSV file's CSV on the Web description, where CSVW processors look for it
  /// first: `daily.csv` → `daily.csv-metadata.json`.
  public static func metadataSidecar(for csv: String) -> String { csv + "-metadata.json" }

  /// The path of file `name` in the aggregate folder `folder` (with or without a trailing
  /// slash).
  public static func path(_ name: String, in folder: String) -> String {
    (folder.hasSuffix("/") ? folder : folder + "/") + name
  }
}
