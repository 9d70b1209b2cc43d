import HealthModel

/// A bound on the distinct texts of one string column over a whole table
/// (`TableWriter.limitDistinct(_:to:noun:)`): ingest keeps at most 10,000 source names and
/// 10,000 metric names in a samples table (docs/reliability.md, "Limits"), because every
/// later stage keeps one entry per name (clean's pools and partitions, the header facts
/// listing the sources).
///
/// The column builder notes a text when it first enters a block's dictionary, so the cost
/// is one set lookup per distinct text per block, never one per row. Texts noted after a
/// checkpoint are forgotten again by a rollback (an input that failed as a whole does not
/// use up the limit).
final class DistinctTextLimit {
  /// The column's name, for messages.
  let column: String
  /// What the texts are, for messages (`source names`).
  let noun: String
  /// The most distinct texts.
  let limit: Int
  private var seen = Set<UTF8Key>()
  private var order: [UTF8Key] = []
  /// The first text past the limit, once one came.
  private(set) var tripped: String?
  /// Where the writer looks once per row: set when this limit trips.
  private let trip: LimitTrip

  init(column: String, noun: String, limit: Int, trip: LimitTrip) {
    self.column = column
    self.noun = noun
    self.limit = limit
    self.trip = trip
  }

  /// Notes a text that entered a block's dictionary.
  func note(_ key: UTF8Key) {
    guard tripped == nil, seen.insert(key).inserted else { return }
    if seen.count > limit {
      tripped = key.text
      seen.remove(key)
      if trip.limit == nil { trip.limit = self }
      return
    }
    order.append(key)
  }

  /// How many texts were noted (for a checkpoint).
  var mark: Int { order.count }

  /// Forgets the texts noted after `mark`, and a trip.
  func rollback(to mark: Int) {
    if mark < order.count {
      for key in order[mark...] { seen.remove(key) }
      order.removeSubrange(mark...)
    }
    tripped = nil
    trip.limit = nil
  }

  /// The error for a table past the limit (exit 65; the caller adds the input's place).
  var error: HealthError {
    let shown = String((tripped ?? "").prefix(200))
    return HealthError.malformed(
      "more than \(limit) distinct \(noun) in one table (the most healthpipe keeps apart; a "
        + "real export has a few dozen): the next one is '\(shown)'", at: nil,
      hint: "check that this is a health export; a generated or damaged file may give every "
        + "record a \(noun.hasSuffix("s") ? String(noun.dropLast()) : noun) of its own")
  }
}

/// The limit of a writer that tripped first, if one did: one load per row tells.
final class LimitTrip {
  @exclusivity(unchecked) var limit: DistinctTextLimit?
}

/// The bounds on what one ingest may bring into the tables (docs/reliability.md, "Limits"):
/// no real export comes near them, and each keeps the memory and the headers of every later
/// stage bounded.
public enum IngestLimits {
  /// The most distinct source names in a samples table (a real export has a few dozen).
  public static let distinctSources = 10_000
  /// The most distinct metric names in a samples table (Apple has a few hundred types).
  public static let distinctMetrics = 10_000
  /// The most input files of one ingest or one pipeline (3,000 daily files is eight years
  /// of Health Auto Export's automatic exports).
  public static let inputs = 10_000
}
