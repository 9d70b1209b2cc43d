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
for name, data in corpus_files((".csv",)):
    put("hae-csv", "corpus-" + name, data)
    put("long-csv", "corpus-" + name, data)
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

# --- pipeline files
for folder in (os.path.join(repo, "Pipelines"), corpus):
    if os.path.isdir(folder):
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if name.endswith(".pipeline"):
                    put("pipeline", name, read(os.path.join(root, name)))
put("pipeline", "minimal.pipeline", "[pipeline]\ninputs = *.xml\nas_of = 2024-02-29\n[goal.steps]\n"
    "condition = steps >= 8000\nweekly_target = 3\n[report]\nformat = html\nwindow = 30\n")
