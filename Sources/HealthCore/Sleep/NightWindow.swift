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

extension NightWindow {
  /// Windows as meta text (`CleanFacts.Key.nightWindows`): `2026-11-08 1762582860 1762609140; …`, in day order.
  public static func metaText(_ windows: [NightWindow]) -> String {
    windows.sorted { $0.day < $1.day }.map { "\($0.day) \($0.start) \($0.end)" }.joined(
      separator: "; ")
  }

  /// Windows from meta text; nil when any entry is not `yyyy-MM-dd start end` with
  /// start ≤ end.
  public static func parse(metaText text: String) -> [NightWindow]? {
    var windows: [NightWindow] = []
    for entry in text.split(separator: ";") {
      let fields = entry.split(separator: " ")
      guard fields.count == 3, let day = LocalDay(iso: fields[0]), let start = Int64(fields[1]),
        let end = Int64(fields[2]), start <= end
      else { return nil }
      windows.append(NightWindow(day: day, start: start, end: end))
    }
    return windows
  }
}
