import HealthModel

/// The ordered source-priority list of the clean stage (docs/clean.md, "Source priority"): parses
/// it and
/// ranks a sample's source against it. Rank 0 is the highest priority.
///
/// - Entries are matched case-insensitively, with U+00A0 read as a space and U+2019/U+2018
///   as `'`, as a substring of the source name or of the device's `name:`/`model:` fields
///   (`Apple Watch` matches `Jane’s Apple Watch`). The device pointer (`<<HKDevice: 0x…>`)
///   and the other device fields are never looked at.
/// - `manual` matches samples a person entered by hand (`userEntered`, or source kind
///   `manual`) and nothing else; `*` matches every sample.
/// - A Health Auto Export source list joined with `|` ranks as its best member.
/// - A vendor's name (`Oura`, `WHOOP`, `Withings`, `Garmin`, `Fitbit`) also matches the names
///   its app writes into other exports (`VendorNames`): `Withings` matches Health Mate,
///   `Garmin` matches Garmin Connect's `Connect`.
/// - A sample takes the rank of the first entry it matches. A sample that matches no entry
///   ranks at `*`'s position when the list has `*`, else after the last entry: all unlisted
///   sources share one rank below every listed one.
public struct SourcePriority: Sendable, Hashable, CustomStringConvertible {
  /// The default (docs/clean.md, "Default priority"): hand-entered first, then the Apple
  /// Watch, the other wearables (sport watches before the ring and band, the Withings
  /// watch, mat and scale last of them), then the phone, then the rest.
  public static let defaultEntries = [
    "manual", "Apple Watch", "Garmin", "Fitbit", "Oura", "WHOOP", "Withings", "iPhone", "*",
  ]

  /// The default list.
  public static let standard = SourcePriority(validated: defaultEntries)

  /// The entries as given (trimmed), highest priority first.
  public let entries: [String]
  private let patterns: [Pattern]

  /// The rank of a sample that matches no entry: `*`'s index, or `entries.count`.
  public let unlistedRank: Int

  /// Whether the list was given (`--priority`, a pipeline's `priority`) rather than the
  /// default: a given list overrides the Health Connect exports' own orders.
  public let isExplicit: Bool
  /// The Health Connect exports' own orders when clean uses them (no list given), and the
  /// rank space they share with this list (`SourcePriority+HealthConnect.swift`).
  public internal(set) var healthConnect: HealthConnectRanking?
  /// The table's Health Connect inputs, whose merged metrics follow Android's merge
  /// whatever the list (`AndroidPriorityMerge`).
  public internal(set) var healthConnectInputs: Set<Int32> = []

  private enum Pattern: Hashable, Sendable {
    case manual
    case any
    case text(String)
    /// A vendor's name and the names its apps write (`VendorNames`).
    case vendor(contains: [String], exactly: [String])
  }

  /// A list from its entries; throws a usage error (exit 64) for an empty list, an empty
  /// entry or an entry given twice.
  public init(entries: [String]) throws {
    try Self.validate(entries)
    self.init(validated: entries, explicit: true)
  }

  /// Parses a comma-separated list such as `manual, Apple Watch, iPhone, *`: the one parser
  /// of `--priority` and of a pipeline file's `priority` (which adds the line to its
  /// errors). Entries are trimmed; an empty list, an empty entry or an entry given twice is
  /// a usage error (exit 64).
  public init(parsing list: String) throws {
    try self.init(
      entries: list.split(separator: ",", omittingEmptySubsequences: false).map {
        Self.trim(String($0))
      })
  }

  private init(validated entries: [String], explicit: Bool = false) {
    isExplicit = explicit
    self.entries = entries.map(Self.trim)
    patterns = self.entries.map { entry in
      switch Self.normalise(entry) {
      case "manual": .manual
      case "*": .any
      case let text:
        if let names = VendorNames.aliases[text] {
          .vendor(contains: names.contains, exactly: names.exactly)
        } else {
          .text(text)
        }
      }
    }
    unlistedRank = patterns.firstIndex(of: .any) ?? patterns.count
  }

  /// Checks a list: at least one entry, none empty, none given twice (compared as matched).
  static func validate(_ entries: [String]) throws {
    let hint = "give a comma-separated list such as \"manual, Apple Watch, iPhone, *\""
    guard !entries.isEmpty, !(entries.count == 1 && trim(entries[0]).isEmpty) else {
      throw HealthError.usage("the source priority list is empty", hint: hint)
    }
    var seen: Set<String> = []
    for (i, entry) in entries.enumerated() {
      let key = normalise(entry)
      guard !key.isEmpty else {
        throw HealthError.usage("entry \(i + 1) of the source priority list is empty", hint: hint)
      }
      guard seen.insert(key).inserted else {
        throw HealthError.usage(
          "'\(trim(entry))' appears twice in the source priority list", hint: hint)
      }
    }
  }

  /// The list as one line: `manual, Apple Watch, iPhone, *`.
  public var description: String { entries.joined(separator: ", ") }

  /// What a rank means, for reasons and reports: the entry, or `unlisted`.
  public func label(ofRank rank: Int) -> String {
    rank < entries.count ? entries[rank] : "unlisted"
  }

  /// The rank of a sample's source (0 = highest priority).
  public func rank(source: String, device: String, userEntered: Bool, sourceKind: SourceKind)
    -> Int
  {
    let names = source.split(separator: "|").map { Self.normalise(String($0)) }
    let deviceNames = Self.deviceLabels(device).map(Self.normalise)
    let manual = userEntered || sourceKind == .manual
    for (index, pattern) in patterns.enumerated() {
      switch pattern {
      case .any: return index
      case .manual: if manual { return index }
      case .text(let text):
        if names.contains(where: { $0.contains(text) }) { return index }
        if deviceNames.contains(where: { $0.contains(text) }) { return index }
      case .vendor(let parts, let whole):
        for name in names + deviceNames {
          if whole.contains(name) || parts.contains(where: { name.contains($0) }) { return index }
        }
      }
    }
    return unlistedRank
  }

  /// The `name:` and `model:` values of a device description; the pointer and the other
  /// fields are dropped. A description without `key:` fields counts as one name.
  static func deviceLabels(_ device: String) -> [String] {
    var labels: [String] = []
    var sawField = false
    for part in device.split(separator: ",") {
      var field = Substring(trim(String(part)))
      while field.hasPrefix("<") { field = field.dropFirst() }
      while field.hasSuffix(">") { field = field.dropLast() }
      if field.hasPrefix("HKDevice:") { continue }
      guard let colon = field.firstIndex(of: ":") else { continue }
      sawField = true
      let key = field[..<colon].lowercased()
      let value = trim(String(field[field.index(after: colon)...]))
      if (key == "name" || key == "model") && !value.isEmpty { labels.append(value) }
    }
    if !sawField {
      let whole = trim(device)
      if !whole.isEmpty && !whole.hasPrefix("<") { labels.append(whole) }
    }
    return labels
  }

  /// Case-folded, NBSP as a space, curly apostrophes as `'`, runs of spaces as one, trimmed.
  static func normalise(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for scalar in text.lowercased().unicodeScalars {
      switch scalar {
      case " ", "\u{00A0}", "\t", "\u{2007}", "\u{202F}":
        pendingSpace = !out.isEmpty
      default:
        if pendingSpace {
          out.unicodeScalars.append(" ")
          pendingSpace = false
        }
        switch scalar {
        case "\u{2019}", "\u{2018}": out.unicodeScalars.append("'")
        default: out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// Trims spaces, tabs and NBSPs at both ends.
  static func trim(_ text: String) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }
}
