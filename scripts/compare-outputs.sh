#!/usr/bin/env bash
# Proves that two builds of healthpipe write the same bytes: builds both revisions (release),
# runs every command of each on the same inputs in the same folder, and compares all outputs
# with `cmp`. For refactorings that must not change behaviour.
#
#   scripts/compare-outputs.sh REV_A REV_B     # e.g. scripts/compare-outputs.sh main .
#
# A REV is a git revision (exported with `git archive` into .build/compare/src-<sha>/ and
# built there once; later calls reuse the build) or `.` for this working tree (built with
# `swift build -c release` here). Environment: COMPARE_DAYS (days of the bench's generated
# Apple export, default 120), COMPARE_KEEP=1 keeps the outputs (.build/compare/out-A, out-B).
#
# What is compared, with the inputs of REV_A (SampleData/, Pipelines/, Tests/Corpus/pipeline/):
#   - `healthpipe run` of the three pipelines (every table, CSV, report and e-mail of the work
#     folder, the run summary, the stage stamps' cache keys), a second run (all skipped), and
#     REV_B's run on REV_A's work folder (a changed cache key would rerun a stage);
#   - `run --plan` of every pipeline and of the corpus of bad pipeline files (messages, codes);
#   - ingest, clean, aggregate and report one by one with various options, `export` (csv,
#     ndjson, raw) and `inspect` (text, json) of every table, `help` of every command, and a
#     set of usage errors (messages and exit codes);
#   - `healthpipe sample` for several seeds, densities and formats (SOURCE_DATE_EPOCH fixed);
#   - the bench's generators (`healthpipe-bench __generate`, `__fingerprint`) and the four
#     stages on the generated Apple export (XML and zip) and text exports.
# Manifests, run summaries and JSON records hold timings and absolute paths: those fields are
# removed (wallSeconds, peakRSSBytes, seconds, mtimes, ctimes, inodes, timing notes and
# timings) before comparing; durations in stderr lines are replaced by N.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ $# -eq 2 ] || { sed -n '2,12p' "$0" >&2; exit 64; }
DAYS=${COMPARE_DAYS:-120}
BASE=$ROOT/.build/compare
mkdir -p "$BASE"

# build REV -> prints the folder holding the release binaries and the source tree.
build() {
  local rev=$1 src bin
  if [ "$rev" = . ]; then
    src=$ROOT
  else
    local sha
    sha=$(git rev-parse --short "$rev^{commit}")
    src=$BASE/src-$sha
    if [ ! -f "$src/.built" ]; then
      rm -rf "$src"
      mkdir -p "$src"
      git archive "$sha" | tar -x -C "$src"
    fi
  fi
  echo "compare: building $rev in $src" >&2
  (cd "$src" && swift build -c release --product healthpipe >&2 &&
    swift build -c release --product healthpipe-bench >&2)
  [ "$rev" = . ] || touch "$src/.built"
  bin=$(cd "$src" && swift build -c release --show-bin-path)
  echo "$src|$bin"
}

IFS='|' read -r SRC_A BIN_A < <(build "$1")
IFS='|' read -r SRC_B BIN_B < <(build "$2")

SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
RUN=$SCRATCH/run   # every build runs here, so absolute paths in outputs are the same
mkdir -p "$RUN/repo"
cp -a "$SRC_A/SampleData" "$RUN/repo/SampleData"

# Normalises JSON files (manifests, summaries, --json output, inputs.json) in place.
normalise_json() {
  python3 - "$RUN" "$@" <<'PY'
import json, re, sys
run, files = sys.argv[1], sys.argv[2:]
DROP = {"wallSeconds", "peakRSSBytes", "seconds", "modifiedNanoseconds", "changedNanoseconds",
        "inode", "timings"}
TIMING = re.compile(r"^(tables read|rendered) in [0-9.]+ ms$")
# The SQLite export's notes: row counts are compared, their milliseconds are not.
INSERTED = re.compile(r"^(table \S+: \d+ rows) inserted in [0-9.]+ ms, indexed in [0-9.]+ ms$")
def clean(v):
    if isinstance(v, dict):
        return {k: clean(x) for k, x in v.items() if k not in DROP}
    if isinstance(v, list):
        return [clean(x) for x in v if not (isinstance(x, str) and TIMING.match(x))]
    if isinstance(v, str):
        return INSERTED.sub(r"\1 inserted in N ms, indexed in N ms", v.replace(run, "<RUN>"))
    return v
for f in files:
    try:
        data = json.load(open(f, encoding="utf-8"))
    except ValueError:
        continue
    if "/.stamps/" in f:  # a stamp's file prints hold times; its cache key is what counts
        data = {"settings": data.get("settings"), "toolVersion": data.get("toolVersion"),
                "inputs": [i.get("path") for i in data.get("inputs", [])],
                "outputs": [o.get("path") for o in data.get("outputs", [])]}
    json.dump(clean(data), open(f, "w", encoding="utf-8"), indent=1, sort_keys=True,
              ensure_ascii=False)
PY
}

# Replaces durations and rates in a text file (stderr of commands) and the run folder.
normalise_text() {
  sed -i -E -e "s#$RUN#<RUN>#g" -e 's/[0-9]+\.[0-9]+ s\b/N s/g' -e 's/[0-9.]+ MB\/s/N MB\/s/g' \
    -e 's/[0-9]+ records\/s/N records\/s/g' -e 's/[0-9.]+ ms\b/N ms/g' "$@"
}

# produce BIN OUT: runs everything with the binaries in BIN, collects the outputs in OUT.
produce() {
  local bin=$1 out=$2 hp="$1/healthpipe" bench="$1/healthpipe-bench"
  # The inputs stay the same files (inodes, ctimes) for both builds: the stage stamps
  # record them, and the rerun on the other build's work folder must find them unchanged.
  find "$RUN" -mindepth 1 -maxdepth 1 ! -name repo -exec rm -rf {} +
  find "$RUN/repo" -mindepth 1 -maxdepth 1 ! -name SampleData -exec rm -rf {} +
  rm -rf "$out"
  mkdir -p "$RUN/repo/Pipelines" "$out"
  cp "$SRC_A"/Pipelines/*.pipeline "$RUN/repo/Pipelines/"
  cp -a "$SRC_A/Tests/Corpus/pipeline" "$RUN/corpus"
  # c NAME CMD...: runs a command, keeps its stdout, stderr and exit code as NAME.*.
  c() {
    local name=$1
    shift
    local code=0
    "$@" >"$out/$name.stdout" 2>"$out/$name.stderr" || code=$?
    echo "$code" >"$out/$name.code"
  }
  export SOURCE_DATE_EPOCH=1794812400 HEALTHPIPE_NOW=2026-11-16T07:00:00Z NO_COLOR=1

  # Pipelines: a run, the same run again (cached), plans.
  cd "$RUN/repo"
  for p in nightly backfill-90d weekly-email; do
    c "run-$p" "$hp" run "Pipelines/$p.pipeline" --as-of 2026-11-15 --json --verbose
    c "rerun-$p" "$hp" run "Pipelines/$p.pipeline" --as-of 2026-11-15
    c "plan-$p" "$hp" run "Pipelines/$p.pipeline" --plan
    c "plan-latest-$p" "$hp" run "Pipelines/$p.pipeline" --plan --as-of latest
  done
  if [ -d "$SCRATCH/work-A" ]; then  # REV_B on REV_A's work folders: every stage skips
    rm -rf "$RUN/repo/.healthpipe-B"
    mv "$RUN/repo/.healthpipe" "$RUN/repo/.healthpipe-B"
    cp -a "$SCRATCH/work-A" "$RUN/repo/.healthpipe"
    for p in nightly backfill-90d weekly-email; do
      c "cross-$p" "$hp" run "Pipelines/$p.pipeline" --as-of 2026-11-15
    done
    rm -rf "$RUN/repo/.healthpipe"
    mv "$RUN/repo/.healthpipe-B" "$RUN/repo/.healthpipe"
  else
    cp -a "$RUN/repo/.healthpipe" "$SCRATCH/work-A"
    for p in nightly backfill-90d weekly-email; do
      c "cross-$p" "$hp" run "Pipelines/$p.pipeline" --as-of 2026-11-15
    done
  fi
  c run-latest "$hp" run Pipelines/nightly.pipeline --force --as-of latest --json
  mkdir -p "$out/pipelines"
  cp -a "$RUN/repo/.healthpipe" "$out/pipelines/work"
  cp -a "$RUN/repo/Reports" "$out/pipelines/Reports"
  # Edge cases of each setting: case, blanks, empty entries, every key of every section.
  local extra=$RUN/corpus/extra
  mkdir -p "$extra"
  local head="[pipeline]
inputs = $RUN/repo/SampleData/export.xml
work = $RUN/work-extra"
  local i=0 body
  for body in "as_of = Today" "as_of =  LATEST " "as_of = 2026-02-30" "timezone = Europe/Berlin" \
    "[clean]
priority = a,,b" "[clean]
priority = manual , iPhone,*" "[clean]
priority = iPhone, IPHONE" "[clean]
priority =" "[aggregate]
week_start = Sunday" "[aggregate]
week_start = sun" "[aggregate]
goals = steps, steps" "[aggregate]
goals = steps,, sleep
pinned = hrv, vo2Max" "[aggregate]
pinned = hrv, nope" "[aggregate]
goals = steps
weekly_active_target = 4" "[aggregate]
backfill_days = 6" "[aggregate]
goals = walk, active
weekly_active_target = 3
[goal.walk]
condition = distance >= 5 or steps >= 9000
weekly_target = 3" "[goal.walk]
condition = distance >= 5" "[report]
format = HTML" "[report]
format = markdown
window = 6M" "[report]
window = 1y
out = r/x.html" "[report]
format = email
to = a@b.c
send = yes
sendmail = msmtp -t" "[report]
format = email
to = a@b.c
from = Me <me@x.y>
send = maybe" "[report]
sendmail =  "; do
    i=$((i + 1))
    printf '%s\n%s\n' "$head" "$body" >"$extra/case-$i.pipeline"
    c "extra-$i" "$hp" run "$extra/case-$i.pipeline" --plan
  done
  for f in "$RUN"/corpus/*.pipeline; do
    c "corpus-$(basename "$f")" "$hp" run "$f" --plan
  done

  # The stages one by one.
  mkdir -p "$RUN/stages"
  cd "$RUN/stages"
  mkdir -p w x m p r/md
  local S=../repo/SampleData
  c ingest "$hp" ingest "$S/export.zip" "$S"/HealthAutoExport-*.json "$S"/HealthAutoExport-*Data.csv \
    "$S"/Workouts-*.csv "$S"/ring-*.csv --out w/samples.hpt --timezone America/New_York
  c ingest-xml "$hp" ingest "$S/export.xml" --out x/samples.hpt --rejects x/rej.hpt
  c ingest-machine-zone "$hp" ingest "$S"/HealthAutoExport-*Data.csv --out m/samples.hpt
  c clean "$hp" clean w/samples.hpt --out w/clean.hpt
  c clean-priority "$hp" clean w/samples.hpt --out p/clean.hpt --rejects p/rej.hpt \
    --priority "iPhone, manual, *"
  c clean-xml "$hp" clean x/samples.hpt --out x/clean.hpt --priority "Apple Watch"
  c aggregate "$hp" aggregate w/clean.hpt --out w/agg --as-of 2026-11-15 \
    --pipeline ../repo/Pipelines/backfill-90d.pipeline --rejects w/rejects-ingest.hpt \
    --rejects w/rejects-clean.hpt
  c aggregate-latest "$hp" aggregate w/clean.hpt --out w/agg-latest --as-of latest \
    --pipeline ../repo/Pipelines/nightly.pipeline
  c aggregate-today "$hp" aggregate x/clean.hpt --out x/agg
  c aggregate-yesterday "$hp" aggregate p/clean.hpt --out p/agg --as-of Yesterday
  for w in 7 30 90 6m 1y; do
    c "report-$w" "$hp" report w/agg --out "r/report-$w.html" --window "$w"
  done
  c report-md "$hp" report w/agg --format markdown --out r/md/report.md --as-of 2026-11-15
  c report-email "$hp" report w/agg --format email --out r/weekly.eml --to me@example.com \
    --from "Health <hp@example.com>" --window 7
  c report-latest "$hp" report w/agg-latest --out r/latest.html --as-of latest
  c report-today "$hp" report x/agg --out r/today.html --as-of today
  c report-mismatch "$hp" report w/agg --out r/bad.html --as-of 2026-11-01
  for t in $(find . -name '*.hpt' | sort); do
    local n
    n=$(echo "$t" | tr '/.' '__')
    c "export-csv$n" "$hp" export "$t"
    c "export-ndjson$n" "$hp" export "$t" --format ndjson
    c "export-raw$n" "$hp" export "$t" --raw
    c "inspect$n" "$hp" inspect "$t"
    c "inspect-json$n" "$hp" inspect "$t" --json
  done
  cd "$RUN"
  mkdir -p "$out/stages"
  cp -a "$RUN/stages/." "$out/stages/"

  # Help, version and usage errors.
  mkdir -p "$RUN/e"
  c help "$hp" help
  c no-args "$hp"
  c version "$hp" version
  for cmd in run ingest clean aggregate report export inspect sample help version; do
    c "help-$cmd" "$hp" help "$cmd"
    c "dash-help-$cmd" "$hp" "$cmd" --help
  done
  c err-unknown-command "$hp" frobnicate
  c err-unknown-option "$hp" clean x --out y --prio a
  c err-twice "$hp" clean x --out y --out z
  c err-no-value "$hp" clean x --out
  c err-flag-value "$hp" run x --force=yes
  c err-priority-empty "$hp" clean stages/w/samples.hpt --out e/c.hpt --priority ""
  c err-priority-blank-entry "$hp" clean stages/w/samples.hpt --out e/c.hpt --priority "a,,b"
  c err-priority-twice "$hp" clean stages/w/samples.hpt --out e/c.hpt --priority "a, A"
  c err-as-of "$hp" aggregate stages/w/clean.hpt --out e/agg --as-of 2026-13-01
  c err-as-of-report "$hp" report stages/w/agg --out e/r.html --as-of someday
  c err-window "$hp" report stages/w/agg --out e/r.html --window 14
  c err-format "$hp" report stages/w/agg --out e/r.html --format pdf
  c err-email-no-to "$hp" report stages/w/agg --out e/r.eml --format email
  c err-send-html "$hp" report stages/w/agg --out e/r.html --send
  c err-timezone "$hp" ingest repo/SampleData/export.xml --out e/s.hpt --timezone Mars/Base
  c err-ingest-none "$hp" ingest --out e/s.hpt
  c err-positionals "$hp" clean a b --out c
  c err-export-format "$hp" export stages/w/clean.hpt --format xml
  c err-sample-days "$hp" sample --days 0 --seed 1 --out e/s
  c err-sample-seed "$hp" sample --days 3 --seed -1 --out e/s
  c err-sample-format "$hp" sample --days 3 --seed 1 --out e/s --formats apple-xml,pdf
  c err-sample-density "$hp" sample --days 3 --seed 1 --out e/s --density thick
  c err-sample-end "$hp" sample --days 3 --seed 1 --out e/s --end 2026-02-30
  c err-run-as-of "$hp" run repo/Pipelines/nightly.pipeline --as-of tomorrow --plan
  c err-now "env" HEALTHPIPE_NOW=soon "$hp" aggregate stages/w/clean.hpt --out e/agg2

  # The generator.
  mkdir -p "$RUN/sample"
  cd "$RUN/sample"
  c sample-42 "$hp" sample --days 130 --seed 42 --density sample --out s42 --truth s42/expected/truth.csv
  c sample-7-full "$hp" sample --days 20 --seed 7 --out s7 --truth s7-truth.csv
  c sample-3-hours "$hp" sample --days 9 --seed 3 --out s3 --grouping hours --formats hae-json,hae-csv
  c sample-5-zip "$hp" sample --days 6 --seed 5 --out s5 --formats apple-zip --force-zip64 \
    --macos-metadata --end 2025-03-30 --timezone Europe/Berlin
  c sample-9-quiet "$hp" sample --days 4 --seed 9 --out s9 --formats long-csv,apple-xml --quiet
  cd "$RUN"
  mkdir -p "$out/sample"
  cp -a "$RUN/sample/." "$out/sample/"

  # The bench's generators and the stages on their outputs.
  mkdir -p "$RUN/bench"
  cd "$RUN/bench"
  c bench-fingerprint "$bench" __fingerprint 42 fp-scratch fp.txt
  c bench-apple "$bench" __generate "{\"kind\":\"apple\",\"days\":$DAYS,\"zip\":true,\"seed\":42}" apple FP
  for k in hae-json hae-csv long-csv; do
    c "bench-$k" "$bench" __generate "{\"kind\":\"$k\",\"minBytes\":3145728,\"zip\":false,\"seed\":42}" "$k" FP
  done
  for input in apple/export.xml apple/export.zip hae-json/HealthAutoExport*.json "hae-csv/HealthAutoExport"*.csv long-csv/*.csv; do
    local d
    d=run-$(basename "$(dirname "$input")")-${input##*.}
    mkdir -p "$d"
    c "$d-ingest" "$hp" ingest "$input" --out "$d/samples.hpt" --timezone America/New_York --quiet
    c "$d-clean" "$hp" clean "$d/samples.hpt" --out "$d/clean.hpt" --quiet
    c "$d-aggregate" "$hp" aggregate "$d/clean.hpt" --out "$d/agg" --as-of 2026-11-15 \
      --rejects "$d/rejects-ingest.hpt" --rejects "$d/rejects-clean.hpt" --quiet
    c "$d-report" "$hp" report "$d/agg" --out "$d/report.html" --window 90 --quiet
  done
  cd "$RUN"
  mkdir -p "$out/bench"
  cp -a "$RUN/bench/." "$out/bench/"

  # Normalise what holds times and paths.
  mapfile -t json < <(find "$out" \( -name '*.manifest.json' -o -name 'run-summary.json' \
    -o -name 'inputs.json' -o -path '*/.stamps/*' -o -name 'run-*.stdout' \) -type f)
  [ ${#json[@]} -gt 0 ] && normalise_json "${json[@]}"
  mapfile -t text < <(find "$out" -maxdepth 1 -name '*.stderr' -type f)
  [ ${#text[@]} -gt 0 ] && normalise_text "${text[@]}"
  # Lock files and the ledger's temporary names are not outputs.
  find "$out" \( -name '.lock' -o -name '*.tmp' \) -delete
  cd "$ROOT"
}

OUT_A=$BASE/out-A
OUT_B=$BASE/out-B
rm -rf "$SCRATCH/work-A"
echo "compare: running $1 ($BIN_A)" >&2
produce "$BIN_A" "$OUT_A"
echo "compare: running $2 ($BIN_B)" >&2
produce "$BIN_B" "$OUT_B"

files=$(cd "$OUT_A" && find . -type f | sort)
if ! diff <(echo "$files") <(cd "$OUT_B" && find . -type f | sort) >"$SCRATCH/list.diff"; then
  echo "compare: the two builds wrote different sets of files:" >&2
  cat "$SCRATCH/list.diff" >&2
  status=1
else
  status=0
fi
count=0
while IFS= read -r f; do
  [ -f "$OUT_B/$f" ] || continue
  count=$((count + 1))
  if ! cmp -s "$OUT_A/$f" "$OUT_B/$f"; then
    echo "compare: DIFFERS: $f" >&2
    status=1
  fi
done <<<"$files"
if [ $status = 0 ]; then
  echo "compare: identical: $count files ($1 vs $2)" >&2
else
  echo "compare: outputs differ ($1 vs $2); see $OUT_A and $OUT_B" >&2
fi
[ "${COMPARE_KEEP:-0}" = 1 ] || [ $status != 0 ] || rm -rf "$OUT_A" "$OUT_B"
exit $status
