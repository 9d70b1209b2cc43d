import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Ingest

/// The real Oura trends CSV (`vendors/oura/mohdasti/`), read in place and checked against an
/// independent count with Python's `csv` module: every cell of every row is a sample, a
/// reject or a counted "not read" cell, and each day's values are the file's.
@Suite(
  .enabled(if: RealData.isPresent && Python.available, "real files or python3 absent: skipped"))
struct OuraTrendsRealFileTests {
  static let path = RealData.path("vendors/oura/mohdasti/oura_2026-05-22_2026-07-23_trends.csv")

  /// Per column: non-missing cells (not empty, not `None`) and cells equal to 0; per line:
  /// the date, asleep minutes (light + deep + REM seconds / 60), HRV and steps.
  static let script = """
    import csv, json, sys
    rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
    header, body = rows[0], rows[1:]
    present = lambda c: c.strip() not in ('', 'None')
    cells = {h.strip(): sum(1 for r in body if present(r[i])) for i, h in enumerate(header)}
    zeros = {h.strip(): sum(1 for r in body if present(r[i]) and float(r[i]) == 0)
             for i, h in enumerate(header) if h.strip().endswith(('Duration', 'Awake Time', 'Total Bedtime'))}
    col = {h.strip(): i for i, h in enumerate(header)}
    days = {}
    for n, r in enumerate(body, start=2):
        get = lambda name: r[col[name]] if present(r[col[name]]) else None
        stages = [get(s) for s in ('Light Sleep Duration', 'Deep Sleep Duration', 'REM Sleep Duration')]
        days[str(n)] = {'date': r[col['date']],
                        'asleep': sum(float(s) for s in stages if s) / 60 if any(stages) else None,
                        'hrv': float(get('Average HRV')) if get('Average HRV') else None,
                        'steps': float(get('Steps')) if get('Steps') else None}
    print(json.dumps({'rows': len(body), 'cells': cells, 'zeros': zeros, 'days': days}))
    """

  @Test("every cell is accounted for, as an independent count says")
  func everyCellAccounted() throws {
    let py = try Python.object(Self.script, [Self.path])
    let cells = int64s(py["cells"])
    let zeros = int64s(py["zeros"])
    let out = try readFile(OuraTrendsReader(), path: Self.path, options: losAngeles)
    #expect(out.rejects.isEmpty && out.reconciles)
    #expect(py["rows"] as? Int == 58)
    let layout = OuraTrendsLayout.read
    for (header, n) in cells {
      if layout.contains(header) {
        // Read: every present cell is a record, except stage zeros (no time in the stage).
        let counted = out.sink.counts[header]?.read ?? 0
        #expect(counted + (zeros[header] ?? 0) == n, "\(header)")
      } else if !["date", "Bedtime Start", "Bedtime End"].contains(header) {
        #expect(out.sink.extra["notRead.\(header)"] == n, "\(header)")
      }
    }
    #expect((out.sink.extra["zeroSleepStages"] ?? 0) == zeros.values.reduce(0, +))
    #expect(out.sink.extra["emptyRows"] == nil)
  }

  @Test("each day's sleep, HRV and steps are the file's, on the file's date")
  func perDayValues() throws {
    let py = try Python.object(Self.script, [Self.path])
    let days = py["days"] as? [String: [String: Any]] ?? [:]
    let out = try readFile(OuraTrendsReader(), path: Self.path, options: losAngeles)
    let byLine = Dictionary(grouping: out.samples) { $0.origin.record }
    #expect(days.count == 58)
    for (lineText, day) in days {
      let line = Int64(lineText)!
      let samples = byLine[line] ?? []
      let asleep = samples.filter {
        $0.metric == .sleep && SleepStage(rawValue: $0.category)?.isAsleep == true
      }.reduce(0.0) { $0 + $1.value }
      if let expected = day["asleep"] as? Double {
        #expect(abs(asleep - expected) < 1e-9, "line \(line)")
      } else {
        #expect(asleep == 0, "line \(line)")
      }
      let hrv = samples.first { $0.metric == .hrvRMSSD }
      #expect(hrv?.value == day["hrv"] as? Double, "line \(line)")
      let steps = samples.first { $0.metric == .steps }
      #expect(steps?.value == day["steps"] as? Double, "line \(line)")
      // The day's values sit on the file's date (the wake date), at -07:00 in summer.
      for s in samples where s.metric != .sleep {
        #expect(
          LocalDay(epochSeconds: s.start, utcOffset: s.utcOffset).description == day["date"]
            as? String)
        #expect(s.utcOffset == -25_200)
      }
    }
  }
}
