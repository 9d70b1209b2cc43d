import Foundation
import HealthCore
import HealthModel

/// The report's view of the aggregate stage's facts (`AggregateFacts`, read from the
/// tables' header `meta`): a missing or unreadable fact is "not available", never an error;
/// pinned names are resolved to at most three known metrics. The keys are documented in
/// `docs/report-inputs.md`.
public struct ReportMeta: Sendable {
  /// The as-of date, if recorded and valid.
  public var asOf: LocalDay?
  /// The last day with any daily value (`dataThrough`), if recorded and valid.
  public var dataThrough: LocalDay?
  /// The first day with any daily value (`firstDay`), if recorded and valid.
  public var firstDay: LocalDay?
  /// Pinned metric ids, de-duplicated, at most three; the default when none are given.
  public var pinned: [MetricID]
  /// The week start, if recorded.
  public var weekStart: Weekday?
  /// Weekly targets by goal name.
  public var weeklyTargets: [String: Int]
  /// Goal descriptions by goal name.
  public var goalDescriptions: [String: String]
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

  /// The report's view of the facts.
  public init(_ facts: AggregateFacts) {
    asOf = facts.asOf
    dataThrough = facts.dataThrough
    firstDay = facts.firstDay
    pinned = PinnedMetrics.recorded(facts.pinned)
    weekStart = facts.weekStart
    var targets: [String: Int] = [:]
    var descriptions: [String: String] = [:]
    for goal in facts.goals {
      if let n = goal.weeklyTarget, n > 0 { targets[goal.name] = n }
      if let d = goal.description { descriptions[goal.name] = d }
    }
    weeklyTargets = targets
    goalDescriptions = descriptions
    let q = facts.quality
    recordsRead = q.recordsRead
    recordsKept = q.recordsKept
    rejectedByReason = q.rejectedByCode.sorted { $0.key < $1.key }.map {
      (code: $0.key, count: $0.value)
    }
    rejected = q.rejected
    duplicates = q.duplicates
    overlapped = q.overlapped
    sources = q.sources ?? []
    priority = (q.priority ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    inputs = q.inputs
    inputProblems = q.inputProblems
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
