/// An independent recount of an Apple `export.xml` in Python (xml.etree after removing the
/// DOCTYPE), compared with the generator's truth CSV: per local day the watch, phone and
/// arbitrated totals of steps, active energy and distance, heart rate n/mean/min/max, mean
/// ln(SDNN), the watch's night asleep minutes and naps (by sessions) and the phone's in-bed
/// minutes, workout counts and minutes; per type the record counts; per metric the exact
/// duplicates, out-of-range values and future-dated records. It shares no code with the
/// generator. Prints `checked N mismatches M` and exits 1 on any mismatch.
enum SyntheticRecountScript {
  static let source = #"""
    # Independent recount of an Apple export.xml, compared with the generator's truth CSV.
    import sys, re, io, math, calendar, collections
    import xml.etree.ElementTree as ET

    xml_path, truth_path = sys.argv[1], sys.argv[2]
    data = open(xml_path, 'rb').read()
    i = data.index(b'<!DOCTYPE'); j = data.index(b']>', i) + 2
    root = ET.fromstring(data[:i] + data[j:])

    def parse(s):
        m = re.fullmatch(r'(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) ([+-])(\d\d)(\d\d)', s)
        y, mo, d, h, mi, se = map(int, m.group(1, 2, 3, 4, 5, 6))
        off = (int(m.group(8)) * 3600 + int(m.group(9)) * 60) * (1 if m.group(7) == '+' else -1)
        return calendar.timegm((y, mo, d, h, mi, se)) - off, off

    def day_of(days):  # days since epoch -> iso
        return str(__import__('datetime').date(1970, 1, 1) + __import__('datetime').timedelta(days=days))

    export, _ = parse(root.find('ExportDate').get('value'))
    W = 'Sam\u2019s Apple\u00a0Watch'; P = 'Sam\u2019s iPhone'
    Q = 'HKQuantityTypeIdentifier'
    factor = {'mi': 1.609344, 'lb': 0.45359237, 'ft': 30.48}
    ranges = {Q+'HeartRate': (25, 250), Q+'OxygenSaturation': (0.7, 1.0), Q+'RespiratoryRate': (4, 60),
              Q+'HeartRateVariabilitySDNN': (1, 300), Q+'BodyMass': (20, 500),
              Q+'AppleSleepingWristTemperature': (30, 42), Q+'StepCount': (0, 50000)}
    metric = {Q+'HeartRate': 'heartRate', Q+'OxygenSaturation': 'spo2', Q+'RespiratoryRate': 'respiratoryRate',
              Q+'HeartRateVariabilitySDNN': 'hrvSDNN', Q+'BodyMass': 'bodyMass', Q+'AppleSleepingWristTemperature':
              'wristTemperature', Q+'StepCount': 'steps', Q+'ActiveEnergyBurned': 'activeEnergy',
              Q+'DistanceWalkingRunning': 'distance', 'HKCategoryTypeIdentifierSleepAnalysis': 'sleep'}

    counts = collections.Counter(); seen = set(); dups = collections.Counter()
    oor = collections.Counter(); future = collections.Counter(); recs = collections.defaultdict(list)
    for el in root:
        if el.tag != 'Record': continue
        t = el.get('type'); counts[t] += 1
        key = ET.tostring(el)
        if key in seen: dups[metric.get(t, t)] += 1; continue
        seen.add(key)
        s, so = parse(el.get('startDate')); e, _ = parse(el.get('endDate'))
        if s > export: future[metric.get(t, t)] += 1; continue
        v = el.get('value'); u = el.get('unit')
        if u is not None and v is not None:
            v = float(v)
            if u == 'degF': v = (v - 32) * 5 / 9
            else: v *= factor.get(u, 1)
            if t in ranges and not (ranges[t][0] <= v <= ranges[t][1]): oor[metric.get(t, t)] += 1; continue
        recs[t].append((s, e, so, el.get('sourceName'), v))
    counts['Workout'] = len(root.findall('Workout'))

    truth = collections.defaultdict(dict)
    for line in open(truth_path, encoding='utf-8').read().splitlines()[1:]:
        d, m, meas, val = line.split(',')
        truth[d][(m, meas)] = val

    mine = collections.defaultdict(lambda: collections.defaultdict(float))
    def split(s, e, off, f):
        ls, le = s + off, e + off
        if le <= ls: f(ls // 86400, 1.0, s, e); return
        d = ls // 86400
        while d * 86400 < le:
            a, b = max(ls, d * 86400), min(le, (d + 1) * 86400)
            if b > a: f(d, (b - a) / (le - ls), a - off, b - off)
            d += 1
    def union(spans):
        out = []
        for a, b in sorted(spans):
            if out and a <= out[-1][1]: out[-1][1] = max(out[-1][1], b)
            else: out.append([a, b])
        return out
    def covered(u, a, b): return sum(max(0, min(y, b) - max(x, a)) for x, y in u if x < b and y > a)

    for t, name in [(Q+'StepCount', 'steps'), (Q+'ActiveEnergyBurned', 'activeEnergy'), (Q+'DistanceWalkingRunning', 'distance')]:
        rs = recs[t]; u = union([(s, e) for s, e, o, src, v in rs if src == W])
        for s, e, o, src, v in rs:
            if src == W:
                split(s, e, o, lambda d, f, a, b: (mine[d].__setitem__((name, 'watch'), mine[d][(name, 'watch')] + v * f),
                                                   mine[d].__setitem__((name, 'expected'), mine[d][(name, 'expected')] + v * f)))
            elif src == P:
                def add(d, f, a, b, v=v, s=s, e=e):
                    mine[d][(name, 'phone')] += v * f
                    mine[d][(name, 'expected')] += v * ((b - a) - covered(u, a, b)) / max(1, e - s)
                split(s, e, o, add)
    hr = collections.defaultdict(list)
    for s, e, o, src, v in recs[Q+'HeartRate']: hr[(s + o) // 86400].append(v)
    for d, l in hr.items():
        mine[d][('heartRate', 'n')] = len(l); mine[d][('heartRate', 'mean')] = sum(l) / len(l)
        mine[d][('heartRate', 'min')] = min(l); mine[d][('heartRate', 'max')] = max(l)
    hrv = collections.defaultdict(list)
    for s, e, o, src, v in recs[Q+'HeartRateVariabilitySDNN']: hrv[(s + o) // 86400].append(math.log(v))
    for d, l in hrv.items(): mine[d][('hrvLnSDNN', 'mean')] = sum(l) / len(l); mine[d][('hrvSDNN', 'n')] = len(l)
    asleep = collections.defaultdict(list); inbed = collections.defaultdict(list)
    # Sleep needs the category value: walk the distinct records again.
    seen2 = set()
    for el in root:
        if el.tag != 'Record' or el.get('type') != 'HKCategoryTypeIdentifierSleepAnalysis': continue
        k = ET.tostring(el)
        if k in seen2: continue
        seen2.add(k)
        s, so = parse(el.get('startDate')); e, _ = parse(el.get('endDate'))
        sd = (e + 6 * 3600 + so) // 86400
        val = el.get('value')
        if el.get('sourceName') == P and val.endswith('InBed'): inbed[sd].append((s, e))
        if el.get('sourceName') == W and any(val.endswith(x) for x in ('Core', 'Deep', 'REM', 'Unspecified')): asleep[0].append((s, e, so))
    # The watch's sessions (rows less than an hour apart), each on the sleep day of its end:
    # the longest of a day, if 2 h or more, is the night; the others are naps, on the date
    # they start (docs/aggregate.md, "Sleep day").
    sessions = []  # [start, end, start offset, end offset, asleep seconds (union)]
    for s, e, so in sorted(asleep[0]):
        if sessions and s - sessions[-1][1] <= 3600:
            m = sessions[-1]
            if e > m[1]: m[4] += e - max(s, m[1]); m[1] = e; m[3] = so
        else:
            sessions.append([s, e, so, so, e - s])
    byday = collections.defaultdict(list)
    for s, e, so, eo, secs in sessions: byday[(e + 6 * 3600 + eo) // 86400].append((secs, s, so))
    for d, l in byday.items():
        l.sort(reverse=True)
        if l[0][0] >= 7200:
            mine[d][('sleep', 'asleep_watch')] = l[0][0] / 60
            l = l[1:]
        for secs, s, so in l: mine[(s + so) // 86400][('sleep', 'nap')] += secs / 60
    for d, l in inbed.items(): mine[d][('sleep', 'in_bed_phone')] = sum(b - a for a, b in union(l)) / 60
    for el in root.findall('Workout'):
        s, so = parse(el.get('startDate')); d = (s + so) // 86400
        mine[d][('workouts', 'count')] += 1; mine[d][('workouts', 'minutes')] += float(el.get('duration'))

    bad = 0; checked = 0
    for d, meas in mine.items():
        iso = day_of(d)
        for k, v in meas.items():
            checked += 1
            tv = truth.get(iso, {}).get(k)
            if tv is None or abs(float(tv) - v) > 1e-3 * max(1, abs(v)):
                bad += 1
                if bad < 15: print('MISMATCH', iso, k, 'recount', v, 'truth', tv)
    tot = truth['all']
    for t, n in counts.items():
        if float(tot.get(('records', t), -1)) != n: bad += 1; print('COUNT', t, n, tot.get(('records', t)))
    for name, c in [('duplicates', dups), ('out_of_range', oor), ('future', future)]:
        for m, n in c.items():
            if float(tot.get((m, name), -1)) != n: bad += 1; print('DEFECT', m, name, n, tot.get((m, name)))
        for (m, meas), val in tot.items():
            if meas == name and c.get(m, 0) != float(val): bad += 1; print('DEFECT-TRUTH', m, name, val, c.get(m, 0))
    print('checked', checked, 'mismatches', bad)
    sys.exit(1 if bad else 0)
    """#
}
