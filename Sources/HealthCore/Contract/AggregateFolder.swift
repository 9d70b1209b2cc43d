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
  /// Daily values, wide, for spreadsheets.
  public static let dailyCSV = "daily.csv"
  /// Weekly rows for spreadsheets.
  public static let weeklyCSV = "weekly.csv"

  /// The five tables, in the order written (and read by the report).
  public static let tables = [daily, baselines, scores, streaks, weekly]
  /// Every file, in the order written.
  public static let all = tables + [dailyCSV, weeklyCSV]

  /// The path of file `name` in the aggregate folder `folder` (with or without a trailing
  /// slash).
  public static func path(_ name: String, in folder: String) -> String {
    (folder.hasSuffix("/") ? folder : folder + "/") + name
  }
}
