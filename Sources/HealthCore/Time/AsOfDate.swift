import Foundation

/// Resolves the `--as-of` value (design section 3): an ISO date `yyyy-MM-dd`, or `today` /
/// `yesterday` on the calendar of the machine's time zone or of a given IANA zone.
///
/// Stages take the resolved `LocalDay`; only the command line and the pipeline look at the
/// clock, through this type, so every computation stays a pure function of inputs and as-of.
public enum AsOfDate {
  /// Resolves `text` to a day.
  ///
  /// - Parameters:
  ///   - text: `yyyy-MM-dd`, `today` or `yesterday` (case-insensitive, blanks trimmed).
  ///   - zone: an IANA zone name (`Europe/Berlin`) for `today`/`yesterday`; nil for the
  ///     machine's zone (`TZ`, else the system setting).
  ///   - now: the current instant in epoch seconds; nil reads the clock (tests pass one).
  /// - Throws: `HealthError` with exit 64 for anything else or an unknown zone.
  public static func resolve(_ text: String, zone: String? = nil, now: Int64? = nil) throws
    -> LocalDay
  {
    let word = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let day = LocalDay(iso: word) { return day }
    let back: Int
    switch word {
    case "today": back = 0
    case "yesterday": back = 1
    default:
      throw HealthError.usage(
        "--as-of must be a date yyyy-MM-dd, 'today' or 'yesterday', not '\(text)'",
        hint: "for example --as-of 2024-07-06")
    }
    let instant = now ?? Int64(Date().timeIntervalSince1970.rounded(.down))
    let offset = try utcOffset(zone: zone, at: instant)
    return LocalDay(epochSeconds: instant, utcOffset: offset).adding(days: -back)
  }

  /// The UTC offset in seconds of `zone` (nil: the machine's zone) at an instant.
  public static func utcOffset(zone: String?, at epochSeconds: Int64) throws -> Int32 {
    let date = Date(timeIntervalSince1970: Double(epochSeconds))
    guard let zone else { return Int32(TimeZone.current.secondsFromGMT(for: date)) }
    guard let tz = TimeZone(identifier: zone) else {
      throw HealthError.usage(
        "unknown time zone '\(zone)'",
        hint: "use an IANA zone name such as Europe/Berlin or America/Los_Angeles")
    }
    return Int32(tz.secondsFromGMT(for: date))
  }
}
