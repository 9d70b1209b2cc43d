/// Names of the header `meta` keys that cross stage boundaries: the aggregate stage writes
/// them, the report stage reads them (docs/report-inputs.md). One definition, so writer and
/// reader cannot drift apart.
public enum SharedMetaKey {
  /// `asOf`: the as-of date, `yyyy-MM-dd`.
  public static let asOf = "asOf"
  /// `pinned`: comma-separated metric ids, in order.
  public static let pinned = "pinned"
  /// `dataThrough`: the last day with any daily value, `yyyy-MM-dd` (at most the as-of
  /// date); the report says the export is stale when it is before the as-of date.
  public static let dataThrough = "dataThrough"
  /// `weekStart`: `monday` ... `sunday`.
  public static let weekStart = "weekStart"
  /// `goal.<name>.weeklyTarget`: goal days needed per week for a goal.
  public static func weeklyTarget(goal: String) -> String { "goal.\(goal).weeklyTarget" }
  /// Prefix and suffix of `weeklyTarget(goal:)`, for readers that scan all goals.
  public static let goalPrefix = "goal."
  /// See `goalPrefix`.
  public static let weeklyTargetSuffix = ".weeklyTarget"

  /// The data-quality facts shown by reports.
  public enum Quality {
    /// Records read from all inputs (ingest).
    public static let recordsRead = "quality.recordsRead"
    /// Records that reached the cleaned samples table.
    public static let recordsKept = "quality.recordsKept"
    /// Rejected records (ingest + clean), not counting duplicates and overlaps.
    public static let rejected = "quality.rejected"
    /// `quality.rejected.<code>`: rejected records per reject code.
    public static let rejectedPrefix = "quality.rejected."
    /// Exact duplicates removed by clean.
    public static let duplicates = "quality.duplicates"
    /// Samples removed for a higher-priority source.
    public static let overlapped = "quality.overlapped"
    /// Source names seen, one per line, in priority order.
    public static let sources = "quality.sources"
    /// The priority list as configured, comma-separated.
    public static let priority = "quality.priority"
    /// Inputs given to ingest (export files), whatever became of them.
    public static let inputs = "quality.inputs"
    /// Inputs that contributed nothing, one per line: `PATH: failed: WHY` (could not be
    /// read as a whole) or `PATH: WHY` (read, but no record kept). Absent when none.
    public static let inputProblems = "quality.inputProblems"
  }
}
