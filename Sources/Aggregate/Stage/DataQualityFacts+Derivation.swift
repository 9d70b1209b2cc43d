import HealthCore
import HealthModel

extension DataQualityFacts {
  /// Codes that are not "rejected" in the report's sense: they have their own lines.
  static let separateCodes: Set<String> = [
    RejectCode.duplicate.rawValue, RejectCode.overlapped.rawValue,
  ]

  /// The report's data-quality facts, from what ingest and clean recorded in the cleaned
  /// table's header (`IngestFacts`, `CleanFacts`), the rejects tables the aggregate stage
  /// was given (rows by `<stage>.<code>`) and the export files the tables list (which of
  /// them contributed nothing).
  ///
  /// `read = kept + rejected + duplicates + overlapped` holds when both stages' facts are
  /// present: ingest's read = its kept + its rejected, and clean's read (ingest's kept) =
  /// cleaned + rejected + duplicate + overlapped.
  init(
    ingest: IngestFacts?, clean: CleanFacts?, rejects: [String: Int64],
    inputs: [InputDescriptor]?
  ) {
    self.init()
    recordsRead = ingest?.recordsRead
    recordsKept = clean?.cleaned
    duplicates = clean?.duplicates
    overlapped = clean?.overlapped

    // Rejected by reason: from the rejects tables when given (both stages), else from the
    // counts clean recorded plus ingest's total under `ingest`.
    var byCode: [String: Int64] = [:]
    if !rejects.isEmpty {
      for (key, n) in rejects {
        let parts = key.split(separator: ".", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let code = String(parts[1])
        if !Self.separateCodes.contains(code) { byCode[code, default: 0] += n }
      }
    } else {
      for (code, n) in clean?.rejectedByCode ?? [:] { byCode[code, default: 0] += n }
      if let ingest, ingest.recordsRejected > 0 {
        byCode["ingest", default: 0] += ingest.recordsRejected
      }
    }
    if !byCode.isEmpty || clean != nil {
      rejectedByCode = byCode.filter { $0.value > 0 }
      rejected = byCode.values.reduce(0, +)
    }

    if let inputs {
      self.inputs = Int64(inputs.count)
      inputProblems = inputs.compactMap { input in
        input.problem.map { p in
          input.path + ": " + (p.kind == .failed ? "failed: " : "") + p.message
        }
      }
    }

    priority = clean?.priority
    sources = clean?.sources.sorted { ($0.rank, $0.name) < ($1.rank, $1.name) }
      .map { $0.name.isEmpty ? "(no source name)" : $0.name }
  }
}
