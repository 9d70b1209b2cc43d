/// The instants and UTC offsets a sample can have: the years 0001 to 9999 (UTC) that every
/// reader accepts, and offsets up to ±18:59 (the widest a timestamp can write). A samples
/// table with checksums that hold can still carry anything in these columns (a damaged or
/// hand-made file); clean rejects such a row (`out-of-range`) and aggregate ignores it, so
/// no day arithmetic ever sees an instant like `Int64.max`. See docs/clean.md and
/// docs/reliability.md.
public enum SampleTimeRange {
  /// 0001-01-01T00:00:00Z.
  public static let earliest: Int64 = -62_135_596_800
  /// 9999-12-31T23:59:59Z.
  public static let latest: Int64 = 253_402_300_799
  /// ±18:59 in seconds.
  public static let maxOffset: Int32 = 18 * 3_600 + 59 * 60

  /// Whether a sample's start, end and offset are all inside the range.
  @inlinable
  public static func contains(start: Int64, end: Int64, utcOffset: Int32) -> Bool {
    start >= earliest && start <= latest && end >= earliest && end <= latest
      && utcOffset >= -maxOffset && utcOffset <= maxOffset
  }
}
