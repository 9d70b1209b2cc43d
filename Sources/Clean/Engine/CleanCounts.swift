import HealthModel

/// What happened to the samples of one metric (or of all of them). Every sample read ends
/// in exactly one of cleaned, rejected, duplicate or overlapped:
/// `read = cleaned + rejected + duplicate + overlapped`.
public struct CleanCounts: Sendable, Hashable {
  /// Samples read from the ingest table.
  public var read: Int64 = 0
  /// Samples that reach the cleaned table, whole or in part.
  public var cleaned: Int64 = 0
  /// Of `cleaned`, the samples kept only in part (cumulative metrics, partly covered by a
  /// higher-priority source).
  public var trimmed: Int64 = 0
  /// Rows the trimmed samples were written as (one per uncovered sub-interval).
  public var pieces: Int64 = 0
  /// Samples rejected by the per-sample rules, by reason code.
  public var rejected: [RejectCode: Int64] = [:]
  /// Exact duplicates removed.
  public var duplicate: Int64 = 0
  /// Samples displaced entirely by a higher-priority source.
  public var overlapped: Int64 = 0

  /// Creates empty counts.
  public init() {}

  /// All per-sample rejects.
  public var rejectedTotal: Int64 { rejected.values.reduce(0, +) }

  /// Rows in the cleaned table: whole samples plus the pieces of trimmed ones.
  public var rows: Int64 { cleaned - trimmed + pieces }

  /// Whether `read = cleaned + rejected + duplicate + overlapped`.
  public var balances: Bool { read == cleaned + rejectedTotal + duplicate + overlapped }

  /// Adds another set of counts.
  public mutating func add(_ other: CleanCounts) {
    read += other.read
    cleaned += other.cleaned
    trimmed += other.trimmed
    pieces += other.pieces
    for (code, n) in other.rejected { rejected[code, default: 0] += n }
    duplicate += other.duplicate
    overlapped += other.overlapped
  }
}

/// An input that declares no export date, so its samples were not checked for future
/// dates.
public struct UncheckedInput: Sendable, Hashable {
  /// Index in the table's input list.
  public var index: Int
  /// Path as recorded by ingest.
  public var path: String
  /// Its format.
  public var format: String
  /// Samples read from it.
  public var samples: Int64
}

/// An input clean kept nothing of: every one of its samples broke a per-sample rule.
public struct RejectedInput: Sendable, Hashable {
  /// Index in the table's input list.
  public var index: Int
  /// Samples read from it.
  public var samples: Int64
  /// The most common reject code among them (ties: the rule applied first).
  public var mostCommon: RejectCode
  /// Samples rejected with that code.
  public var mostCommonCount: Int64

  /// `0 of 12 samples kept by clean; most common reject reason: unknown-unit (12)`.
  public var message: String {
    "0 of \(samples) samples kept by clean; most common reject reason: "
      + "\(mostCommon.rawValue) (\(mostCommonCount))"
  }
}

/// Which part of an input sample a cleaned row is.
public enum CleanedPart: Sendable, Hashable {
  /// The whole sample.
  case whole
  /// The first uncovered piece of a partly covered sample.
  case firstPiece
  /// A later piece of the same sample.
  case laterPiece
}
