import Foundation
import HealthModel
import Ingest
import TestSupport
import Testing

/// The real Withings export (`vendors/withings/mohdasti/`), read in place and checked
/// against an independent reading with Python's `csv` and `datetime`.
@Suite(
  .enabled(if: RealData.isPresent && Python.available, "real files or python3 absent: skipped"))
struct WithingsRealFileTests {
  static func path(_ name: String) -> String { RealData.path("vendors/withings/mohdasti/\(name)") }

  /// Sessions that overlap another with more asleep time (ties: longer, later line); per
  /// other line, asleep and in-bed minutes; lines whose heart rate is 0.
  static let sleepScript = """
    import csv, json, sys
    from datetime import datetime
    rows = list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))
    s = []
    for n, r in enumerate(rows, start=2):
        f, t = datetime.fromisoformat(r['from']), datetime.fromisoformat(r['to'])
        asleep = sum(int(r[k]) for k in ('light (s)', 'deep (s)', 'rem (s)'))
        s.append((f, t, asleep, n))
    losers, group, end = set(), [], None
    def close(g):
        if len(g) > 1:
            w = max(g, key=lambda x: (x[2], x[1] - x[0], x[3]))
            losers.update(x[3] for x in g if x[3] != w[3])
    for x in sorted(s, key=lambda x: (x[0], x[3])):
        if end is not None and x[0] >= end:
            close(group); group = []
        group.append(x); end = x[1] if end is None or x[0] >= end else max(end, x[1])
    close(group)
    nights = {str(n): {'asleep': a / 60, 'inBed': (t - f).total_seconds() / 60}
              for f, t, a, n in s if n not in losers}
    zero_hr = [n for (f, t, a, n), r in zip(s, rows) if n not in losers and r['Average heart rate'] == '0']
    print(json.dumps({'losers': sorted(losers), 'nights': nights, 'zeroHR': len(zero_hr)}))
    """

  @Test("sleep.csv: the overlapping sessions an independent check finds, every other night read")
  func sleepFile() throws {
    let py = try Python.object(Self.sleepScript, [Self.path("sleep.csv")])
    let out = try readFile(WithingsCSVReader(), path: Self.path("sleep.csv"), options: losAngeles)
    #expect(out.reconciles)
    let losers = (py["losers"] as? [Int] ?? []).map(Int64.init)
    #expect(losers == [17])  // SOURCES.md: the 2026-06-26T01:28 session, which comes first
    #expect(Set(out.rejects.filter { $0.code == .duplicate }.map(\.origin.record)) == Set(losers))
    let nights = py["nights"] as? [String: [String: Double]] ?? [:]
    #expect(nights.count == 38)
    for (lineText, night) in nights {
      let rows = out.samples(.sleep).filter { $0.origin.record == Int64(lineText)! }
      let asleep = rows.filter { SleepStage(rawValue: $0.category)?.isAsleep == true }
        .reduce(0.0) { $0 + $1.value }
      #expect(abs(asleep - night["asleep"]!) < 1e-9, "line \(lineText)")
      let inBed = rows.first { $0.category == "inBed" }?.value ?? -1
      #expect(abs(inBed - night["inBed"]!) < 1e-9, "line \(lineText)")
    }
    #expect(out.sink.extra["heartRateNotMeasured"] == Int64(py["zeroHR"] as? Int ?? -1))
  }

  static let weightScript = """
    import csv, json, sys
    rows = list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))
    w = [float(r['Weight (lb)']) for r in rows if r['Weight (lb)']]
    fat = [float(r['Fat mass (lb)']) / float(r['Weight (lb)']) for r in rows
           if r['Fat mass (lb)'] and r['Weight (lb)']]
    other = {k: sum(1 for r in rows if r[k]) for k in ('Bone mass (lb)', 'Muscle mass (lb)', 'Hydration (lb)')}
    print(json.dumps({'weights': w, 'fat': fat, 'other': other}))
    """

  @Test("weight.csv: pounds from the header, body fat as fat mass over weight")
  func weightFile() throws {
    let py = try Python.object(Self.weightScript, [Self.path("weight.csv")])
    let out = try readFile(WithingsCSVReader(), path: Self.path("weight.csv"), options: losAngeles)
    #expect(out.rejects.isEmpty && out.reconciles)
    #expect(out.samples(.bodyMass).map(\.value) == py["weights"] as? [Double])
    #expect(out.samples(.bodyMass).allSatisfy { $0.unit == "lb" })
    let fat = py["fat"] as? [Double] ?? []
    #expect(out.samples(.bodyFat).count == fat.count)
    for (s, f) in zip(out.samples(.bodyFat), fat) { #expect(abs(s.value - f) < 1e-12) }
    for (k, n) in int64s(py["other"]) { #expect(out.sink.extra["notRead.\(k)"] == n) }
  }

  static let dailyScript = """
    import csv, json, sys
    rows = list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))
    print(json.dumps({r['date']: float(r['value']) for r in rows}))
    """

  @Test("aggregates_steps.csv: one whole-day total per date, the file's value")
  func stepsFile() throws {
    let py = try Python.object(Self.dailyScript, [Self.path("aggregates_steps.csv")])
    let out = try readFile(
      WithingsCSVReader(), path: Self.path("aggregates_steps.csv"), options: losAngeles)
    #expect(out.rejects.isEmpty && out.samples.count == 1_094 && py.count == 1_094)
    for s in out.samples {
      let day = LocalDay(epochSeconds: s.start, utcOffset: s.utcOffset).description
      #expect(s.value == py[day] as? Double, "\(day)")
      #expect(s.end - s.start == 86_400 && s.metric == .steps)
    }
  }
}
