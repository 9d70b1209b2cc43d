import HealthCore

extension CleanSummary {
  /// What the cleaned and rejects tables tell the later stages (the `clean` section of their header facts).
  var facts: CleanFacts {
    let t = total
    return CleanFacts(
      priority: priority.effectiveDescription, read: t.read, cleaned: t.cleaned, rows: t.rows,
      trimmed: t.trimmed, rejected: t.rejectedTotal,
      rejectedByCode: Dictionary(
        uniqueKeysWithValues: t.rejected.map { ($0.key.rawValue, $0.value) }),
      duplicates: t.duplicate, overlapped: t.overlapped, sources: sources,
      futureDatesUnchecked: uncheckedInputs.map(\.index), nightWindows: nightWindows)
  }
}
