import Clean
import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// Hand-built inputs for the clean tests.
enum Fixtures {
  /// 2024-01-01T00:00:00Z.
  static let day0: Int64 = 1_704_067_200
  /// 2024-01-01T10:00:00Z.
  static let ten: Int64 = day0 + 10 * 3_600

  /// Apple's export date used by `appleInput`: 2024-06-01T00:00:00Z.
  static let exportDate: Int64 = 1_717_200_000

  /// Input 0: an Apple export (`%` as fractions, export date known).
  static let appleInput = InputDescriptor(
    index: 0, path: "export.xml", format: "apple-xml", size: 1, crc32: "00000000",
    exportDate: exportDate)
  /// Input 1: Health Auto Export JSON (`%` on 0-100, no export date).
  static let haeInput = InputDescriptor(
    index: 1, path: "HealthAutoExport.json", format: "hae-json", size: 1, crc32: "00000000")

  static let watch = Devices.watch
  static let phone = Devices.phone
  static let watchDevice = Devices.watchDevice
  static let phoneDevice = Devices.phoneDevice

  /// Runs the engine over samples.
  static func clean(
    _ samples: [Sample], inputs: [InputDescriptor] = [appleInput, haeInput],
    priority: SourcePriority = .standard
  ) throws -> CleanResult {
    var engine = CleanEngine(priority: priority, inputs: inputs)
    for s in samples { try engine.add(s) }
    return engine.finish()
  }

  /// Minutes to seconds.
  static func min(_ m: Int64) -> Int64 { m * 60 }
}

/// Builds samples with consecutive record numbers.
struct SampleList {
  private(set) var samples: [Sample] = []

  /// Adds a sample and returns its record number (1-based).
  @discardableResult
  mutating func add(
    _ metric: MetricID, start: Int64, end: Int64? = nil, _ value: Double, _ unit: String,
    source: String = Fixtures.watch, device: String = "", category: String = "",
    userEntered: Bool = false, file: Int32 = 0, offset: Int32 = 0,
    minimum: Double? = nil, maximum: Double? = nil
  ) -> Int64 {
    let record = Int64(samples.count + 1)
    samples.append(
      Sample(
        metric: metric, start: start, end: end ?? start, utcOffset: offset, value: value,
        minimum: minimum, maximum: maximum, unit: unit, category: category, source: source,
        device: device, sourceKind: .unknown, userEntered: userEntered,
        origin: Origin(file: file, record: record)))
    return record
  }
}

extension CleanResult {
  /// Cleaned samples of one metric.
  func cleaned(_ metric: MetricID) -> [Sample] {
    let all = cleanedSamples.filter { $0.metric == metric }
    #expect(all == cleanedSamples(metric: metric), "cleanedSamples(metric:) disagrees")
    return all
  }

  /// Rejects with one code.
  func rejects(_ code: RejectCode) -> [Reject] { rejects.filter { $0.code == code } }

  /// The sum of one metric's cleaned values.
  func sum(_ metric: MetricID) -> Double { cleaned(metric).reduce(0) { $0 + $1.value } }
}
