/// Rule: a sample that ends before it starts is rejected (`end-before-start`). A sample
/// that ends when it starts (an instantaneous reading) is fine.
enum EndBeforeStartRule {
  /// Whether the sample passes.
  static func passes(start: Int64, end: Int64) -> Bool { end >= start }

  /// `ends 90 s before it starts (2024-01-01T08:00:00Z)`.
  static func reason(start: Int64, end: Int64) -> String {
    "ends \(Readable.duration(start - end)) before it starts (start \(Readable.instant(start)), "
      + "end \(Readable.instant(end)))"
  }
}
