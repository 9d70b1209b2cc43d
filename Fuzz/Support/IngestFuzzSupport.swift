import Ingest

/// Runs one ingest reader on fuzz input with a sink that keeps nothing but counts, then
/// applies the oracles: a clean `HealthError` (exit 65) or a success whose counts reconcile
/// (`read = kept + rejected`, per type and in total: nothing dropped or invented silently).
enum IngestFuzz {
  /// Reader settings: a zone with DST so local-time gaps and repeats are exercised.
  static let options = ReaderOptions(timeZone: "America/New_York", timeZoneOrigin: "fuzz")

  /// Runs `body` with a fresh sink and checks the outcome.
  static func run(path: String, _ body: (IngestSink) throws -> Void) {
    var samples: Int64 = 0
    var rejects: Int64 = 0
    let sink = IngestSink(
      inputIndex: 0, path: path,
      onSample: { _ in samples += 1 },
      onReject: { reject in
        rejects += 1
        if reject.reason.isEmpty { fuzzFail("a reject without a reason") }
      })
    do {
      try body(sink)
    } catch {
      Fuzz.check(error)
      return
    }
    let totals = sink.totals
    guard totals.read == totals.kept + totals.rejected else {
      fuzzFail(
        "counts do not reconcile: read \(totals.read) kept \(totals.kept) rejected \(totals.rejected)"
      )
    }
    guard totals.kept == samples, totals.rejected == rejects else {
      fuzzFail(
        "sink counted kept \(totals.kept)/rejected \(totals.rejected) but saw \(samples)/\(rejects) rows"
      )
    }
    for (type, c) in sink.counts where c.read != c.kept + c.rejected {
      fuzzFail("counts of \(type) do not reconcile: \(c.read) != \(c.kept) + \(c.rejected)")
    }
  }
}
