import HealthCore

/// Fitbit's ways of writing times (docs/ingest-fitbit.md, "Time zones"):
///
/// - `MM/DD/YY HH:MM:SS` (`dateTime` of the intraday series and of `resting_heart_rate`),
///   and `MM/DD/YY` (`date` of resting heart rate and weight); two-digit years are 20YY
///   (Fitbit's data starts in 2008);
/// - `2022-10-07T22:53:30.000` (sleep logs), `2021-01-01T00:00:00` (HRV summaries), with or
///   without `Z` (the `_GoogleData` CSVs), `2025-12-03 21:12:30+0000` (`UserSleepStages`).
///
/// All return a `Timestamp`: wall-clock seconds and the offset when the text had one.
enum FitbitTime {
  /// Parses any of the forms above; nil otherwise.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
    if bytes.count >= 8, bytes[2] == 0x2F, bytes[5] == 0x2F { return parseSlashed(bytes) }
    return TimestampParser.parse(bytes)
  }

  /// Parses text.
  static func parse(_ text: String) -> Timestamp? {
    var copy = text
    return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// `MM/DD/YY[ HH:MM[:SS]]`.
  private static func parseSlashed(_ b: UnsafeRawBufferPointer) -> Timestamp? {
    func two(_ i: Int) -> Int? {
      guard i + 1 < b.count else { return nil }
      let h = b[i] &- 48
      let l = b[i + 1] &- 48
      guard h < 10, l < 10 else { return nil }
      return Int(h) * 10 + Int(l)
    }
    guard let month = two(0), let day = two(3), let yy = two(6), (1...12).contains(month) else {
      return nil
    }
    let year = 2000 + yy
    guard day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
    let days = Int64(CivilDate.daysFromCivil(year: year, month: month, day: day))
    if b.count == 8 {
      return Timestamp(localSeconds: days * 86_400, utcOffset: nil, hasTime: false)
    }
    guard b.count >= 14, b[8] == 0x20, b[11] == 0x3A, let hour = two(9), let minute = two(12),
      hour < 24, minute < 60
    else { return nil }
    var second = 0
    if b.count == 17, b[14] == 0x3A, let s = two(15), s < 61 {
      second = s
    } else if b.count != 14 {
      return nil
    }
    return Timestamp(
      localSeconds: days * 86_400 + Int64(hour * 3600 + minute * 60 + second), utcOffset: nil)
  }
}
