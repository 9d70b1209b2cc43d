/// What the stages tell each other and the report, carried as one typed value in every
/// table header (`TableHeader.facts`, the `facts` object of the header JSON;
/// docs/table-format.md, "Header", and docs/report-inputs.md list every field).
///
/// Each stage fills its own section and carries the upstream sections forward unchanged:
/// ingest writes `ingest`, clean adds `clean`, aggregate adds `aggregate` (with the
/// data-quality facts it derives). A section a table does not have is nil — a reader treats
/// it as "not known", never as an error. A header whose facts do not decode is a damaged
/// table (exit 65, `HeaderCoding`).
public struct StageFacts: Sendable, Hashable, Codable {
  /// Ingest's section: record counts, Health Connect facts, habits found in the inputs.
  public var ingest: IngestFacts?
  /// Clean's section: counts, the priority list, the sources seen and the night windows.
  public var clean: CleanFacts?
  /// Aggregate's section: the as-of date, settings, coverage and data-quality facts.
  public var aggregate: AggregateFacts?

  /// Creates facts (no section by default).
  public init(
    ingest: IngestFacts? = nil, clean: CleanFacts? = nil, aggregate: AggregateFacts? = nil
  ) {
    self.ingest = ingest
    self.clean = clean
    self.aggregate = aggregate
  }

  /// True when no section is there.
  public var isEmpty: Bool { ingest == nil && clean == nil && aggregate == nil }
}
