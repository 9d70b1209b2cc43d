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
  /// Daily values, wide, for spreadsheets.
  public static let dailyCSV = "daily.csv"
  /// Weekly rows for spreadsheets.
  public static let weeklyCSV = "weekly.csv"

  /// Every file, in the order written.
  public static let all = [daily, baselines, scores, streaks, weekly, dailyCSV, weeklyCSV]
}
