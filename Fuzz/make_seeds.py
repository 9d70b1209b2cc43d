#!/usr/bin/env python3
"""Builds small seed inputs for the healthpipe fuzz targets at run time.

Seeds are cut down from SampleData/ and, when present, ../shared/data/real/ (read in
place, never copied into the repository), plus the committed malformed corpus in
Tests/Corpus/. Small seeds keep each fuzz iteration fast; the fuzzer grows them.

usage: make_seeds.py REPO_ROOT OUT_DIR   (writes OUT_DIR/<target>/...)
"""
import io
import json
import os
import sys
import zipfile

repo, out = sys.argv[1], sys.argv[2]
real = os.path.join(os.path.dirname(os.path.abspath(repo)), "shared", "data", "real")
sample = os.path.join(repo, "SampleData")
corpus = os.path.join(repo, "Tests", "Corpus")


def put(target, name, data):
    os.makedirs(os.path.join(out, target), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(out, target, name), "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def xml_groups(data):
    """(prefix lines up to and including <Me>, top-level element groups) of an export whose
    top-level elements start on lines indented by one space, as SampleData's are."""
    lines = data.split(b"\n")
    h = next((i for i, l in enumerate(lines) if l.startswith(b"<HealthData")), None)
    if h is None:
        return None, []
    prefix = lines[:h + 1]
    groups, current = [], []
    for line in lines[h + 1:]:
        if line.startswith(b" <") and not line.startswith(b" </"):
            if current:
                groups.append(current)
            current = [line]
        elif line.startswith(b"</HealthData"):
            break
        elif current:
            current.append(line)
    if current:
        groups.append(current)
    return prefix, groups


def xml_excerpts(data, count, size):
    """Small valid documents: the prolog and `size` top-level elements from `count` places,
    plus one per interesting element kind."""
    prefix, groups = xml_groups(data)
    if not groups:
        return []
    head = [g for g in groups[:2]]  # ExportDate, Me
    out = []
    for k in range(count):
        start = 2 + (len(groups) - 2) * k // count
        picked = head + groups[start:start + size]
        out.append(picked)
    for needle in (b"<Workout ", b"<ActivitySummary ", b"HeartRateVariabilityMetadataList",
                   b"SleepAnalysis", b"<Correlation ", b"HKTimeZone"):
        hits = [g for g in groups[2:] if any(needle in l for l in g)][:4]
        if hits:
            out.append(head + hits)
    return [b"\n".join(prefix + [l for g in p for l in g] + [b"</HealthData>", b""]) for p in out]


def reduce_json(data, keep):
    doc = json.loads(data)
    d = doc.get("data", {})
    for key in ("metrics", "workouts"):
        items = d.get(key)
        if isinstance(items, list):
            if key == "workouts":
                d[key] = items[:keep]
            for m in d[key] if key == "metrics" else []:
                if isinstance(m.get("data"), list):
                    m["data"] = m["data"][:keep]
    return json.dumps(doc, indent=1, ensure_ascii=False)


def zip_bytes(entries, zip64=False, method=zipfile.ZIP_DEFLATED):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=method) as z:
        for name, content in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = method
            with z.open(info, "w", force_zip64=zip64) as f:
                f.write(content)
    return buf.getvalue()


def corpus_files(suffixes):
    if not os.path.isdir(corpus):
        return
    for root, _, files in os.walk(corpus):
        for name in sorted(files):
            if name.endswith(suffixes):
                yield name, read(os.path.join(root, name))


# --- Apple XML and zip
xmls = []
if os.path.exists(os.path.join(sample, "export.xml")):
    data = read(os.path.join(sample, "export.xml"))
    for i, doc in enumerate(xml_excerpts(data, 4, 12)):
        xmls.append((f"sample-{i}.xml", doc))
    # one without the DOCTYPE block
    dtd_start, dtd_end = data.find(b"<!DOCTYPE"), data.find(b"]>")
    if xmls and 0 < dtd_start < dtd_end:
        xmls.append(("sample-nodtd.xml", xmls[0][1][:dtd_start] + xmls[0][1][xmls[0][1].find(b"]>") + 3:]))
for rel in ("apple-dogsheep/export.xml", "apple-ru-aleksi/testdata.xml",
            "apple-dogsheep/zip_contents/apple_health_export/export.xml"):
    p = os.path.join(real, rel)
    if os.path.exists(p):
        xmls.append(("real-" + rel.replace("/", "-"), read(p)))
for name, data in xmls:
    put("apple-xml", name, data)
for name, data in corpus_files((".xml",)):
    put("apple-xml", "corpus-" + name, data)
for i, (name, data) in enumerate(xmls[:4]):
    put("zip", f"deflate-{i}.zip", zip_bytes([("apple_health_export/export.xml", data)]))
    put("zip", f"stored-{i}.zip", zip_bytes([("apple_health_export/export.xml", data)], method=zipfile.ZIP_STORED))
    put("zip", f"zip64-{i}.zip", zip_bytes([("apple_health_export/export.xml", data)], zip64=True))
if xmls:
    put("zip", "macosx-cda.zip", zip_bytes([
        ("__MACOSX/apple_health_export/._export.xml", b"\x00\x05\x16\x07"),
        ("apple_health_export/export_cda.xml", b"<ClinicalDocument/>"),
        ("apple_health_export/exportar.xml", xmls[0][1]),
    ]))
for name, data in corpus_files((".zip",)):
    put("zip", "corpus-" + name, data)

# --- Health Auto Export JSON
for path in (os.path.join(sample, "HealthAutoExport-2026-03-01-2026-07-08.json"),
             os.path.join(real, "hae-json", "HealthAutoExport-2023-06-17-2025-04-26.json")):
    if os.path.exists(path):
        try:
            put("hae-json", os.path.basename(path) + ".3", reduce_json(read(path), 3))
        except ValueError:
            pass
for name, data in corpus_files((".json",)):
    put("hae-json", "corpus-" + name, data)


# Round 3 (docs/reliability.md): objects nested inside a data point around the flattening
# limit (16 levels), and many distinct names (metrics, members, sources), so the fuzzer
# starts next to the limits instead of having to grow towards them.
def nested_value(levels):
    v = 1
    for i in range(levels):
        v = {"k%d" % (i % 3): v, "n": i}
    return v


for levels in (15, 16, 17, 40):
    put("hae-json", "nested-point-%d.json" % levels, json.dumps({"data": {"metrics": [
        {"name": "step_count", "units": "count", "data": [
            {"date": "2024-01-01 00:00:00 -0800", "qty": 5, "x": nested_value(levels)},
            {"date": "2024-01-02 00:00:00 -0800", "qty": 6}]}]}}, separators=(",", ":")))
put("hae-json", "many-names.json", json.dumps({"data": {"metrics": [
    {"name": "metric_%d" % i, "units": "count",
     "data": [{"date": "2024-01-01 00:00:00 -0800", "qty": i, "source": "s%d" % i}]}
    for i in range(300)]}}, separators=(",", ":")))
put("hae-json", "many-members.json", json.dumps({"data": {"metrics": [
    {"name": "custom", "units": "count", "data": [dict(
        [("date", "2024-01-01 00:00:00 -0800")] + [("k%d" % i, i) for i in range(1030)])]}]}},
    separators=(",", ":")))


# --- CSVs
def head_lines(data, n):
    return b"".join(data.splitlines(keepends=True)[:n])


for path in (os.path.join(sample, "HealthAutoExport-2025-10-22-2026-02-28 Data.csv"),
             os.path.join(sample, "Workouts-2025-10-22-2026-02-28.csv"),
             os.path.join(real, "hae-csv", "HealthAutoExport-2023-01-02-2023-06-20 Data.csv"),
             os.path.join(real, "hae-csv", "Workouts-2023-01-02-2023-06-20.csv")):
    if os.path.exists(path):
        put("hae-csv", os.path.basename(path) + ".8", head_lines(read(path), 8))
path = os.path.join(sample, "ring-2026-08-18-2026-11-15.csv")
if os.path.exists(path):
    put("long-csv", "ring.30", head_lines(read(path), 30))
put("long-csv", "minimal.csv", "date,metric,value,unit,source\n2024-01-01,steps,100,count,phone\n"
    "2024-01-01T07:30:00-08:00,heartRate,61,count/min,\"Watch, \"\"B\"\"\"\n")
path = os.path.join(sample, "habits-2026-08-18-2026-11-15.csv")
if os.path.exists(path):
    put("habit-journal", "journal.40", head_lines(read(path), 40))
put("habit-journal", "kinds.csv", "date,habit,value,note\n2026-11-10,meditate,,\n"
    "2026-11-10,read,0:30,\"on the train, late\"\n2026-11-10,water,3\n2026-11-10,water,skip,\n")
# Loop Habit Tracker exports of the three dialects (docs/habits.md), stored (not deflated)
# so mutations reach the CSV text: a name with a comma and a slash, words and codes,
# amounts; dated before the entries' 2024 zip time, so they are not "future" rejects.
loop_v231 = [
    ("Habits.csv", "Position,Name,Type,Question,Description,FrequencyNumerator,"
     "FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"
     "001,Meditate,YES_NO,Did you meditate?,,1,1,#FF8F00,,,,false\n"
     "002,\"Read, write / draw\",YES_NO,,,3,7,#303F9F,,,,false\n"
     "003,Water,NUMERICAL,,,1,1,#00897B,glasses,AT_LEAST,8.0,false\n"),
    ("001 Meditate/Checkmarks.csv", "Date,Value,Notes\n2023-11-15,YES_MANUAL,\n"
     "2023-11-14,SKIP,\n2023-11-13,NO,\n2023-11-12,YES_AUTO,\n2023-11-11,UNKNOWN,\n"),
    ("002 Read write  draw/Checkmarks.csv", "Date,Value,Notes\n2023-11-15,YES_MANUAL,\"a, b\"\n"),
    ("003 Water/Checkmarks.csv", "Date,Value,Notes\n2023-11-15,8500,\n2023-11-14,NO,\n"),
]
loop_v20 = [
    ("Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n"
     "001,Meditate,,,1,1,#D32F2F\n002,\"Read, write / draw\",,,5,30,#303F9F\n"),
    ("001 Meditate/Checkmarks.csv", "2023-11-15,2\n2023-11-14,3\n2023-11-13,0\n2023-11-12,1\n"),
    ("002 Read write  draw/Checkmarks.csv", "2023-11-15,2500\n2023-11-14,-1\n"),
]
loop_v18 = [
    ("Habits.csv", "Position,Name,Description,NumRepetitions,Interval,Color\n"
     "001,Meditate,,1,1,#D32F2F\n"),
    ("001 Meditate/Checkmarks.csv", "2023-11-13,0\n2023-11-14,1\n2023-11-15,2\n"),
]
for name, entries in (("v2.3.1", loop_v231), ("v2.0", loop_v20), ("v1.8", loop_v18)):
    encoded = [(n, c.encode("utf-8")) for n, c in entries]
    put("loop-zip", f"stored-{name}.zip", zip_bytes(encoded, method=zipfile.ZIP_STORED))
put("loop-zip", "deflate-v2.3.1.zip", zip_bytes([(n, c.encode("utf-8")) for n, c in loop_v231]))
for name, data in corpus_files((".csv",)):
    put("hae-csv", "corpus-" + name, data)
    put("long-csv", "corpus-" + name, data)
    put("habit-journal", "corpus-" + name, data)
# Many distinct names: metrics and sources in a long CSV, columns in a daily CSV.
put("long-csv", "many-names.csv", "date,metric,value,unit,source\n" + "".join(
    "2024-01-01,metric%d,%d,count,source%d\n" % (i, i, i) for i in range(500)))
put("hae-csv", "many-columns.csv", "Date," + ",".join("Metric %d (count)" % i for i in range(400))
    + " \n2024-01-01 00:00:00," + ",".join(str(i) for i in range(400)) + " \n")
# The vendors' real files (read in place; seeds are heads of them) and minimal layouts.
vendors = os.path.join(real, "vendors")
for rel in ("oura/mohdasti/oura_2026-05-22_2026-07-23_trends.csv", "whoop/mohdasti/physiological_cycles.csv",
            "whoop/mohdasti/sleeps.csv", "withings/mohdasti/sleep.csv", "withings/mohdasti/weight.csv",
            "withings/mohdasti/aggregates_steps.csv"):
    path = os.path.join(vendors, rel)
    if os.path.exists(path):
        put("vendor-csv", os.path.basename(path) + ".12", head_lines(read(path), 12))
put("vendor-csv", "raw.csv", "start,duration,value\n2026-07-17T10:00:00-07:00,[60],[12]\n"
    "2026-07-17T10:05:00-07:00,\"[60,120]\",\"[1,2]\"\n")
put("vendor-csv", "journal.csv", "Cycle start time,Cycle end time,Cycle timezone,Question text,Answered yes,Notes\n"
    "2026-07-12 23:20:04,,UTC+01:00,Caffeine?,true,\"a, b\"\n")

# --- Garmin FIT and the vendors' text files (real files read in place)
garmin = os.path.join(real, "vendors", "garmin", "python-fitparse")
if os.path.isdir(garmin):
    for name in sorted(os.listdir(garmin)):
        if name.endswith(".fit"):
            put("fit", name, read(os.path.join(garmin, name)))
fitbit = os.path.join(real, "vendors", "fitbit", "leask", "Fitbit")
if os.path.isdir(fitbit):
    for root, _, files in os.walk(fitbit):
        for name in sorted(files):
            data = read(os.path.join(root, name))
            if name.endswith(".json"):
                try:
                    put("vendor-text", name, json.dumps(json.loads(data)[:3], indent=2))
                except ValueError:
                    pass
            elif name.endswith(".csv"):
                put("vendor-text", name.replace(" ", "_"), data)
put("vendor-text", "uds.json", '[{"calendarDate": "2025-06-10", "wellnessStartTimeGmt": '
    '"2025-06-09T22:00:00.0", "wellnessStartTimeLocal": "2025-06-10T00:00:00.0", "totalSteps": 10, '
    '"allDayStress": {"aggregatorList": [{"type": "TOTAL", "averageStressLevel": 25}]}, '
    '"bodyBattery": {"bodyBatteryStatList": [{"bodyBatteryStatType": "HIGHEST", "statsValue": 85}]}}]')
put("vendor-text", "sleepData.json", '[{"calendarDate": "2025-12-08", "sleepStartTimestampGMT": '
    '"2025-12-07T23:11:00.0", "sleepEndTimestampGMT": "2025-12-08T07:11:00.0", '
    '"deepSleepSeconds": 3240, "sleepWindowConfirmationType": "OFF_WRIST"}]')
put("vendor-text", "steps.json", '[{"dateTime" : "02/25/23 13:17:00", "value" : "13"}]')

# --- pipeline files
for folder in (os.path.join(repo, "Pipelines"), corpus):
    if os.path.isdir(folder):
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if name.endswith(".pipeline"):
                    put("pipeline", name, read(os.path.join(root, name)))
put("pipeline", "minimal.pipeline", "[pipeline]\ninputs = *.xml\nas_of = 2024-02-29\n[goal.steps]\n"
    "condition = steps >= 8000\nweekly_target = 3\n[report]\nformat = html\nwindow = 30\n")
