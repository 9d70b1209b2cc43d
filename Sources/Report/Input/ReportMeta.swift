import Foundation
import HealthCore

/// The facts the aggregate stage carries forward in its tables' header `meta`, read
/// defensively: a missing or unreadable key is "not available", never an error.
/// The key names are documented in `docs/report-inputs.md`.
public struct ReportMeta: Sendable {
  /// Meta keys.
  public enum Key {
    /// `asOf`: the as-of date, `yyyy-MM-dd`.
    public static let asOf = SharedMetaKey.asOf
    /// `pinned`: comma-separated metric ids, in order.
    public static let pinned = SharedMetaKey.pinned
    /// `weekStart`: `monday` ... `sunday`.
    public static let weekStart = SharedMetaKey.weekStart
    /// `quality.recordsRead`: records read from all inputs.
    public static let recordsRead = SharedMetaKey.Quality.recordsRead
    /// `quality.recordsKept`: records kept after cleaning.
    public static let recordsKept = SharedMetaKey.Quality.recordsKept
    /// `quality.rejected`: all rejected records (excluding duplicates and overlaps).
    public static let rejected = SharedMetaKey.Quality.rejected
    /// `quality.rejected.<code>`: rejected records per reason code.
    public static let rejectedPrefix = SharedMetaKey.Quality.rejectedPrefix
    /// `quality.duplicates`: exact duplicates removed.
    public static let duplicates = SharedMetaKey.Quality.duplicates
    /// `quality.overlapped`: samples removed or trimmed for a higher-priority source.
    public static let overlapped = SharedMetaKey.Quality.overlapped
    /// `quality.sources`: source names in priority order, one per line.
    public static let sources = SharedMetaKey.Quality.sources
    /// `quality.priority`: the priority list as configured, comma-separated.
    public static let priority = SharedMetaKey.Quality.priority
    /// `quality.inputs`: export files given to ingest.
    public static let inputs = SharedMetaKey.Quality.inputs
    /// `quality.inputProblems`: inputs that contributed nothing, one per line.
    public static let inputProblems = SharedMetaKey.Quality.inputProblems
  }

  /// The as-of date, if recorded and valid.
  public var asOf: LocalDay?
  /// The last day with any daily value (`dataThrough`), if recorded and valid.
  public var dataThrough: LocalDay?
  /// Pinned metric ids, de-duplicated, at most three; the default when none are given.
  public var pinned: [MetricID]
  /// The week start word, if recorded.
  public var weekStart: String?
  /// Weekly targets by goal name.
  public var weeklyTargets: [String: Int]
  /// Records read.
  public var recordsRead: Int64?
  /// Records kept.
  public var recordsKept: Int64?
  /// Rejected records in total.
  public var rejected: Int64?
  /// Rejected records by reason code, sorted by code.
  public var rejectedByReason: [(code: String, count: Int64)]
  /// Duplicates removed.
  public var duplicates: Int64?
  /// Overlaps removed.
  public var overlapped: Int64?
  /// Sources in priority order.
  public var sources: [String]
  /// The configured priority list.
  public var priority: [String]
  /// Export files given to ingest.
  public var inputs: Int64?
  /// Inputs that contributed nothing (failed, or no record kept), one line each with the
  /// path and why.
  public var inputProblems: [String]

  /// The default pinned metrics (design section 7).
  public static let defaultPinned: [MetricID] = [.hrvLnSDNN, .restingHeartRate, .sleepAsleep]

  /// Parses the meta dictionary.
  public init(_ meta: [String: String]) {
    func int(_ key: String) -> Int64? {
      meta[key].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
        $0 >= 0 ? $0 : nil
      }
    }
    asOf = meta[Key.asOf].flatMap { LocalDay(iso: $0.trimmingCharacters(in: .whitespaces)) }
    dataThrough = meta[SharedMetaKey.dataThrough].flatMap {
      LocalDay(iso: $0.trimmingCharacters(in: .whitespaces))
    }
    var seen = Set<MetricID>()
    var pins: [MetricID] = []
    for part in (meta[Key.pinned] ?? "").split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { continue }
      let id = MetricPresentation.resolvePinned(name)
      guard id.info != nil || MetricCatalog.keyMetrics.contains(id) || id == .sleepInBed else {
        continue
      }
      if seen.insert(id).inserted { pins.append(id) }
      if pins.count == 3 { break }
    }
    pinned = pins.isEmpty ? Self.defaultPinned : pins
    weekStart = meta[Key.weekStart].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap {
      $0.isEmpty ? nil : $0
    }
    var targets: [String: Int] = [:]
    for (k, v) in meta
    where k.hasPrefix(SharedMetaKey.goalPrefix) && k.hasSuffix(SharedMetaKey.weeklyTargetSuffix) {
      let goal = k.dropFirst(SharedMetaKey.goalPrefix.count)
        .dropLast(SharedMetaKey.weeklyTargetSuffix.count)
      if let n = Int(v.trimmingCharacters(in: .whitespaces)), n > 0, !goal.isEmpty {
        targets[String(goal)] = n
      }
    }
    weeklyTargets = targets
    recordsRead = int(Key.recordsRead)
    recordsKept = int(Key.recordsKept)
    var reasons: [(String, Int64)] = []
    for (k, _) in meta where k.hasPrefix(Key.rejectedPrefix) {
      if let n = int(k) { reasons.append((String(k.dropFirst(Key.rejectedPrefix.count)), n)) }
    }
    rejectedByReason = reasons.sorted { $0.0 < $1.0 }.map { (code: $0.0, count: $0.1) }
    rejected = int(Key.rejected) ?? (reasons.isEmpty ? nil : reasons.reduce(0) { $0 + $1.1 })
    duplicates = int(Key.duplicates)
    overlapped = int(Key.overlapped)
    let rawSources = meta[Key.sources] ?? ""
    let separator: Character = rawSources.contains("\n") ? "\n" : ","
    sources = rawSources.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    priority = (meta[Key.priority] ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    inputs = int(Key.inputs)
    inputProblems = (meta[Key.inputProblems] ?? "").split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  /// `1 of 3 inputs contributed nothing:` (or `An input contributed nothing:` when the
  /// input count is unknown), the lead-in to `inputProblems`; nil when there are none.
  public var inputProblemsHeading: String? {
    guard !inputProblems.isEmpty else { return nil }
    let n = inputProblems.count
    guard let inputs, inputs >= Int64(n) else {
      return n == 1 ? "An input contributed nothing:" : "\(n) inputs contributed nothing:"
    }
    return "\(n) of \(inputs) input\(inputs == 1 ? "" : "s") contributed nothing:"
  }
}
