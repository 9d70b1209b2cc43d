import HealthModel

extension VendorRows {
  /// A time cell: absent (no value), a time, or text that is not a time.
  enum TimeCell {
    case absent
    case time(ResolvedTime)
    case bad(String)

    /// The time, if the cell held one.
    var time: ResolvedTime? {
      if case .time(let t) = self { return t }
      return nil
    }
  }

  /// The date or time in column `c`; a time without an offset is read in `offset` when
  /// given (a row's zone column), else in the assumed local `zone` (noted in the manifest
  /// as `what`).
  func time(_ c: Int, offset: Int32? = nil, zone: inout LocalTimeZone, what: String) -> TimeCell {
    guard let cell = cell(c) else { return .absent }
    guard let ts = TimestampParser.parse(cell) else {
      return .bad(String(decoding: cell, as: UTF8.self))
    }
    if ts.utcOffset == nil, let offset {
      return .time(
        ResolvedTime(
          epoch: ts.localSeconds - Int64(offset), offset: offset, hasTime: ts.hasTime,
          hadOffset: false))
    }
    return .time(ResolvedTime.resolve(ts, zone: &zone, sink: sink, what: what))
  }
}
