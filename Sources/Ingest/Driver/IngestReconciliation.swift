import HealthCore

/// The ingest manifest's reconciliation lines, totals and notes.
enum IngestReconciliation {
  /// Per input, per type (over all inputs) and in total: `read = kept + rejected`; per
  /// input also that the tables hold exactly the rows counted as kept and as rejected.
  static func lines(for inputs: [InputRead]) -> [Reconciliation] {
    var lines: [Reconciliation] = []
    var byType: [String: TypeCounts] = [:]
    var total = TypeCounts()
    for input in inputs {
      lines.append(line("input", input.path, input.totals))
      lines.append(
        Reconciliation(
          scope: "input-samples", key: input.path,
          counts: ["samplesRows": input.samplesRows, "kept": input.totals.kept],
          left: "samplesRows", right: ["kept"]))
      lines.append(
        Reconciliation(
          scope: "input-rejects", key: input.path,
          counts: ["rejectsRows": input.rejectsRows, "rejected": input.totals.rejected],
          left: "rejectsRows", right: ["rejected"]))
      for (type, counts) in input.counts {
        byType[type, default: TypeCounts()].read += counts.read
        byType[type, default: TypeCounts()].kept += counts.kept
        byType[type, default: TypeCounts()].rejected += counts.rejected
      }
      total.read += input.totals.read
      total.kept += input.totals.kept
      total.rejected += input.totals.rejected
    }
    for type in byType.keys.sorted() { lines.append(line("type", type, byType[type]!)) }
    lines.append(line("total", "all inputs", total))
    return lines
  }

  private static func line(_ scope: String, _ key: String, _ c: TypeCounts) -> Reconciliation {
    Reconciliation(
      scope: scope, key: key, counts: ["read": c.read, "kept": c.kept, "rejected": c.rejected],
      left: "read", right: ["kept", "rejected"])
  }

  /// Totals for the manifest: records, inputs, and the readers' extra counters.
  static func totals(for inputs: [InputRead], failures: [InputFailure]) -> [String: Int64] {
    let failed = failures.filter { $0.kind == .failed }.count
    var totals: [String: Int64] = [
      "inputs": Int64(inputs.count + failed), "inputsRead": Int64(inputs.count),
      "inputsFailed": Int64(failed),
      "inputsNothingKept": Int64(failures.count - failed),
    ]
    for input in inputs {
      totals["read", default: 0] += input.totals.read
      totals["kept", default: 0] += input.totals.kept
      totals["rejected", default: 0] += input.totals.rejected
      for (name, n) in input.extra { totals["extra.\(name)", default: 0] += n }
    }
    return totals
  }

  /// Notes: failed inputs and inputs with nothing kept, what readers noted, assumed time
  /// zones.
  static func notes(for inputs: [InputRead], failures: [InputFailure]) -> [String] {
    var notes: [String] = []
    for f in failures {
      let what = f.kind == .failed ? "failed" : "kept nothing"
      notes.append(
        "input \(f.index) \(what) (exit \(f.error.code.rawValue)): \(f.error.description)")
    }
    for input in inputs {
      for n in input.notes { notes.append("\(input.path): \(n)") }
      if let zone = input.descriptor.assumedTimeZone {
        notes.append("\(input.path): times without an offset read as \(zone)")
      }
    }
    return notes
  }
}
