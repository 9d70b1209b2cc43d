import Foundation
import TestSupport
import Testing

@testable import SampleExports

/// The vendors' generated exports (`healthpipe sample --formats oura,whoop,withings`) carry
/// the quirks of the real ones, checked with Python's `csv` (docs/ingest-oura.md,
/// ingest-whoop.md, ingest-withings.md).
@Suite("Synthetic generator: Oura, WHOOP and Withings exports")
struct VendorExportFormatTests {
  /// 120 days to 2026-11-15 (the vendors' 90 include the end of summer time on 1 November).
  static let run: SyntheticScratch = {
    let scratch = SyntheticScratch("vendors")
    _ = try! SyntheticExport.write(
      SyntheticOptions(days: 120, seed: 42), formats: [.oura, .whoop, .withings], to: scratch.path)
    SharedScratch.register(scratch.path)
    return scratch
  }()

  @Test("the files of each vendor, under the names the exports use")
  func files() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.run.path).sorted()
    #expect(
      names == [
        "aggregates_steps.csv", "journal_entries.csv", "oura_2026-08-18_2026-11-15_trends.csv",
        "physiological_cycles.csv", "raw_tracker_steps.csv", "sleep.csv", "sleeps.csv",
        "weight.csv", "workouts.csv",
      ])
  }

  @Test(
    "Oura: CRLF, Total Bedtime with its space, seconds, None, days without a night last",
    .enabled(if: SyntheticTestSupport.hasPython))
  func oura() throws {
    let script = #"""
      import csv, re, sys
      raw = open(sys.argv[1], 'rb').read()
      assert raw.count(b'\r\n') == raw.count(b'\n'), 'CRLF'
      rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
      h = rows[0]
      assert 'Total Bedtime ' in h and 'Sleep Timin Score' in h and h[:2] == ['date', 'Sleep Score']
      c = {k: i for i, k in enumerate(h)}
      body = rows[1:]
      assert all(len(r) == len(h) for r in body)
      assert any('None' in r for r in body)
      slept = [r for r in body if r[c['Bedtime Start']]]
      for r in slept:
          stages = sum(int(r[c[k]]) for k in ('Light Sleep Duration', 'Deep Sleep Duration', 'REM Sleep Duration'))
          assert stages == int(r[c['Total Sleep Duration']])
          assert stages + int(r[c['Awake Time']]) == int(r[c['Total Bedtime ']])
          assert re.search(r'\.000[+-]\d\d:\d\d$', r[c['Bedtime Start']])
      dates = [r[0] for r in body]
      assert dates != sorted(dates), 'out of order'
      assert all(not r[c['Bedtime Start']] for r in body[len(slept):])
      print(len(body), len(body) - len(slept))
      """#
    let r = try Python.run(script, [try Self.run.find("oura_", ".csv")])
    #expect(r.code == 0, "\(r.output)")
    #expect(r.output.hasPrefix("90 "))
  }

  @Test(
    "WHOOP: newest first, an open first cycle, zone columns, a placeholder, naps, same sleeps",
    .enabled(if: SyntheticTestSupport.hasPython))
  func whoop() throws {
    let script = #"""
      import csv, sys
      read = lambda n: list(csv.DictReader(open(sys.argv[1] + '/' + n, newline='', encoding='utf-8')))
      cycles, sleeps = read('physiological_cycles.csv'), read('sleeps.csv')
      starts = [r['Cycle start time'] for r in cycles]
      assert starts == sorted(starts, reverse=True), 'newest first'
      assert cycles[0]['Cycle end time'] == '' and cycles[0]['Day Strain'] == ''
      assert all(r['Cycle end time'] for r in cycles[1:])
      # Summer and winter time at home, and the trip's zone when it falls in these days.
      assert {'UTC-04:00', 'UTC-05:00'} <= {r['Cycle timezone'] for r in cycles}
      assert any(r['Cycle start time'][11:13] in ('22', '23') for r in cycles), 'before midnight'
      last = cycles[-1]
      assert all(v == '' for k, v in last.items() if k not in ('Cycle start time', 'Cycle end time', 'Cycle timezone'))
      assert any(r['Sleep onset'] == '' and r['Day Strain'] for r in cycles[1:]), 'no sleep'
      naps = [r for r in sleeps if r['Nap'] == 'true']
      nights = {r['Sleep onset']: r for r in sleeps if r['Nap'] == 'false'}
      assert naps and len(nights) == sum(1 for r in cycles if r['Sleep onset'])
      keys = ('Light sleep duration (min)', 'Deep (SWS) duration (min)', 'REM duration (min)', 'Awake duration (min)', 'In bed duration (min)', 'Respiratory rate (rpm)')
      for r in cycles:
          if r['Sleep onset']:
              assert all(r[k] == nights[r['Sleep onset']][k] for k in keys), r['Sleep onset']
      assert read('workouts.csv') and read('journal_entries.csv')
      print('ok')
      """#
    let r = try Python.run(script, [Self.run.path])
    #expect(r.code == 0 && r.output.hasPrefix("ok"), "\(r.output)")
  }

  @Test(
    "Withings: overlapping sessions, heart rate 0, pounds, newest first, JSON arrays",
    .enabled(if: SyntheticTestSupport.hasPython))
  func withings() throws {
    let script = #"""
      import csv, json, sys
      from datetime import datetime
      read = lambda n: list(csv.DictReader(open(sys.argv[1] + '/' + n, newline='', encoding='utf-8')))
      sleep = read('sleep.csv')
      spans = [(datetime.fromisoformat(r['from']), datetime.fromisoformat(r['to'])) for r in sleep]
      overlaps = sum(1 for i in range(1, len(spans)) if spans[i][0] < spans[i - 1][1])
      assert overlaps > 0
      assert any(r['Average heart rate'] == '0' for r in sleep)
      assert sum(1 for r in sleep if r['rem (s)'] == '0') > len(sleep) / 2
      weight = read('weight.csv')
      assert 'Weight (lb)' in weight[0] and weight[0]['Date'] > weight[-1]['Date']
      raw = open(sys.argv[1] + '/weight.csv', encoding='utf-8').read().split('\n')[1]
      assert raw.startswith('"20')
      steps = read('aggregates_steps.csv')
      assert [r['date'] for r in steps] == sorted((r['date'] for r in steps), reverse=True)
      for r in read('raw_tracker_steps.csv'):
          d, v = json.loads(r['duration']), json.loads(r['value'])
          assert len(d) == len(v) and all(x == 60 for x in d)
      print(overlaps)
      """#
    let r = try Python.run(script, [Self.run.path])
    #expect(r.code == 0, "\(r.output)")
  }

  @Test("the same options give the same bytes")
  func determinism() throws {
    let again = SyntheticScratch("vendors-again")
    _ = try SyntheticExport.write(
      SyntheticOptions(days: 120, seed: 42), formats: [.oura, .whoop, .withings], to: again.path)
    for name in try FileManager.default.contentsOfDirectory(atPath: Self.run.path) {
      #expect(
        try SyntheticTestSupport.bytes(Self.run.file(name))
          == SyntheticTestSupport.bytes(again.file(name)), "\(name)")
    }
  }
}
