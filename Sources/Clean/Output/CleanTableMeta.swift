import Foundation
import HealthCore

/// The facts the clean stage writes into its tables' header `meta`, for the report's
/// data-quality section (read later through aggregate). Values are decimal integers unless
/// noted. Keys from the ingest table's meta are carried forward unchanged.
public enum CleanTableMeta {
  /// The priority list in force, entries joined by `, ` (entries never hold commas).
  public static let priority = "clean.priority"
  /// Samples read from the ingest table.
  public static let read = "clean.read"
  /// Samples kept, whole or in part.
  public static let cleaned = "clean.cleaned"
  /// Rows written to the cleaned table (pieces counted one by one).
  public static let rows = "clean.rows"
  /// Samples kept only in part (cumulative, partly covered by a higher-priority source).
  public static let trimmed = "clean.trimmed"
  /// Samples rejected by the per-sample rules (units, ranges, dates, non-finite), in total.
  public static let rejected = "clean.rejected"
  /// Prefix of the per-reason counts: `clean.rejected.out-of-range`, ... (only codes that
  /// occurred; duplicates and overlaps have their own keys).
  public static let rejectedPrefix = "clean.rejected."
  /// Exact duplicates removed.
  public static let duplicates = "clean.duplicates"
  /// Samples displaced entirely by a higher-priority source.
  public static let overlapped = "clean.overlapped"
  /// JSON array of the sources seen in priority order:
  /// `[{"name":"Jane’s Apple Watch","priority":"Apple Watch","rank":1,"samples":1234}, ...]`.
  public static let sources = "clean.sources"
  /// Comma-separated indices of the inputs without an export date (future dates not
  /// checked); absent when every input has one.
  public static let futureDatesUnchecked = "clean.futureDatesUnchecked"

  /// The night windows the cleaned sleep rows alone do not show, for the aggregate stage
  /// (`NightWindow.metaKey`, `NightWindow.metaText`); absent when there are none.
  public static let sleepWindows = NightWindow.metaKey

  /// The meta of the cleaned and rejects tables.
  static func entries(_ result: CleanSummary, upstream: [String: String]) throws -> [String: String]
  {
    var meta = upstream.filter { !$0.key.hasPrefix("clean.") }
    let t = result.total
    meta[priority] = result.priority.description
    meta[read] = String(t.read)
    meta[cleaned] = String(t.cleaned)
    meta[rows] = String(t.rows)
    meta[trimmed] = String(t.trimmed)
    meta[rejected] = String(t.rejectedTotal)
    for (code, n) in t.rejected where n > 0 { meta[rejectedPrefix + code.rawValue] = String(n) }
    meta[duplicates] = String(t.duplicate)
    meta[overlapped] = String(t.overlapped)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      meta[sources] = String(decoding: try encoder.encode(result.sources), as: UTF8.self)
    } catch {
      throw HealthError.internalError("cannot encode the sources list: \(error)")
    }
    if !result.nightWindows.isEmpty {
      meta[sleepWindows] = NightWindow.metaText(result.nightWindows)
    }
    if !result.uncheckedInputs.isEmpty {
      meta[futureDatesUnchecked] = result.uncheckedInputs.map { String($0.index) }.joined(
        separator: ",")
    }
    return meta
  }
}
