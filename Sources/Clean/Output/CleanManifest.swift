import HealthCore

/// The clean stage's manifest: inputs and outputs with fingerprints, the priority list,
/// totals, and one reconciliation line per metric plus a total line:
/// `ingested = cleaned + rejected + duplicate + overlapped`, where `ingested` is what was
/// read and the other counts are what was written to the two tables.
enum CleanManifest {
  /// The reconciliation lines, per metric (in table order) and in total.
  static func reconciliation(_ result: CleanSummary, tally: WriteTally) -> [Reconciliation] {
    var lines: [Reconciliation] = []
    var total: [String: Int64] = [:]
    for metric in result.metrics {
      let key = metric.rawValue
      let read = result.countsByMetric[metric]?.read ?? 0
      var counts: [String: Int64] = [
        "ingested": read, "cleaned": tally.cleaned[key] ?? 0, "rows": tally.rows[key] ?? 0,
        "rejected": 0, "duplicate": 0, "overlapped": 0,
      ]
      for (code, n) in tally.rejected[key] ?? [:] {
        switch code {
        case .duplicate: counts["duplicate", default: 0] += n
        case .overlapped: counts["overlapped", default: 0] += n
        default: counts["rejected", default: 0] += n
        }
      }
      counts["trimmed"] = result.countsByMetric[metric]?.trimmed ?? 0
      for (name, n) in counts { total[name, default: 0] += n }
      lines.append(line("metric", key, counts))
    }
    lines.append(line("total", "all", total))
    return lines
  }

  private static func line(_ scope: String, _ key: String, _ counts: [String: Int64])
    -> Reconciliation
  {
    Reconciliation(
      scope: scope, key: key, counts: counts, left: "ingested",
      right: ["cleaned", "rejected", "duplicate", "overlapped"])
  }

  /// Remarks for people: unchecked future dates, trimmed samples, metrics outside the
  /// catalog.
  static func notes(_ result: CleanSummary) -> [String] {
    var notes: [String] = []
    for input in result.rejectedInputs {
      let path = input.index < result.inputs.count ? result.inputs[input.index].path : "?"
      notes.append("input \(input.index) (\(path)) kept nothing: \(input.message)")
    }
    for input in result.uncheckedInputs {
      notes.append(
        "input \(input.index) (\(input.path), \(input.format)) declares no export date: its "
          + "\(input.samples) samples were not checked for future dates")
    }
    let t = result.total
    if t.trimmed > 0 {
      notes.append(
        "\(t.trimmed) cumulative samples were partly covered by higher-priority sources and "
          + "written as \(t.pieces) rows, one per uncovered part, each with its share of the "
          + "value pro rata by time")
    }
    let raw = result.metrics.filter { $0.info == nil }
    if !raw.isEmpty {
      let shown = raw.prefix(20).map(\.rawValue).joined(separator: ", ")
      notes.append(
        "\(raw.count) metric(s) outside the catalog passed through with their values and units "
          + "as read (only exact duplicates removed): \(shown)\(raw.count > 20 ? ", ..." : "")")
    }
    return notes
  }

  /// The totals by name.
  static func totals(_ result: CleanSummary) -> [String: Int64] {
    let t = result.total
    var totals: [String: Int64] = [
      "read": t.read, "cleaned": t.cleaned, "rows": t.rows, "trimmed": t.trimmed,
      "pieces": t.pieces, "rejected": t.rejectedTotal, "duplicate": t.duplicate,
      "overlapped": t.overlapped, "inputsNothingKept": Int64(result.rejectedInputs.count),
    ]
    for (code, n) in t.rejected { totals["rejected." + code.rawValue] = n }
    return totals
  }
}
