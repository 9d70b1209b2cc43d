import Foundation
import HealthModel

/// What the clean stage tells the later stages (`StageFacts.clean`, in the header of the
/// cleaned and rejects tables, carried forward by aggregate): its counts, the priority list in force and the sources seen (for the
/// report's data-quality section, through aggregate), and the night windows the aggregate
/// stage needs (docs/clean.md, "Sleep"). Values are decimal integers unless noted.
public struct CleanFacts: Sendable, Hashable, Codable {
  /// One source seen in the input, for the report's data-quality section.
  public struct Source: Sendable, Hashable, Codable {
    /// Source name as written.
    public var name: String
    /// Its best rank among its samples (0 = highest priority).
    public var rank: Int
    /// The priority entry it matched (`Apple Watch`), or `unlisted`.
    public var priority: String
    /// Samples read from it.
    public var samples: Int64

    /// Creates an entry.
    public init(name: String, rank: Int, priority: String, samples: Int64) {
      self.name = name
      self.rank = rank
      self.priority = priority
      self.samples = samples
    }
  }

  /// The priority list in force as one line, entries joined by `, ` (entries never hold
  /// commas): `manual, Apple Watch, iPhone, *`.
  public var priority: String
  /// Samples read from the ingest table.
  public var read: Int64
  /// Samples kept, whole or in part.
  public var cleaned: Int64
  /// Rows written to the cleaned table (pieces counted one by one).
  public var rows: Int64
  /// Samples kept only in part (cumulative, partly covered by a higher-priority source).
  public var trimmed: Int64
  /// Samples rejected by the per-sample rules (units, ranges, dates, non-finite), in total.
  public var rejected: Int64
  /// The same by reject code (only codes with a count above zero; duplicates and overlaps
  /// have their own counts).
  public var rejectedByCode: [String: Int64]
  /// Exact duplicates removed.
  public var duplicates: Int64
  /// Samples displaced entirely by a higher-priority source.
  public var overlapped: Int64
  /// The sources seen, in priority order.
  public var sources: [Source]
  /// Indices of the inputs without an export date (future dates not checked).
  public var futureDatesUnchecked: [Int]
  /// The night windows the cleaned sleep rows alone do not show, for the aggregate stage
  /// (see `SleepNightRule.windows(_:carried:)`), in day order; aggregate uses them and
  /// carries the section on without them.
  public var nightWindows: [NightWindow]

  /// Creates the facts.
  public init(
    priority: String, read: Int64, cleaned: Int64, rows: Int64, trimmed: Int64,
    rejected: Int64, rejectedByCode: [String: Int64], duplicates: Int64, overlapped: Int64,
    sources: [Source], futureDatesUnchecked: [Int] = [], nightWindows: [NightWindow] = []
  ) {
    self.priority = priority
    self.read = read
    self.cleaned = cleaned
    self.rows = rows
    self.trimmed = trimmed
    self.rejected = rejected
    self.rejectedByCode = rejectedByCode.filter { $0.value > 0 }
    self.duplicates = duplicates
    self.overlapped = overlapped
    self.sources = sources
    self.futureDatesUnchecked = futureDatesUnchecked
    self.nightWindows = nightWindows.sorted { $0.day < $1.day }
  }
}
