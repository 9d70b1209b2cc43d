import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Ingest

/// The real WHOOP export (`vendors/whoop/mohdasti/`), read in place and checked against an
/// independent count with Python's `csv` and `datetime`: every cell of every row is a
/// sample, a reject or a counted "not read" cell; each night's values land on its wake date.
@Suite(
  .enabled(if: RealData.isPresent && Python.available, "real files or python3 absent: skipped"))
struct WhoopRealFileTests {
  static let cycles = RealData.path("vendors/whoop/mohdasti/physiological_cycles.csv")
  static let sleeps = RealData.path("vendors/whoop/mohdasti/sleeps.csv")

  /// Per column: non-empty cells and cells equal to 0 (stage columns); the cells of the day
  /// columns in open cycles; the rows with nothing but times; per line the HRV, the day it
  /// belongs to (wake onset + 6 h, or cycle start + 6 h without a sleep) and asleep minutes.
  static let script = """
    import csv, json, sys
    from datetime import datetime, timedelta
    rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
    header, body = [h.strip() for h in rows[0]], rows[1:]
    col = {h: i for i, h in enumerate(header)}
    get = lambda r, h: r[col[h]].strip() if h in col else ''
    cells = {h: sum(1 for r in body if get(r, h)) for h in header}
    stages = ['Light sleep duration (min)', 'Deep (SWS) duration (min)', 'REM duration (min)',
              'Awake duration (min)', 'In bed duration (min)']
    zeros = {h: sum(1 for r in body if get(r, h) and float(get(r, h)) == 0) for h in stages}
    times = {'Cycle start time', 'Cycle end time', 'Cycle timezone', 'Sleep onset', 'Wake onset'}
    day_cols = ['Day Strain', 'Energy burned (cal)', 'Max HR (bpm)', 'Average HR (bpm)']
    open_cells = sum(1 for r in body if not get(r, 'Cycle end time') for h in day_cols if get(r, h))
    max_with_avg = sum(1 for r in body if get(r, 'Cycle end time') and get(r, 'Average HR (bpm)')
                       and get(r, 'Max HR (bpm)'))
    empty = sum(1 for r in body if not any(get(r, h) for h in header if h not in times))
    parse = lambda t: datetime.strptime(t, '%Y-%m-%d %H:%M:%S')
    lines = {}
    for n, r in enumerate(body, start=2):
        anchor = get(r, 'Wake onset') or get(r, 'Cycle start time')
        asleep = [get(r, h) for h in stages[:3]]
        lines[str(n)] = {
            'day': (parse(anchor) + timedelta(hours=6)).date().isoformat(),
            'hrv': float(get(r, 'Heart rate variability (ms)')) if get(r, 'Heart rate variability (ms)') else None,
            'asleep': sum(float(a) for a in asleep if a) if any(asleep) else None,
            'zone': get(r, 'Cycle timezone')}
    print(json.dumps({'cells': cells, 'zeros': zeros, 'open': open_cells, 'maxWithAvg': max_with_avg,
                      'empty': empty, 'lines': lines}))
    """

  func check(_ path: String, layout: VendorLayout) throws {
    let py = try Python.object(Self.script, [path])
    let cells = int64s(py["cells"])
    let zeros = int64s(py["zeros"])
    let out = try readFile(WhoopCSVReader(), path: path, options: losAngeles)
    #expect(out.reconciles)
    #expect(out.rejects.count == py["open"] as? Int)
    #expect(out.rejects.allSatisfy { $0.reason.contains("still open") })
    #expect(out.sink.extra["emptyRows"] ?? 0 == Int64(py["empty"] as? Int ?? -1))
    let maxWithAvg = Int64(py["maxWithAvg"] as? Int ?? 0)
    for (header, n) in cells {
      guard let c = layout.column(named: header) else {
        Issue.record("\(header) is not in the layout")
        continue
      }
      switch layout.columns[c].use {
      case .read:
        // Max HR sits in the average's sample when both are there (one record).
        let records = out.sink.counts[header]?.read ?? 0
        let consumed = header == "Max HR (bpm)" ? maxWithAvg : 0
        #expect(records + (zeros[header] ?? 0) + consumed == n, "\(header)")
      case .notRead:
        #expect(out.sink.extra["notRead.\(header)"] == n, "\(header)")
      case .key:
        break
      }
    }
    let lines = py["lines"] as? [String: [String: Any]] ?? [:]
    for (lineText, line) in lines {
      let record = Int64(lineText)!
      let samples = out.samples.filter { $0.origin.record == record }
      #expect(samples.allSatisfy { $0.utcOffset == -25_200 }, "line \(record)")
      #expect((line["zone"] as? String) == "UTC-07:00")
      if let hrv = samples.first(where: { $0.metric == .hrvRMSSD }) {
        #expect(hrv.value == line["hrv"] as? Double && hrv.hrvKind == .rmssd)
        #expect(
          LocalDay(epochSeconds: hrv.start, utcOffset: hrv.utcOffset).description == line["day"]
            as? String)
      } else {
        #expect(line["hrv"] is NSNull, "line \(record)")
      }
      let asleep = samples.filter {
        $0.metric == .sleep && SleepStage(rawValue: $0.category)?.isAsleep == true
      }.reduce(0.0) { $0 + $1.value }
      #expect(asleep == (line["asleep"] as? Double ?? 0), "line \(record)")
    }
  }

  @Test("physiological_cycles.csv: every cell accounted for, nights on their wake dates")
  func cyclesFile() throws { try check(Self.cycles, layout: WhoopLayouts.cycles) }

  @Test("sleeps.csv: every cell accounted for, nights on their wake dates")
  func sleepsFile() throws { try check(Self.sleeps, layout: WhoopLayouts.sleeps) }
}
