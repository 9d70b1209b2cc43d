import Foundation
import TestSupport
import Testing

/// One person, three devices (docs/clean.md, "Sleep"; docs/ingest-oura.md, "Same person"):
/// the real WHOOP, Oura and Withings exports of the same nights, through ingest, clean and
/// aggregate with the built binary. Each night counts once, from the source the priority
/// names; the expected winner and minutes come from an independent Python reading of the
/// three exports that applies the documented night rule.
@Suite(
  .enabled(if: RealData.isPresent && Python.available, "real files or python3 absent: skipped"))
struct VendorNightsEndToEndTests {
  static let vendors = RealData.folder.appendingPathComponent("vendors").path
  static let inputs = [
    "oura/mohdasti/oura_2026-05-22_2026-07-23_trends.csv",
    "whoop/mohdasti/physiological_cycles.csv", "whoop/mohdasti/sleeps.csv",
    "withings/mohdasti/sleep.csv", "withings/mohdasti/weight.csv",
    "withings/mohdasti/aggregates_steps.csv",
  ].map { vendors + "/" + $0 }

  /// Per sleep day (local date of wake + 6 h) and vendor: asleep minutes (light + deep +
  /// REM), in-bed minutes and span. Withings' duplicate session (the overlapping one with
  /// less asleep time) is left out. Then the night rule: the main session has the most asleep
  /// minutes (in-bed minutes when it has none); the night's vendor is the first in `order`
  /// holding at least half of the main session's asleep minutes (of the most any vendor
  /// holds, for an in-bed-only main session).
  static let script = """
    import csv, json, sys
    from datetime import datetime, timedelta
    folder, order = sys.argv[1], sys.argv[2].split(',')
    nights = {}
    def add(vendor, start, end, asleep, in_bed):
        day = (end + timedelta(hours=6)).date().isoformat()
        nights.setdefault(day, {})[vendor] = {'asleep': asleep, 'inBed': in_bed}
    for r in csv.DictReader(open(folder + '/oura/mohdasti/oura_2026-05-22_2026-07-23_trends.csv', newline='')):
        if not r['Bedtime Start'].strip():
            continue
        s, e = datetime.fromisoformat(r['Bedtime Start']), datetime.fromisoformat(r['Bedtime End'])
        a = sum(float(r[k]) for k in ('Light Sleep Duration', 'Deep Sleep Duration', 'REM Sleep Duration')) / 60
        add('Oura', s, e, a, float(r['Total Bedtime ']) / 60)
    for r in csv.DictReader(open(folder + '/whoop/mohdasti/sleeps.csv', newline='')):
        s = datetime.strptime(r['Sleep onset'], '%Y-%m-%d %H:%M:%S')
        e = datetime.strptime(r['Wake onset'], '%Y-%m-%d %H:%M:%S')
        a = sum(float(r[k]) for k in ('Light sleep duration (min)', 'Deep (SWS) duration (min)', 'REM duration (min)'))
        add('WHOOP', s, e, a, float(r['In bed duration (min)']))
    rows = list(csv.DictReader(open(folder + '/withings/mohdasti/sleep.csv', newline='')))
    spans = [(datetime.fromisoformat(r['from']), datetime.fromisoformat(r['to']), r) for r in rows]
    for f, t, r in spans:
        asleep = sum(int(r[k]) for k in ('light (s)', 'deep (s)', 'rem (s)'))
        beaten = any(f2 < t and f < t2 and sum(int(r2[k]) for k in ('light (s)', 'deep (s)', 'rem (s)')) > asleep
                     for f2, t2, r2 in spans if r2 is not r)
        if not beaten:
            add('Withings', f.replace(tzinfo=None), t.replace(tzinfo=None), asleep / 60, (t - f).total_seconds() / 60)
    result = {}
    for day, by in nights.items():
        main = max(by.values(), key=lambda n: n['asleep'] if n['asleep'] > 0 else n['inBed'])
        ref = main['asleep'] if main['asleep'] > 0 else max(n['asleep'] for n in by.values())
        eligible = [v for v in order if v in by and ref > 0 and by[v]['asleep'] >= 0.5 * ref]
        winner = eligible[0] if eligible else [v for v in order if v in by][0]
        result[day] = {'vendor': winner, 'asleep': by[winner]['asleep'], 'vendors': sorted(by)}
    print(json.dumps(result))
    """

  /// `date -> (asleep minutes, source)` of the aggregate's `sleepAsleep` rows.
  static func nights(_ aggregate: String) throws -> [String: (Double, String)] {
    let csv = try Healthpipe.run(["export", aggregate + "/daily.hpt", "--exact"]).stdout
    var out: [String: (Double, String)] = [:]
    for line in csv.split(separator: "\r\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard f[1] == "sleepAsleep", let v = Double(f[3]) else { continue }
      #expect(out[f[0]] == nil, "\(f[0]) counted twice")
      out[f[0]] = (v, f[8])
    }
    return out
  }

  func run(priority: String, order: [String]) throws -> (
    nights: [String: (Double, String)], expected: [String: [String: Any]], rejects: String
  ) {
    let dir = TemporaryDirectory()
    let work = dir.path
    var r = try Healthpipe.run(
      ["ingest"] + Self.inputs + [
        "--out", work + "/samples.hpt", "--timezone", "America/Los_Angeles", "--quiet",
      ])
    #expect(r.code == 0, "\(r.stderr)")
    r = try Healthpipe.run(
      [
        "clean", work + "/samples.hpt", "--out", work + "/clean.hpt", "--priority", priority,
        "--quiet",
      ])
    #expect(r.code == 0, "\(r.stderr)")
    r = try Healthpipe.run(
      [
        "aggregate", work + "/clean.hpt", "--out", work + "/agg", "--as-of", "2026-07-22",
        "--quiet",
      ])
    #expect(r.code == 0, "\(r.stderr)")
    let expected =
      try Python.json(Self.script, [Self.vendors, order.joined(separator: ",")])
      as? [String: [String: Any]] ?? [:]
    let rejects = try Healthpipe.run(["export", work + "/rejects-clean.hpt"]).stdout
    return (try Self.nights(work + "/agg"), expected, rejects)
  }

  @Test("the default priority: each night once, Oura's where it has one, and why")
  func defaultPriority() throws {
    let (nights, expected, rejects) = try run(
      priority: "manual, Apple Watch, Garmin, Fitbit, Oura, WHOOP, Withings, iPhone, *",
      order: ["Oura", "WHOOP", "Withings"])
    #expect(nights.count == expected.count)
    #expect(expected.count > 60)
    for (day, e) in expected {
      let night = try #require(nights[day], "\(day) has no night")
      #expect(night.1 == e["vendor"] as? String, "\(day)")
      #expect(abs(night.0 - (e["asleep"] as? Double ?? -1)) < 1e-6, "\(day)")
    }
    // The night ending 2026-07-17 (SOURCES.md): all three saw it; Oura's 453.5 minutes count.
    #expect(nights["2026-07-17"]?.0 == 453.5 && nights["2026-07-17"]?.1 == "Oura")
    #expect((expected["2026-07-17"]?["vendors"] as? [String]) == ["Oura", "WHOOP", "Withings"])
    // The others' rows of that night are rejects naming Oura and the reason.
    #expect(
      rejects.contains(
        "sleep day 2026-07-17 takes its night from 'Oura' (Oura, higher priority); this sample "
          + "ranks as WHOOP"))
    // 2026-06-20: Withings saw only awake time that night (rejected: longer than the span),
    // so its in-bed session is the longest; the 50 % is of the most asleep minutes (Oura's).
    #expect(nights["2026-06-20"]?.1 == "Oura")
  }

  @Test("WHOOP first: WHOOP's nights from 2026-06-20, Oura's before, Withings' alone")
  func whoopFirst() throws {
    let (nights, expected, _) = try run(
      priority: "manual, WHOOP, Withings, Oura, *", order: ["WHOOP", "Withings", "Oura"])
    #expect(nights.count == expected.count)
    for (day, e) in expected {
      #expect(nights[day]?.1 == e["vendor"] as? String, "\(day)")
      #expect(abs((nights[day]?.0 ?? -1) - (e["asleep"] as? Double ?? -2)) < 1e-6, "\(day)")
    }
    #expect(nights["2026-07-17"]?.1 == "WHOOP" && nights["2026-07-17"]?.0 == 423)
    #expect(nights["2026-06-19"]?.1 == "Oura")
    #expect(nights["2024-08-12"]?.1 == "Withings")
  }
}
