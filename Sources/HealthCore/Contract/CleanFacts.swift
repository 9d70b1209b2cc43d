import Foundation

/// What the clean stage tells the later stages, carried in the header `meta` of the cleaned
/// and rejects tables: its counts, the priority list in force and the sources seen (for the
/// report's data-quality section, through aggregate), and the night windows the aggregate
/// stage needs (docs/clean.md, "Sleep"). Values are decimal integers unless noted.
///
/// The one place that knows these keys: clean writes through `headerMeta(carrying:)`,
/// aggregate reads through `init(meta:)` and `nightWindows(in:)`.
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
  /// The same by reject code (only codes that occurred; duplicates and overlaps have their
  /// own counts).
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
  /// (see `SleepNightRule.windows(_:carried:)`).
  public var nightWindows: [NightWindow]

  /// The header `meta` keys.
  public enum Key {
    /// Every key of the clean stage starts with this.
    public static let prefix = "clean."
    /// `clean.priority`.
    public static let priority = "clean.priority"
    /// `clean.read`.
    public static let read = "clean.read"
    /// `clean.cleaned`.
    public static let cleaned = "clean.cleaned"
    /// `clean.rows`.
    public static let rows = "clean.rows"
    /// `clean.trimmed`.
    public static let trimmed = "clean.trimmed"
    /// `clean.rejected`.
    public static let rejected = "clean.rejected"
    /// `clean.rejected.<code>`: `clean.rejected.out-of-range`, ...
    public static let rejectedPrefix = "clean.rejected."
    /// `clean.duplicates`.
    public static let duplicates = "clean.duplicates"
    /// `clean.overlapped`.
    public static let overlapped = "clean.overlapped"
    /// `clean.sources`: a JSON array,
    /// `[{"name":"Jane’s Apple Watch","priority":"Apple Watch","rank":1,"samples":1234}, ...]`.
    public static let sources = "clean.sources"
    /// `clean.futureDatesUnchecked`: comma-separated input indices; absent when every
    /// input has an export date.
    public static let futureDatesUnchecked = "clean.futureDatesUnchecked"
    /// `clean.sleepWindows`: `2026-11-08 1762582860 1762609140; …` in day order; absent
    /// when there are none.
    public static let nightWindows = "clean.sleepWindows"
  }

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
    self.rejectedByCode = rejectedByCode
    self.duplicates = duplicates
    self.overlapped = overlapped
    self.sources = sources
    self.futureDatesUnchecked = futureDatesUnchecked
    self.nightWindows = nightWindows
  }

  /// The meta of clean's tables: `upstream` (the samples table's meta, ingest's facts
  /// among it) without any earlier clean facts, plus these facts.
  public func headerMeta(carrying upstream: [String: String]) throws -> [String: String] {
    var meta = upstream.filter { !$0.key.hasPrefix(Key.prefix) }
    meta[Key.priority] = priority
    meta[Key.read] = String(read)
    meta[Key.cleaned] = String(cleaned)
    meta[Key.rows] = String(rows)
    meta[Key.trimmed] = String(trimmed)
    meta[Key.rejected] = String(rejected)
    for (code, n) in rejectedByCode where n > 0 { meta[Key.rejectedPrefix + code] = String(n) }
    meta[Key.duplicates] = String(duplicates)
    meta[Key.overlapped] = String(overlapped)
    meta[Key.sources] = try MetaJSON.text(sources, what: "the sources list")
    if !nightWindows.isEmpty { meta[Key.nightWindows] = NightWindow.metaText(nightWindows) }
    if !futureDatesUnchecked.isEmpty {
      meta[Key.futureDatesUnchecked] = futureDatesUnchecked.map(String.init).joined(
        separator: ",")
    }
    return meta
  }

  /// Reads the counts, priority and sources from a table header's `meta` (clean's own
  /// tables, or aggregate's that carried them forward); nil when clean's counts are not
  /// there. The night windows are read by `nightWindows(in:)`, which can fail.
  public init?(meta: [String: String]) {
    func int(_ key: String) -> Int64? { meta[key].flatMap { Int64($0) } }
    guard let read = int(Key.read), let cleaned = int(Key.cleaned),
      let rejected = int(Key.rejected),
      let duplicates = int(Key.duplicates), let overlapped = int(Key.overlapped)
    else { return nil }
    var byCode: [String: Int64] = [:]
    for (key, value) in meta where key.hasPrefix(Key.rejectedPrefix) {
      if let n = Int64(value) { byCode[String(key.dropFirst(Key.rejectedPrefix.count))] = n }
    }
    self.init(
      priority: meta[Key.priority] ?? "", read: read, cleaned: cleaned, rows: int(Key.rows) ?? 0,
      trimmed: int(Key.trimmed) ?? 0, rejected: rejected, rejectedByCode: byCode,
      duplicates: duplicates, overlapped: overlapped,
      sources: meta[Key.sources].flatMap { MetaJSON.decode([Source].self, $0) } ?? [],
      futureDatesUnchecked: (meta[Key.futureDatesUnchecked] ?? "").split(separator: ",")
        .compactMap { Int($0) })
  }

  /// The night windows clean carried in a cleaned table's header (none when absent); nil
  /// when the value is there but not a list of `yyyy-MM-dd start end` windows (a damaged
  /// table).
  public static func nightWindows(in meta: [String: String]) -> [NightWindow]? {
    guard let text = meta[Key.nightWindows] else { return [] }
    return NightWindow.parse(metaText: text)
  }
}
