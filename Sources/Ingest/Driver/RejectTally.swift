import HealthModel

/// Counts an input's rejects by reason code and remembers the first reject of each code,
/// so an input that yielded nothing can be described in one line: how many records, the
/// most common reason, and where it first happened.
public struct RejectTally: Sendable, Hashable {
  /// One reason code's count and its first occurrence.
  public struct Entry: Sendable, Hashable {
    /// The reason code.
    public var code: RejectCode
    /// Rejects with this code.
    public var count: Int64
    /// The reason text of the first one.
    public var firstReason: String
    /// The line or record number of the first one.
    public var firstRecord: Int64
  }

  private var entries: [RejectCode: Entry] = [:]

  /// An empty tally.
  public init() {}

  /// Counts one reject.
  public mutating func add(_ code: RejectCode, reason: @autoclosure () -> String, record: Int64) {
    if entries[code] != nil {
      entries[code]!.count += 1
    } else {
      entries[code] = Entry(code: code, count: 1, firstReason: reason(), firstRecord: record)
    }
  }

  /// Adds the rejects of `later`, counted on input read after everything counted here (so
  /// a first occurrence here stays first), whose line numbers were counted `lineShift`
  /// lines short.
  public mutating func add(_ later: RejectTally, lineShift: Int64 = 0) {
    for (code, entry) in later.entries {
      if entries[code] != nil {
        entries[code]!.count += entry.count
      } else {
        var shifted = entry
        shifted.firstRecord += lineShift
        entries[code] = shifted
      }
    }
  }

  /// The code with the most rejects (ties: the code that sorts first), nil when none.
  public var mostCommon: Entry? {
    entries.values.min { a, b in a.count != b.count ? a.count > b.count : a.code < b.code }
  }
}
