/// The window of one sleep day's night: the span of its main session (docs/clean.md,
/// "Sleep"). Sessions of that sleep day that overlap it are the night; the others are naps.
public struct NightWindow: Sendable, Hashable, Codable {
  /// The sleep day.
  public var day: LocalDay
  /// Start, epoch seconds.
  public var start: Int64
  /// End, epoch seconds.
  public var end: Int64

  /// Creates a window.
  public init(day: LocalDay, start: Int64, end: Int64) {
    self.day = day
    self.start = start
    self.end = end
  }
}
