import Foundation

/// Resolves the `--as-of` value and the pipeline file's `as_of` (docs/architecture.md, "Settings"):
/// an ISO date `yyyy-MM-dd`, `today` or `yesterday` on the calendar of the machine's time zone or
/// of a given IANA zone, or `latest`: the last day with data in the inputs, which only the
/// stage that reads the data can resolve (aggregate; report for an aggregate folder).
///
/// `Word` is the setting as written (one parser, one message for the command line and
/// pipeline files); `Word.resolve(zone:clock:)` turns it into an `AsOf`, once per command
/// or run. Stages take that value; only the command line and the pipeline look at the clock
/// (`AsOfClock`), so every computation stays a pure function of inputs and as-of.
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

    /// Parses `--as-of` or a pipeline file's `as_of`: the one parser and message for both.
    /// Anything but a date, `today`, `yesterday` or `latest` is an error with exit `code`
    /// (64 on the command line, 78 in a pipeline file) at `location`.
    public static func parse(
      _ text: String, origin: String = "--as-of", code: ExitCode = .usage,
      at location: SourceLocation? = nil
    ) throws -> Word {
      guard let word = Word(text) else {
        // A pipeline file's error points at its line; the command line gives an example.
        throw HealthError(
          code, "\(origin) must be \(accepted), not '\(text)'", at: location,
          hint: location == nil ? "for example \(origin) 2024-07-06" : nil)
      }
      return word
    }

    /// The one as-of resolver, called once per command or pipeline run: a date is itself;
    /// `today` and `yesterday` are days on the calendar of `zone` (nil: the machine's) at
    /// the clock's instant; `latest` stays `latest`, with today as the fallback for inputs
    /// without any data.
    public func resolve(zone: String?, clock: AsOfClock) throws -> AsOf {
      let offset = try AsOfDate.utcOffset(zone: zone, at: clock.now)
      let today = LocalDay(epochSeconds: clock.now, utcOffset: offset)
      switch self {
      case .date(let day): return .day(day)
      case .today: return .day(today)
      case .yesterday: return .day(today.adding(days: -1))
      case .latest: return .latest(fallback: today)
      }
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
