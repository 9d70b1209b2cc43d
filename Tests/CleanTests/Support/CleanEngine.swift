import HealthCore
import HealthModel

@testable import Clean

/// The clean stage's rules on samples in memory, without files, for the tests: feed it the
/// samples of an ingest table with `add(_:)`, then `finish()` for the cleaned samples, the
/// rejects and the counts. `CleanStage` applies the same rules one metric at a time through
/// partitions on disk, so its memory does not grow with the whole table (see
/// `PartitionedClean`); `InMemoryCleanStage` compares the two.
///
/// Order (docs/clean.md, "Order of the rules"): unit normalisation → range validation (with
/// non-finite values, end before start and future dates) → exact duplicates → source-priority
/// arbitration.
///
/// ```swift
/// var engine = CleanEngine(priority: .standard, inputs: header.inputs)
/// for sample in samples { try engine.add(sample) }
/// let result = engine.finish()
/// let steps = result.cleanedSamples.filter { $0.metric == .steps }
/// ```
///
/// Memory: about 75 bytes per sample read (a 72-byte row; strings are pooled).
struct CleanEngine: Sendable {
  /// The source-priority list in force.
  let priority: SourcePriority
  /// The inputs of the table being cleaned; a sample's `origin.file` indexes this list.
  let inputs: [InputDescriptor]
  private let tableName: String
  private var intake: SampleIntake
  private var rows: [StoredSample] = []
  private var sides: [SideValues] = []

  /// Samples added so far.
  var samplesRead: Int { intake.samplesRead }

  /// An engine for samples whose origins point into `inputs` (the samples table header's
  /// input list: it gives each sample's `%` convention and export date). `tableName` names
  /// the table in error messages.
  init(
    priority: SourcePriority = .standard, inputs: [InputDescriptor],
    tableName: String = "samples table"
  ) {
    self.priority = priority
    self.inputs = inputs
    self.tableName = tableName
    intake = SampleIntake(priority: priority, inputs: inputs, tableName: tableName)
  }

  /// Reserves room for about `count` samples, so a large table is not copied as it grows
  /// (untouched room costs address space, not memory).
  mutating func reserveCapacity(_ count: Int) {
    rows.reserveCapacity(count)
  }

  /// Adds one sample as ingest wrote it (value and unit as read) and applies the per-sample
  /// rules. Throws (exit 65) when its origin names an input the table does not list.
  mutating func add(_ sample: Sample) throws {
    var (row, side) = try intake.take(sample)
    if let side {
      row.side = UInt32(sides.count)
      sides.append(side)
    }
    rows.append(row)
  }

  /// Removes exact duplicates, arbitrates between sources and returns the result. The
  /// engine is empty afterwards.
  mutating func finish() -> CleanResult {
    var store = intake.pools
    swap(&store.rows, &rows)
    swap(&store.sides, &sides)
    intake = SampleIntake(priority: priority, inputs: inputs, tableName: tableName)
    let order = SampleOrder(store)
    return CleanResult(resolving: consume store, order: order, priority: priority, inputs: inputs)
  }
}
