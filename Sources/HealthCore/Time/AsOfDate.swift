import Foundation

/// Resolves the `--as-of` value and the pipeline file's `as_of` (docs/architecture.md, "Settings"):
/// an ISO date `yyyy-MM-dd`, `today` or `yesterday` on the calendar of the machine's time zone or
/// of a given IANA zone, or `latest`: the last day with data in the inputs, which only the
/// stage that reads the data can resolve (aggregate; report for an aggregate folder).
///
/// Stages take the resolved day; only the command line and the pipeline look at the clock,
/// through this type, so every computation stays a pure function of inputs and as-of.
public enum AsOfDate {
  /// What the words mean, for usage texts and error messages.
  public static let accepted = "a date yyyy-MM-dd, today, yesterday or latest"

  /// The environment variable that replaces the clock, for tests only: an instant as
  /// `yyyy-MM-ddTHH:mm:ssZ` or as epoch seconds. Documented in docs/reliability.md; it lets
  /// a test run the README's main command "years from now".
  public static let clockVariable = "HEALTHPIPE_NOW"

  /// An as-of word as written, before the clock or the data is consulted.
  public enum Word: Sendable, Hashable {
    /// A fixed date.
    case date(LocalDay)
    /// Today on the chosen calendar.
    case today
    /// The day before today.
    case yesterday
    /// The last day with data in the inputs.
    case latest

    /// Parses `--as-of` or `as_of`: a usage error (exit 64) for anything but a date,
    /// `today`, `yesterday` or `latest`. The callers with a file wrap it with its line.
    public static func parse(_ text: String) throws -> Word {
      guard let word = Word(text) else {
        throw HealthError.usage(
          "--as-of must be \(accepted), not '\(text)'", hint: "for example --as-of 2024-07-06")
      }
      return word
    }

    /// Resolves the word: dates and `today`/`yesterday` (on the calendar of `zone`, nil for
    /// the machine's; `now` nil reads the clock) become a day, `latest` stays.
    public func resolve(zone: String? = nil, now: Int64? = nil) throws -> Choice {
      let back: Int
      switch self {
      case .date(let day): return .day(day)
      case .latest: return .latest
      case .today: back = 0
      case .yesterday: back = 1
      }
      let instant = try now ?? currentTime()
      let offset = try utcOffset(zone: zone, at: instant)
      return .day(LocalDay(epochSeconds: instant, utcOffset: offset).adding(days: -back))
    }

    /// Parses a word (case-insensitive, blanks trimmed); nil for anything else.
    public init?(_ text: String) {
      let word = text.trimmingCharacters(in: .whitespaces).lowercased()
      switch word {
      case "today": self = .today
      case "yesterday": self = .yesterday
      case "latest": self = .latest
      default:
        guard let day = LocalDay(iso: word) else { return nil }
        self = .date(day)
      }
    }
  }

  /// A resolved as-of: a day, or the last day with data (resolved by the stage that reads
  /// the data).
  public enum Choice: Sendable, Hashable, CustomStringConvertible {
    /// A fixed day.
    case day(LocalDay)
    /// The last day with data.
    case latest

    /// The day, or nil for `latest`.
    public var day: LocalDay? {
      if case .day(let d) = self { return d }
      return nil
    }

    /// `yyyy-MM-dd` or `latest` (stage settings, plans, summaries).
    public var description: String { day?.description ?? "latest" }
  }

  /// Resolves `text` to a choice: dates and `today`/`yesterday` become a day, `latest` stays.
  ///
  /// - Parameters:
  ///   - text: `yyyy-MM-dd`, `today`, `yesterday` or `latest`.
  ///   - zone: an IANA zone name (`Europe/Berlin`) for `today`/`yesterday`; nil for the
  ///     machine's zone (`TZ`, else the system setting).
  ///   - now: the current instant in epoch seconds; nil reads the clock (`currentTime()`).
  /// - Throws: `HealthError` with exit 64 for anything else, an unknown zone or a bad
  ///   `HEALTHPIPE_NOW`.
  public static func choice(_ text: String, zone: String? = nil, now: Int64? = nil) throws
    -> Choice
  {
    try Word.parse(text).resolve(zone: zone, now: now)
  }

  /// Today on the calendar of `zone` (nil: the machine's): the day `latest` falls back to
  /// when the inputs hold no data at all.
  public static func today(zone: String? = nil, now: Int64? = nil) throws -> LocalDay {
    try Word.today.resolve(zone: zone, now: now).day!
  }

  /// Resolves `text` to a day. `latest` needs the data, so it is an error here: callers
  /// that accept it use `choice(_:zone:now:)`.
  public static func resolve(_ text: String, zone: String? = nil, now: Int64? = nil) throws
    -> LocalDay
  {
    guard let day = try choice(text, zone: zone, now: now).day else {
      throw HealthError.usage(
        "'latest' is not accepted here: it needs the data's last day",
        hint: "pass a date yyyy-MM-dd, today or yesterday")
    }
    return day
  }

  /// The current instant in epoch seconds: `HEALTHPIPE_NOW` when set (tests), else the
  /// system clock.
  public static func currentTime(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> Int64 {
    guard let text = environment[clockVariable]?.trimmingCharacters(in: .whitespaces),
      !text.isEmpty
    else { return Int64(Date().timeIntervalSince1970.rounded(.down)) }
    if let seconds = Int64(text) { return seconds }
    if let instant = parseInstant(text) { return instant }
    throw HealthError.usage(
      "\(clockVariable) must be an instant yyyy-MM-ddTHH:mm:ssZ or epoch seconds, not '\(text)'",
      hint: "it is meant for tests only; unset it to use the clock")
  }

  /// `2031-06-01T12:00:00Z` → epoch seconds; nil for anything else.
  static func parseInstant(_ text: String) -> Int64? {
    let parts = text.split(separator: "T")
    guard parts.count == 2, let day = LocalDay(iso: parts[0]), parts[1].hasSuffix("Z") else {
      return nil
    }
    let clock = parts[1].dropLast().split(separator: ":")
    guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Int(clock[2]),
      (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s)
    else { return nil }
    return day.startEpoch(utcOffset: 0) + Int64(h * 3600 + m * 60 + s)
  }

  /// The UTC offset in seconds of `zone` (nil: the machine's zone) at an instant.
  public static func utcOffset(zone: String?, at epochSeconds: Int64) throws -> Int32 {
    let date = Date(timeIntervalSince1970: Double(epochSeconds))
    guard let zone else { return Int32(TimeZone.current.secondsFromGMT(for: date)) }
    guard let tz = TimeZone(identifier: zone) else { throw TimeZoneName.unknown(zone) }
    return Int32(tz.secondsFromGMT(for: date))
  }
}
