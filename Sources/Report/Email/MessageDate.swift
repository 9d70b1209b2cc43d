import Foundation
import HealthModel

/// The `Date:` of the weekly e-mail: the time the message is made, as an RFC 5322
/// date-time in UTC (`Mon, 16 Nov 2026 07:00:00 +0000`).
///
/// It is the only clock in any report output, so it can be fixed: when the environment
/// variable `SOURCE_DATE_EPOCH` (whole seconds since 1970-01-01 UTC, the reproducible-builds
/// convention) is set, that instant is used instead of the clock, and the same inputs then
/// give the same bytes again (`scripts/update-reports.sh` and the tests do this).
public enum MessageDate {
  /// The environment variable that fixes the clock.
  public static let environmentKey = "SOURCE_DATE_EPOCH"
  /// The largest accepted value: 9999-12-31 23:59:59 UTC (a four-digit year).
  static let maximum: Int64 = 253_402_300_799

  /// The instant to stamp: `SOURCE_DATE_EPOCH` when the environment has it, else `now()`.
  /// A value that is not whole seconds between 0 and the year 9999 is a usage error (64):
  /// a mistyped fixed clock must not silently become the real one.
  public static func resolve(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    now: () -> Int64 = { Int64(Date().timeIntervalSince1970.rounded(.down)) }
  ) throws -> Int64 {
    guard let text = environment[environmentKey] else { return now() }
    let digits = text.trimmingCharacters(in: .whitespaces)
    guard !digits.isEmpty, digits.count <= 12, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let seconds = Int64(digits), seconds <= maximum
    else {
      throw HealthError.usage(
        "\(environmentKey) must be whole seconds since 1970-01-01 UTC, not '\(text)'",
        hint: "for example \(environmentKey)=$(date -u +%s), or unset it to use the clock")
    }
    return seconds
  }

  /// `Mon, 16 Nov 2026 07:00:00 +0000` (RFC 5322 section 3.3, in UTC).
  public static func rfc5322(_ epochSeconds: Int64) -> String {
    let day = LocalDay(epochSeconds: epochSeconds, utcOffset: 0)
    let (y, mo, d) = day.components
    let second = Int(epochSeconds - day.startEpoch(utcOffset: 0))
    let time =
      LocalDayText.pad2(second / 3600) + ":" + LocalDayText.pad2(second / 60 % 60) + ":"
      + LocalDayText.pad2(second % 60)
    return
      "\(LocalDay.weekdayNames[day.isoWeekday - 1]), \(LocalDayText.pad2(d)) \(LocalDay.monthNames[mo - 1]) \(y) \(time) +0000"
  }
}
