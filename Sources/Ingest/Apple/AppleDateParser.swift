import HealthModel

/// Parses Apple Health's `yyyy-MM-dd HH:mm:ss ±HHMM` dates straight from bytes, caching the
/// day number of the last date seen (records come in long runs within one day). The iOS 8
/// exports' compact `yyyyMMddHHmmss±HHMM` (`20151107171924+0100`) is read too
/// (docs/ingest-apple.md); other forms fall back to `TimestampParser`.
struct AppleDateParser {
  private var cachedDate: UInt64 = 0
  private var cachedTail: UInt16 = 0
  private var cachedDays: Int64 = 0
  private var hasCache = false

  /// The instant and offset, nil when the text is not a date with a time and an offset.
  @inline(__always)
  mutating func parse(_ b: UnsafeRawBufferPointer) -> ParsedDate? {
    guard b.count == 25, let base = b.baseAddress else { return fallback(b) }
    let datePart = base.loadUnaligned(as: UInt64.self)
    let dateTail = base.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
    var days: Int64
    if hasCache && datePart == cachedDate && dateTail == cachedTail {
      days = cachedDays
    } else {
      guard b[4] == 0x2D, b[7] == 0x2D, let year = digits(b, 0, 4), let month = digits(b, 5, 2),
        let day = digits(b, 8, 2), (1...12).contains(month), day >= 1,
        day <= CivilDate.daysInMonth(year: year, month: month)
      else { return fallback(b) }
      days = Int64(CivilDate.daysFromCivil(year: year, month: month, day: day))
      cachedDate = datePart
      cachedTail = dateTail
      cachedDays = days
      hasCache = true
    }
    guard b[10] == 0x20, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x20,
      let hour = digits(b, 11, 2), let minute = digits(b, 14, 2), let second = digits(b, 17, 2),
      hour < 24, minute < 60, second <= 60, let oh = digits(b, 21, 2), let om = digits(b, 23, 2),
      oh <= 18, om < 60,
      let date = Self.instant(
        days: days, seconds: hour * 3600 + minute * 60 + second, sign: b[20],
        offsetMinutes: oh * 60 + om)
    else { return fallback(b) }
    return date
  }

  /// `yyyyMMddHHmmss±HHMM`, as iOS 8 wrote every date: no separators, always an offset.
  private func compact(_ b: UnsafeRawBufferPointer) -> ParsedDate? {
    guard let year = digits(b, 0, 4), let month = digits(b, 4, 2), let day = digits(b, 6, 2),
      (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
      let hour = digits(b, 8, 2), let minute = digits(b, 10, 2), let second = digits(b, 12, 2),
      hour < 24, minute < 60, second <= 60, let oh = digits(b, 15, 2), let om = digits(b, 17, 2),
      oh <= 18, om < 60
    else { return nil }
    return Self.instant(
      days: Int64(CivilDate.daysFromCivil(year: year, month: month, day: day)),
      seconds: hour * 3600 + minute * 60 + second, sign: b[14], offsetMinutes: oh * 60 + om)
  }

  /// The instant of a local day and time of day with the offset `sign` (`+` or `-`, as a
  /// byte) `offsetMinutes`; nil when the sign byte is neither.
  @inline(__always)
  private static func instant(days: Int64, seconds: Int, sign: UInt8, offsetMinutes: Int)
    -> ParsedDate?
  {
    let offset: Int32
    switch sign {
    case 0x2B: offset = Int32(offsetMinutes * 60)
    case 0x2D: offset = -Int32(offsetMinutes * 60)
    default: return nil
    }
    let local = days * 86_400 + Int64(seconds)
    return ParsedDate(epoch: local - Int64(offset), offset: offset)
  }

  @inline(__always)
  private func digits(_ b: UnsafeRawBufferPointer, _ at: Int, _ count: Int) -> Int? {
    var v = 0
    for k in at..<(at + count) {
      let d = b[k] &- 0x30
      guard d < 10 else { return nil }
      v = v * 10 + Int(d)
    }
    return v
  }

  private func fallback(_ b: UnsafeRawBufferPointer) -> ParsedDate? {
    if b.count == 19 { return compact(b) }
    guard let ts = TimestampParser.parse(b), ts.hasTime, let offset = ts.utcOffset else {
      return nil
    }
    return ParsedDate(epoch: ts.localSeconds - Int64(offset), offset: offset)
  }
}
