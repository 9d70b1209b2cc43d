import Foundation
import HealthCore

/// Derives the report's data-quality facts (`SharedMetaKey.Quality`) from what ingest
/// (`records.*`) and clean (`clean.*`) recorded in the samples table's header and from the
/// rejects tables the aggregate stage was given (`rejects.<stage>.<code>`), and which
/// inputs contributed nothing from the input list the tables carry (`inputs`).
///
/// `read = kept + rejected + duplicates + overlapped` holds when both stages' counts are
/// present: ingest's read = its kept + its rejected, and clean's read (ingest's kept) =
/// cleaned + rejected + duplicate + overlapped.
enum DataQualityMeta {
  /// Codes that are not "rejected" in the report's sense: they have their own lines.
  static let separateCodes: Set<String> = [
    RejectCode.duplicate.rawValue, RejectCode.overlapped.rawValue,
  ]

  static func facts(from meta: [String: String]) -> [String: String] {
    typealias Q = SharedMetaKey.Quality
    func int(_ key: String) -> Int64? { meta[key].flatMap { Int64($0) } }
    var out: [String: String] = [:]
    if let read = int("records.read") { out[Q.recordsRead] = String(read) }
    if let cleaned = int("clean.cleaned") { out[Q.recordsKept] = String(cleaned) }
    if let duplicates = int("clean.duplicates") { out[Q.duplicates] = String(duplicates) }
    if let overlapped = int("clean.overlapped") { out[Q.overlapped] = String(overlapped) }

    // Rejected by reason: from the rejects tables when given (both stages), else from the
    // counts clean recorded plus ingest's total under `ingest`.
    var byCode: [String: Int64] = [:]
    let fromTables = meta.filter { $0.key.hasPrefix("rejects.") && $0.key != "rejects.total" }
    if !fromTables.isEmpty {
      for (key, value) in fromTables {
        let parts = key.split(separator: ".", maxSplits: 2)
        guard parts.count == 3, let n = Int64(value) else { continue }
        let code = String(parts[2])
        if !separateCodes.contains(code) { byCode[code, default: 0] += n }
      }
    } else {
      for (key, value) in meta where key.hasPrefix("clean.rejected.") {
        if let n = Int64(value) { byCode[String(key.dropFirst(15)), default: 0] += n }
      }
      if let ingest = int("records.rejected"), ingest > 0 { byCode["ingest", default: 0] += ingest }
    }
    if !byCode.isEmpty || int("clean.rejected") != nil {
      for (code, n) in byCode where n > 0 { out[Q.rejectedPrefix + code] = String(n) }
      out[Q.rejected] = String(byCode.values.reduce(0, +))
    }

    if let inputs = originalInputs(meta) {
      out[Q.inputs] = String(inputs.count)
      let problems = inputs.compactMap { input in
        input.problem.map { p in
          input.path + ": " + (p.kind == .failed ? "failed: " : "") + p.message
        }
      }
      if !problems.isEmpty { out[Q.inputProblems] = problems.joined(separator: "\n") }
    }

    if let priority = meta["clean.priority"] { out[Q.priority] = priority }
    if let json = meta["clean.sources"], let data = json.data(using: .utf8),
      let sources = try? JSONDecoder().decode([SourceEntry].self, from: data)
    {
      out[Q.sources] = sources.sorted { ($0.rank, $0.name) < ($1.rank, $1.name) }
        .map { $0.name.isEmpty ? "(no source name)" : $0.name }.joined(separator: "\n")
    }
    return out
  }

  /// The export files behind the tables: the input list carried in `inputs` (the cleaned
  /// table's), without the stage tables it also names. Nil when absent or unreadable.
  static func originalInputs(_ meta: [String: String]) -> [InputDescriptor]? {
    guard let json = meta["inputs"], let data = json.data(using: .utf8),
      let inputs = try? JSONDecoder().decode([InputDescriptor].self, from: data)
    else { return nil }
    return inputs.filter { TableKind(rawValue: $0.format) == nil }
  }

  /// One entry of clean's `clean.sources` list.
  struct SourceEntry: Decodable {
    var name: String
    var rank: Int
  }
}
