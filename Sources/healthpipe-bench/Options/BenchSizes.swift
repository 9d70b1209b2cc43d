/// How big the generated inputs are. MB here and in every figure is 2^20 bytes.
struct BenchSizes: Sendable, Codable {
  /// The first Apple export.xml (at least 200 MB).
  var appleBytes: Int64
  /// The second Apple export.xml, about twice the first (peak RSS must stay flat).
  var appleLargeBytes: Int64
  /// Health Auto Export JSON, daily CSV and long CSV (at least 50 MB each).
  var textBytes: Int64
  /// Days of the "five-year" export (five years are 1,826 days).
  var fiveYearDays: Int
  /// The scale export.xml (about 2 GB).
  var scaleBytes: Int64

  /// One MB as every figure counts it.
  static let mb: Int64 = 1_048_576

  /// The sizes the budgets are stated for.
  static let full = BenchSizes(
    appleBytes: 200 * mb, appleLargeBytes: 400 * mb, textBytes: 50 * mb, fiveYearDays: 1_826,
    scaleBytes: 2_048 * mb)

  /// A smoke pass that finishes in about a minute.
  static let quick = BenchSizes(
    appleBytes: 12 * mb, appleLargeBytes: 24 * mb, textBytes: 3 * mb, fiveYearDays: 90,
    scaleBytes: 48 * mb)
}
