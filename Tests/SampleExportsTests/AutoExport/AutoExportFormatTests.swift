import Foundation
import TestSupport
import Testing

@testable import SampleExports

@Suite("Synthetic generator: Health Auto Export and long CSV")
struct AutoExportFormatTests {
  var run: SyntheticScratch { SyntheticRuns.sample }

  @Test(
    "JSON: parses, Apple's pretty style with \\/ escapes, shapes of every metric, workouts v2",
    .enabled(if: SyntheticTestSupport.hasPython))
  func json() throws {
    let path = try run.find("HealthAutoExport-", ".json")
    let tool = try SyntheticTestSupport.run("python3", ["-m", "json.tool", path])
    #expect(tool.code == 0)
    let raw = try String(contentsOfFile: path, encoding: .utf8)
    #expect(raw.hasPrefix("{\n  \"data\" : {\n    \"metrics\" : [\n"))
    #expect(raw.hasSuffix("}") && !raw.hasSuffix("\n"))  // no final newline, like the app
    #expect(raw.contains("\"count\\/min\"") && raw.contains("\"ml\\/(kg\u{00B7}min)\""))
    #expect(raw.contains("Sam\u{2019}s Apple\u{00A0}Watch"))
    let script = #"""
      import sys, json, re, collections
      d = json.load(open(sys.argv[1], encoding='utf-8'))['data']
      m = {x['name']: x for x in d['metrics']}
      need = {'step_count', 'active_energy', 'heart_rate', 'resting_heart_rate', 'heart_rate_variability',
              'blood_oxygen_saturation', 'respiratory_rate', 'apple_sleeping_wrist_temperature', 'vo2_max',
              'weight_body_mass', 'body_fat_percentage', 'body_mass_index', 'sleep_analysis', 'walking_speed'}
      assert need <= set(m), need - set(m)
      assert all(set(p) == {'Min', 'Avg', 'Max', 'source', 'date'} for p in m['heart_rate']['data'])
      spo2 = [p['qty'] for p in m['blood_oxygen_saturation']['data']]
      assert min(spo2) > 85 and max(spo2) <= 100
      assert all('source' not in p for p in m['heart_rate_variability']['data'])
      assert all(re.fullmatch(r'\d{4}-\d\d-\d\d 00:00:00 [+-]\d{4}', p['date']) for p in m['step_count']['data'])
      offs = {p['date'][-5:] for p in m['step_count']['data']}
      assert offs == {'-0500', '-0400'}, offs
      keys = {'date', 'sleepStart', 'sleepEnd', 'inBed', 'inBedStart', 'inBedEnd', 'asleep', 'core', 'deep', 'rem', 'awake', 'source'}
      assert all(set(p) <= keys and {'date', 'asleep', 'core', 'deep', 'rem', 'source'} <= set(p) for p in m['sleep_analysis']['data'])
      orders = {tuple(p) for p in m['step_count']['data']}
      assert len(orders) > 1, orders
      w = d['workouts']
      assert w and all({'id', 'name', 'start', 'end', 'duration'} <= set(x) for x in w)
      assert all(set(x['activeEnergyBurned']) == {'qty', 'units'} for x in w)
      assert any('heartRateData' in x for x in w)
      dates = collections.Counter(p['date'] for p in m['step_count']['data'])
      print('duplicated', sum(n - 1 for n in dates.values()))
      print('absurd', sum(1 for p in m['sleep_analysis']['data'] if p.get('inBed', 0) > 1e6))
      """#
    let r = try Python.run(script, [path])
    #expect(r.code == 0, "\(r.output)")
    let all = try SyntheticTruthTests.truth(run)["all"]!
    #expect(
      r.output.contains("duplicated \(all["steps.duplicates_hae_json"] ?? "0")\n"), "\(r.output)")
    #expect(
      r.output.contains("absurd \(all["sleep.absurd_in_bed_hae_json"] ?? "0")\n"), "\(r.output)")
  }

  @Test(
    "CSV files: field counts match the header, trailing spaces, local dates without offset",
    .enabled(if: SyntheticTestSupport.hasPython))
  func csv() throws {
    let daily = try run.find("HealthAutoExport-", " Data.csv")
    let workouts = try run.find("Workouts-", ".csv")
    let text = try String(contentsOfFile: daily, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 151)  // header + 150 days, no gaps
    for line in lines { #expect(line.hasSuffix(" ")) }
    #expect(lines[0].hasPrefix("Date,Active Energy (kcal),"))
    #expect(lines[0].hasSuffix(",Zinc (mg) "))
    #expect(lines[1].hasPrefix("2025-08-23 00:00:00,"))
    let script = #"""
      import sys, csv, re
      for path, width in ((sys.argv[1], 113), (sys.argv[2], 17)):
          rows = list(csv.reader(open(path, encoding='utf-8', newline='')))
          assert all(len(r) == width for r in rows), (path, {len(r) for r in rows})
      rows = list(csv.reader(open(sys.argv[1], encoding='utf-8', newline='')))
      h = rows[0]
      spo2 = [float(r[h.index('Blood Oxygen Saturation (%)')]) for r in rows[1:] if r[h.index('Blood Oxygen Saturation (%)')]]
      assert spo2 and 85 < min(spo2) and max(spo2) <= 100
      assert all(re.fullmatch(r'\d{4}-\d\d-\d\d 00:00:00', r[0]) for r in rows[1:])
      core = h.index('Sleep Analysis [Core] (hr)')
      assert any(r[core] not in ('', '0.0') for r in rows[1:])
      w = list(csv.reader(open(sys.argv[2], encoding='utf-8', newline='')))
      assert all(re.fullmatch(r'\d\d:\d\d:\d\d', r[3]) and re.fullmatch(r'\d{4}-\d\d-\d\d \d\d:\d\d', r[1]) for r in w[1:])
      assert [r[1] for r in w[1:]] == sorted((r[1] for r in w[1:]), reverse=True)
      """#
    let r = try Python.run(script, [daily, workouts])
    #expect(r.code == 0, "\(r.output)")
  }

  @Test(
    "long CSV: RFC 4180 quoting of the ring's name, CRLF, RMSSD and sleep with ends",
    .enabled(if: SyntheticTestSupport.hasPython))
  func longCSV() throws {
    let path = try run.find("ring-", ".csv")
    let raw = try String(contentsOfFile: path, encoding: .utf8)
    #expect(raw.hasPrefix("date,metric,value,unit,source,end\r\n"))
    #expect(raw.contains(",\"Oura Ring, Gen3\","))
    let script = #"""
      import sys, csv, re, collections
      rows = list(csv.reader(open(sys.argv[1], encoding='utf-8', newline='')))
      assert rows[0] == ['date', 'metric', 'value', 'unit', 'source', 'end']
      assert all(len(r) == 6 and r[4] == 'Oura Ring, Gen3' for r in rows[1:])
      assert {r[1] for r in rows[1:]} == {'sleep', 'hrvRMSSD', 'restingHeartRate'}
      iso = r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d'
      for r in rows[1:]:
          if r[1] == 'restingHeartRate': assert re.fullmatch(r'\d{4}-\d\d-\d\d', r[0]) and r[5] == ''
          else: assert re.fullmatch(iso, r[0]) and re.fullmatch(iso, r[5])
      print(sum(float(r[2]) for r in rows[1:] if r[1] == 'sleep'))
      """#
    let r = try Python.run(script, [path])
    #expect(r.code == 0, "\(r.output)")
    // The ring's asleep minutes equal the truth's `sleep.asleep_ring`, summed.
    let truth = try SyntheticTruthTests.truth(run)
    let ring = truth.values.compactMap { $0["sleep.asleep_ring"].flatMap(Double.init) }.reduce(0, +)
    #expect(Double(r.output.trimmingCharacters(in: .whitespacesAndNewlines)) == ring)
  }

  @Test(
    "the truth's Health Auto Export values are what the files hold",
    .enabled(if: SyntheticTestSupport.hasPython))
  func autoExportTruth() throws {
    let script = #"""
      import sys, json, csv
      d = json.load(open(sys.argv[1], encoding='utf-8'))['data']
      m = {x['name']: x for x in d['metrics']}
      steps = {}
      for p in m['step_count']['data']: steps[p['date'][:10]] = p['qty']
      rhr = {p['date'][:10]: p['qty'] for p in m['resting_heart_rate']['data']}
      rows = list(csv.reader(open(sys.argv[2], encoding='utf-8', newline='')))
      h = rows[0]
      csvsteps = {r[0][:10]: float(r[h.index('Step Count (count)')]) for r in rows[1:] if r[h.index('Step Count (count)')]}
      truth = {}
      for line in open(sys.argv[3], encoding='utf-8').read().splitlines()[1:]:
          date, metric, measure, value = line.split(',')
          truth[(date, metric, measure)] = value
      bad = 0
      for day, v in steps.items(): bad += float(truth[(day, 'steps', 'hae_json')]) != v
      for day, v in rhr.items(): bad += abs(float(truth[(day, 'restingHeartRate', 'hae_json')]) - v) > 1e-6
      for day, v in csvsteps.items(): bad += float(truth[(day, 'steps', 'hae_csv')]) != v
      print(len(steps) + len(rhr) + len(csvsteps), bad)
      """#
    let r = try Python.run(
      script,
      [
        try run.find("HealthAutoExport-", ".json"), try run.find("HealthAutoExport-", " Data.csv"),
        run.file("truth.csv"),
      ])
    #expect(r.code == 0, "\(r.output)")
    let parts = r.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
    #expect(parts.count == 2 && Int(parts[0])! > 300 && parts[1] == "0", "\(r.output)")
  }
}
