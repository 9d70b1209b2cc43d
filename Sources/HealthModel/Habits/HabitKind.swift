import Foundation

/// What a habit records (docs/habits.md, "Definitions"): done or not, minutes, or a count.
public enum HabitKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// Did it or not: a day is met when any entry says done.
  case check
  /// Minutes (a journal value of `45` or `0:45`); the day's minutes add up.
  case duration
  /// Times or amounts (8 glasses); the day's amounts add up.
  case count

  /// The unit word of a day's value in the tables: `check` (1 done, 0 not), `min`, or the
  /// count's own unit (`count` when it has none).
  public func unitWord(countUnit: String) -> String {
    switch self {
    case .check: "check"
    case .duration: "min"
    case .count: countUnit.isEmpty ? "count" : countUnit
    }
  }
}

/// Whether a duration or count habit is met at or above its goal, or at or below it.
public enum HabitTarget: String, Sendable, Hashable, Codable {
  /// Met when the day's value reaches the goal (the default).
  case atLeast = "at least"
  /// Met when the day's value stays at or under the goal (`alcohol`, goal 0).
  case atMost = "at most"

  /// Parses `at least` / `at most` (any case, blanks or `_` between the words).
  public init?(text: String) {
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "-" })
    switch words.joined(separator: " ") {
    case "at least", "atleast", "min", "minimum": self = .atLeast
    case "at most", "atmost", "max", "maximum": self = .atMost
    default: return nil
    }
  }
}

/// How often a habit is meant to be done: every day, or a number of days a week
/// (docs/habits.md, "Frequency"). Daily habits keep a daily streak, weekly ones a streak of
/// weeks with at least that many met days.
public enum HabitFrequency: Sendable, Hashable, Codable {
  /// Every day.
  case daily
  /// At least `n` met days in a week (1-6; 7 is `daily`).
  case perWeek(Int)

  /// Days a week needed: 7 for daily.
  public var daysPerWeek: Int {
    switch self {
    case .daily: 7
    case .perWeek(let n): n
    }
  }

  /// Whether the streak counts weeks.
  public var isWeekly: Bool { if case .perWeek = self { true } else { false } }

  /// `daily`, `3 per week`.
  public var text: String {
    switch self {
    case .daily: "daily"
    case .perWeek(let n): "\(n) per week"
    }
  }

  /// What the parser accepts, for messages.
  public static let accepted = "daily, N per week (1-7), N times a week, or weekly"

  /// Parses `daily`, `every day`, `weekly` (once a week), `3 per week`, `3 times per week`,
  /// `3x a week`, `3 a week`, `3/week` (any case). `7 per week` is `daily`; 0 or more than
  /// 7 is nil.
  public init?(text: String) {
    let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
    switch lower {
    case "daily", "every day", "each day":
      self = .daily
      return
    case "weekly", "once a week", "once per week":
      self = .perWeek(1)
      return
    default: break
    }
    var words = lower.replacingOccurrences(of: "/", with: " per ").split(separator: " ").map(
      String.init)
    guard let first = words.first else { return nil }
    var number = first
    if number.hasSuffix("x") { number.removeLast() }
    guard let n = Int(number), (1...7).contains(n) else { return nil }
    words.removeFirst()
    if words.first == "x" || words.first == "times" || words.first == "time"
      || words.first == "days" || words.first == "day"
    {
      words.removeFirst()
    }
    guard words == ["per", "week"] || words == ["a", "week"] || words == ["each", "week"] else {
      return nil
    }
    self = n == 7 ? .daily : .perWeek(n)
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let value = HabitFrequency(text: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a frequency: \(text)"))
    }
    self = value
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
