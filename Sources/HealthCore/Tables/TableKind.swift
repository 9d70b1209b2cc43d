/// What a table file holds. Written in the header; readers refuse the wrong kind.
public enum TableKind: String, Sendable, Codable, CaseIterable {
  /// Health samples (ingest output, clean output).
  case samples
  /// Dropped records with reasons.
  case rejects
  /// Daily values per metric.
  case daily
  /// Windows, baselines and deltas per day and key metric.
  case baselines
  /// Scores per day.
  case scores
  /// Goal streaks and milestones.
  case streaks
  /// Weekly rows per ISO week.
  case weekly
  /// Habits: one row per habit and day (value, met, streak).
  case habits
}
