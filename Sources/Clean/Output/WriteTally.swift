import HealthModel

/// Counts taken while the cleaned and rejects tables are written, per metric. The manifest
/// reconciles them against the samples read, so a row lost or written twice between the
/// rules and the files is caught (exit 70) instead of published.
struct WriteTally: Sendable {
  /// Input samples that reached the cleaned table (a sample written as pieces counts once).
  var cleaned: [String: Int64] = [:]
  /// Rows written to the cleaned table.
  var rows: [String: Int64] = [:]
  /// Rejects written, by metric and code.
  var rejected: [String: [RejectCode: Int64]] = [:]

  /// Counts one reject.
  mutating func countReject(metric: String, code: RejectCode) {
    rejected[metric, default: [:]][code, default: 0] += 1
  }
}
