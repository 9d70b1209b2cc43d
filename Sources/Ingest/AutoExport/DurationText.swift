/// Durations written as clock text: `HH:MM:SS` (Health Auto Export workouts), also `H:MM:SS`,
/// `MM:SS` and fractional seconds.
enum DurationText {
  /// Seconds, or nil when the text is not a duration.
  static func seconds(_ bytes: UnsafeRawBufferPointer) -> Double? {
    let parts = bytes.split(separator: 0x3A, omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3 else { return nil }
    var total = 0.0
    for (k, part) in parts.enumerated() {
      let isLast = k == parts.count - 1
      guard !part.isEmpty else { return nil }
      if !isLast { guard part.allSatisfy({ $0 &- 0x30 < 10 }) else { return nil } }
      guard let v = DecimalParser.parse(UnsafeRawBufferPointer(rebasing: part)), v >= 0 else {
        return nil
      }
      if k > 0 { guard v < 60 else { return nil } }
      total = total * 60 + v
    }
    return total
  }
}
