/// A dropped record: a row of the `rejects` table. Nothing disappears silently.
public struct Reject: Hashable, Sendable {
  /// The stage that dropped it (`ingest`, `clean`).
  public var stage: String
  /// Machine-readable reason.
  public var code: RejectCode
  /// Human-readable reason, with the numbers involved (`312 bpm is above 250`).
  public var reason: String
  /// Metric id or raw type name, as far as it was known.
  public var metric: String
  /// Start, epoch seconds, if it was parsed.
  public var start: Int64?
  /// End, epoch seconds, if it was parsed.
  public var end: Int64?
  /// UTC offset at the start, if known.
  public var utcOffset: Int32?
  /// The original value text, exactly as read.
  public var value: String
  /// The original unit text.
  public var unit: String
  /// Source name, if known.
  public var source: String
  /// Where it came from.
  public var origin: Origin

  /// Creates a reject.
  @inlinable public init(
    stage: String, code: RejectCode, reason: String, metric: String, start: Int64? = nil,
    end: Int64? = nil, utcOffset: Int32? = nil, value: String, unit: String, source: String,
    origin: Origin
  ) {
    self.stage = stage
    self.code = code
    self.reason = reason
    self.metric = metric
    self.start = start
    self.end = end
    self.utcOffset = utcOffset
    self.value = value
    self.unit = unit
    self.source = source
    self.origin = origin
  }

  /// A reject for a sample that was read correctly but dropped by a rule.
  public init(
    stage: String, code: RejectCode, reason: String, sample: Sample, originalValue: String? = nil,
    originalUnit: String? = nil
  ) {
    self.init(
      stage: stage, code: code, reason: reason, metric: sample.metric.rawValue,
      start: sample.start, end: sample.end, utcOffset: sample.utcOffset,
      value: originalValue ?? NumberFormatting.shortest(sample.value),
      unit: originalUnit ?? sample.unit, source: sample.source, origin: sample.origin)
  }
}
