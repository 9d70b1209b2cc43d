import HealthModel

/// What the clean stage decided for one input sample.
enum RowStatus: UInt8, Sendable {
  /// Kept whole.
  case kept
  /// Kept for the part of its interval not covered by higher-priority sources (cumulative
  /// metrics); written as one or more pieces.
  case trimmed
  /// Unknown unit for a known metric.
  case unknownUnit
  /// NaN or infinite value.
  case nonFinite
  /// Ends before it starts.
  case endBeforeStart
  /// Starts after its input's export date.
  case futureDate
  /// Outside the metric's plausible range.
  case outOfRange
  /// A sleep row whose category is not a sleep stage.
  case unknownCategory
  /// An exact duplicate of a kept sample.
  case duplicate
  /// Displaced by a higher-priority source.
  case overlapped
  /// A Health Connect record whose app is not in the export's priority list for its
  /// category: left out of Android's merge, as Android leaves it out.
  case notInPriorityList

  /// How many statuses there are (raw values are 0 ..< count).
  static let count = Int(RowStatus.notInPriorityList.rawValue) + 1

  /// Whether the sample was dropped by a per-sample rule (unit, value, dates, stage), not
  /// for another sample (duplicate, overlap) and not kept.
  var isRuleReject: Bool { !isCleaned && self != .duplicate && self != .overlapped }

  /// Whether the sample reaches the cleaned table (whole or in part).
  var isCleaned: Bool { self == .kept || self == .trimmed }

  /// The reject code, for statuses that drop the sample.
  var rejectCode: RejectCode? {
    switch self {
    case .kept, .trimmed: nil
    case .unknownUnit: .unknownUnit
    case .nonFinite: .nonFinite
    case .endBeforeStart: .endBeforeStart
    case .futureDate: .futureDate
    case .outOfRange: .outOfRange
    case .unknownCategory: .unknownCategory
    case .duplicate: .duplicate
    case .overlapped: .overlapped
    case .notInPriorityList: .notInPriorityList
    }
  }
}
