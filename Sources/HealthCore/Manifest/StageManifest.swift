import Foundation
import HealthModel
import HealthSystem

/// One reconciliation line of a manifest: the counts of one scope (an input file, a metric)
/// and whether the stage's equation holds for it.
public struct Reconciliation: Sendable, Codable, Hashable {
  /// What is counted: `input`, `type`, `metric`, `total`.
  public var scope: String
  /// The input path, metric id or type name.
  public var key: String
  /// The counts by name (`read`, `kept`, `rejected`, `duplicate`, `overlapped`, ...).
  public var counts: [String: Int64]
  /// The equation checked, e.g. `read = kept + rejected`.
  public var equation: String
  /// Whether it holds.
  public var holds: Bool

  /// Creates a line and checks `left = sum(right)`.
  public init(scope: String, key: String, counts: [String: Int64], left: String, right: [String]) {
    self.scope = scope
    self.key = key
    self.counts = counts
    equation = "\(left) = " + right.joined(separator: " + ")
    let sum = right.reduce(Int64(0)) { $0 + (counts[$1] ?? 0) }
    holds = (counts[left] ?? 0) == sum
  }
}

/// What a stage did, written as JSON next to its output (`<output>.manifest.json`).
///
/// Manifests may hold clocks (timings); tables never do.
public struct StageManifest: Sendable, Codable {
  /// `ingest`, `clean`, `aggregate`, `report`, `run`.
  public var stage: String
  /// healthpipe version.
  public var toolVersion: String = ToolInfo.version
  /// Files read.
  public var inputs: [FileFingerprint]
  /// Files written.
  public var outputs: [FileFingerprint]
  /// Settings that influence the result (priority list, as-of, time zone, ...).
  public var settings: [String: String]
  /// Totals by name.
  public var totals: [String: Int64]
  /// Reconciliation lines; the stage fails when one does not hold.
  public var reconciliation: [Reconciliation]
  /// Remarks for people (assumed time zone, skipped entries, ...).
  public var notes: [String]
  /// Wall time of the stage in seconds.
  public var wallSeconds: Double
  /// Peak resident memory of the process in bytes when the stage ended.
  public var peakRSSBytes: Int64
  /// Wall seconds of the stage's phases, where it times them (the report: reading the
  /// tables, rendering); absent otherwise.
  public var timings: Timings?

  /// Wall seconds of a stage's phases; a phase the stage does not time is absent.
  public struct Timings: Sendable, Codable, Hashable {
    /// Reading the input tables.
    public var readSeconds: Double?
    /// Rendering the outputs in memory (without reading and writing files).
    public var renderSeconds: Double?

    /// Creates timings.
    public init(readSeconds: Double? = nil, renderSeconds: Double? = nil) {
      self.readSeconds = readSeconds
      self.renderSeconds = renderSeconds
    }
  }

  /// Creates a manifest.
  public init(
    stage: String, inputs: [FileFingerprint] = [], outputs: [FileFingerprint] = [],
    settings: [String: String] = [:], totals: [String: Int64] = [:],
    reconciliation: [Reconciliation] = [], notes: [String] = [], wallSeconds: Double = 0,
    peakRSSBytes: Int64 = 0
  ) {
    self.stage = stage
    self.inputs = inputs
    self.outputs = outputs
    self.settings = settings
    self.totals = totals
    self.reconciliation = reconciliation
    self.notes = notes
    self.wallSeconds = wallSeconds
    self.peakRSSBytes = peakRSSBytes
  }

  /// Whether every reconciliation line holds.
  public var balanced: Bool { reconciliation.allSatisfy(\.holds) }

  /// The conventional manifest path for an output file or folder.
  public static func path(for output: String) -> String {
    var trimmed = output
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    return trimmed + ".manifest.json"
  }

  /// Pretty JSON with sorted keys.
  public func jsonBytes() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    do {
      return Array(try encoder.encode(self)) + [0x0A]
    } catch {
      throw HealthError.internalError("cannot encode the \(stage) manifest: \(error)")
    }
  }

  /// Writes the manifest atomically.
  public func write(to path: String) throws {
    try AtomicFileWriter.write(try jsonBytes(), to: path)
  }

  /// The largest manifest read (one with 10,000 inputs is about 5 MB).
  public static let maxBytes = 64 << 20

  /// Reads a manifest: a regular file of at most `maxBytes` (exit 65 otherwise).
  public static func read(from path: String) throws -> StageManifest {
    let bytes: [UInt8]
    switch try FileReader.readSmallRegularFile(path, limit: maxBytes) {
    case .bytes(let read): bytes = read
    case .notRegular(let kind):
      throw HealthError.malformed(
        "manifest is \(kind), not a regular file", at: SourceLocation(file: path),
        hint: "remove it; the next run rewrites it")
    case .tooLarge(let size):
      throw HealthError.malformed(
        "manifest is \(size) bytes, over the \(maxBytes) a manifest can be",
        at: SourceLocation(file: path), hint: "remove it; the next run rewrites it")
    }
    do {
      return try JSONDecoder().decode(StageManifest.self, from: Data(bytes))
    } catch {
      throw HealthError.malformed(
        "manifest is not valid JSON: \(error)", at: SourceLocation(file: path),
        hint: "delete it; the next run rewrites it")
    }
  }
}
