import HealthModel

/// ISO 8601 text written straight into a byte buffer, for millions of rows: a day
/// `2026-11-14`, a time with its UTC offset `2026-11-14T23:12:05-05:00` (`Z` without an
/// offset). Years outside 0000-9999 (only a damaged or hand-made table holds one; table
/// values stay within the years 0000 to 10000) are written as `formatISO` writes them.
enum ISOText {
  /// Longest text written in place: `yyyy-mm-ddThh:mm:ss+hh:mm:ss`.
  static let capacity = 28

  /// The last day converted to a civil date: rows of a block mostly share their days, and
  /// each row has two or three of them.
  struct Cache {
    var dayNumber = Int64.min
    var civil = (year: 0, month: 0, day: 0)

    mutating func civil(_ dayNumber: Int64) -> (year: Int, month: Int, day: Int) {
      if dayNumber != self.dayNumber {
        self.dayNumber = dayNumber
        civil = CivilDate.civilFromDays(Int(dayNumber))
      }
      return civil
    }
  }

  /// Writes the day `dayNumber` (days since 1970-01-01); returns the byte count.
  static func day(
    _ dayNumber: Int64, into p: UnsafeMutablePointer<UInt8>, cache: inout Cache
  ) -> Int {
    let (year, month, day) = cache.civil(dayNumber)
    guard (0...9999).contains(year) else {
      return copy(LocalDay(dayNumber: Int32(truncatingIfNeeded: dayNumber)).description, into: p)
    }
    digits(year, 4, p)
    p[4] = 0x2D
    digits(month, 2, p + 5)
    p[7] = 0x2D
    digits(day, 2, p + 8)
    return 10
  }

  /// Writes the time `epoch` seen at `offset` seconds east of UTC (nil: UTC, `Z`).
  static func time(
    _ epoch: Int64, offset: Int64?, into p: UnsafeMutablePointer<UInt8>, cache: inout Cache
  ) -> Int {
    let offset = offset ?? 0
    let (local, overflow) = epoch.addingReportingOverflow(offset)
    let dayNumber = CivilDate.floorDiv(local, 86_400)
    guard !overflow, abs(offset) < 86_400, (0...9999).contains(cache.civil(dayNumber).year)
    else {
      return copy(
        TimestampParser.formatISO(
          epochSeconds: epoch, utcOffset: Int32(truncatingIfNeeded: offset)), into: p)
    }
    _ = day(dayNumber, into: p, cache: &cache)
    let seconds = Int(local - dayNumber * 86_400)
    p[10] = 0x54  // T
    digits(seconds / 3600, 2, p + 11)
    p[13] = 0x3A
    digits(seconds / 60 % 60, 2, p + 14)
    p[16] = 0x3A
    digits(seconds % 60, 2, p + 17)
    guard offset != 0 else {
      p[19] = 0x5A  // Z
      return 20
    }
    let magnitude = Int(abs(offset))
    p[19] = offset < 0 ? 0x2D : 0x2B
    digits(magnitude / 3600, 2, p + 20)
    p[22] = 0x3A
    digits(magnitude / 60 % 60, 2, p + 23)
    guard magnitude % 60 != 0 else { return 25 }
    // A local mean time of old zones (seconds in the offset): kept, not rounded away.
    p[25] = 0x3A
    digits(magnitude % 60, 2, p + 26)
    return 28
  }

  @inline(__always)
  private static func digits(_ value: Int, _ count: Int, _ p: UnsafeMutablePointer<UInt8>) {
    var v = value
    var i = count - 1
    while i >= 0 {
      p[i] = UInt8(48 + v % 10)
      v /= 10
      i -= 1
    }
  }

  private static func copy(_ text: String, into p: UnsafeMutablePointer<UInt8>) -> Int {
    let bytes = Array(text.utf8.prefix(capacity))
    for (i, b) in bytes.enumerated() { p[i] = b }
    return bytes.count
  }
}
