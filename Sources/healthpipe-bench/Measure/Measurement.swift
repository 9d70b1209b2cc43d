/// Every repetition of one operation, and the figures derived from them.
struct Measurement: Sendable, Encodable {
  /// The section it belongs to.
  var section: BenchSection
  /// What was run, e.g. `ingest export.xml`.
  var name: String
  /// The input, e.g. `export.xml (640 days)`.
  var input: String
  /// Input bytes (for MB/s).
  var inputBytes: Int64
  /// Records the operation read (from its manifest), when it has a count.
  var records: Int64?
  /// One entry per repetition.
  var runs: [ChildUsage]
  /// Extra figures per repetition read from manifests (e.g. `renderMilliseconds`).
  var extras: [String: [Double]] = [:]
  /// The commands run per repetition (argument lists after the binary).
  var commands: [[String]]
  /// A remark printed under the table.
  var note: String?

  /// Smallest wall time.
  var bestWall: Double { runs.map(\.wallSeconds).min() ?? 0 }
  /// Median wall time.
  var medianWall: Double { Self.median(runs.map(\.wallSeconds)) }
  /// Smallest user + system time.
  var bestCPU: Double { runs.map(\.cpuSeconds).min() ?? 0 }
  /// Median user + system time.
  var medianCPU: Double { Self.median(runs.map(\.cpuSeconds)) }
  /// Largest peak RSS over the repetitions (the conservative figure).
  var peakRSS: Int64 { runs.map(\.peakRSSBytes).max() ?? 0 }
  /// Largest RSS floor (the bench's own RSS at spawn) over the repetitions.
  var floorRSS: Int64 { runs.map(\.floorRSSBytes).max() ?? 0 }
  /// Whether some repetition's peak had to come from polling `/proc` (its `ru_maxrss` was
  /// no more than the bench's own RSS).
  var peakPolled: Bool {
    runs.contains { $0.maxrssBytes <= $0.floorRSSBytes + ChildProcess.floorMargin }
  }

  /// MB/s (2^20) for a wall time.
  func megabytesPerSecond(_ wall: Double) -> Double {
    wall > 0 ? Double(inputBytes) / Double(BenchSizes.mb) / wall : 0
  }

  /// Records per second for a wall time, when there is a count.
  func recordsPerSecond(_ wall: Double) -> Double? {
    guard let records, wall > 0 else { return nil }
    return Double(records) / wall
  }

  /// The smallest and the median of an extra figure.
  func extra(_ key: String) -> (best: Double, median: Double)? {
    guard let values = extras[key], let best = values.min() else { return nil }
    return (best, Self.median(values))
  }

  /// The median (mean of the two middle values for an even count).
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }

  private enum CodingKeys: String, CodingKey {
    case section, name, input, inputBytes, records, runs, extras, commands, note
    case bestWallSeconds, medianWallSeconds, bestCPUSeconds, medianCPUSeconds, peakRSSBytes
    case megabytesPerSecondBest, megabytesPerSecondMedian, recordsPerSecondBest
  }

  /// The repetitions and the derived figures (best, median, rates).
  func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(section, forKey: .section)
    try c.encode(name, forKey: .name)
    try c.encode(input, forKey: .input)
    try c.encode(inputBytes, forKey: .inputBytes)
    try c.encodeIfPresent(records, forKey: .records)
    try c.encode(runs, forKey: .runs)
    try c.encode(extras, forKey: .extras)
    try c.encode(commands, forKey: .commands)
    try c.encodeIfPresent(note, forKey: .note)
    try c.encode(bestWall, forKey: .bestWallSeconds)
    try c.encode(medianWall, forKey: .medianWallSeconds)
    try c.encode(bestCPU, forKey: .bestCPUSeconds)
    try c.encode(medianCPU, forKey: .medianCPUSeconds)
    try c.encode(peakRSS, forKey: .peakRSSBytes)
    if inputBytes > 0 {
      try c.encode(megabytesPerSecond(bestWall), forKey: .megabytesPerSecondBest)
      try c.encode(megabytesPerSecond(medianWall), forKey: .megabytesPerSecondMedian)
    }
    try c.encodeIfPresent(recordsPerSecond(bestWall), forKey: .recordsPerSecondBest)
  }
}
