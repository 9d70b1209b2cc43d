#!/usr/bin/env bash
# Records each pipeline stage of a healthpipe binary with `perf record -g` on the bench's
# generated inputs and renders one flame graph per stage (scripts/flamegraph.py):
# OUTDIR/STAGE-LABEL.svg. The graphs in docs/flamegraphs/ and docs/performance.md
# ("Flame graphs") come from it. Everything but the SVGs goes to a temporary folder.
#
#   scripts/flamegraphs.sh [options] BINARY OUTDIR
#
#   --work DIR     the bench's work folder (default .build/bench-work, as
#                  `swift run -c release healthpipe-bench --keep` leaves it)
#   --stages LIST  some of ingest,clean,aggregate,run (default: all four)
#   --label NAME   the files' suffix: ingest-NAME.svg (default: after)
#   --rev TEXT     the revision named in the subtitles (default: the short commit of the
#                  git checkout that holds BINARY, when there is one)
#   --freq HZ      perf record -F (default 2000)
#   --repeat N     runs recorded per stage and drawn as one graph (default 3)
#   --folded DIR   also keep the folded stacks, DIR/STAGE-LABEL.folded (for counting)
#   --input KEY    the bench's input folder for ingest and clean (default apple-200mb-zip-s42;
#                  e.g. apple-200mb-bytime-allday-motion-sleepapp-s42, the iPhone + Watch shape)
#   --five-year KEY  the bench's five-year run for aggregate and run (default apple-1826d-s42;
#                  e.g. apple-1826d-bytime-allday-motion-sleepapp-s42)
#
# The stages, as in docs/performance.md "How to reproduce" (WORK is --work):
#   ingest     healthpipe ingest WORK/inputs/INPUT/export.xml (dense, 200 MB by default)
#   clean      healthpipe clean WORK/runs/INPUT/samples.hpt
#   aggregate  healthpipe aggregate WORK/runs/FIVE_YEAR/clean.hpt --as-of 2026-11-15
#   run        healthpipe run WORK/runs/FIVE_YEAR/nightly.pipeline --force (a copy
#              whose work folder and report are in the temporary folder)
#
# e.g.  scripts/flamegraphs.sh --label before --rev f52a317 /tmp/old/.build/release/healthpipe docs/flamegraphs
#       scripts/flamegraphs.sh --stages clean .build/release/healthpipe docs/flamegraphs
set -euo pipefail

usage() { sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }

work=.build/bench-work
stages=ingest,clean,aggregate,run
label=after
rev=
freq=2000
repeat=3
folded=
input=apple-200mb-zip-s42
fiveyear=apple-1826d-s42
while [ $# -gt 0 ]; do
  case $1 in
    --work) work=$2; shift 2 ;;
    --stages) stages=$2; shift 2 ;;
    --label) label=$2; shift 2 ;;
    --rev) rev=$2; shift 2 ;;
    --freq) freq=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --folded) folded=$2; shift 2 ;;
    --input) input=$2; shift 2 ;;
    --five-year) fiveyear=$2; shift 2 ;;
    -h | --help) usage ;;
    -*) echo "flamegraphs: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -eq 2 ] || usage
binary=$1
outdir=$2
here=$(cd "$(dirname "$0")" && pwd)

command -v perf >/dev/null || { echo "flamegraphs: no perf: apt-get install linux-perf" >&2; exit 69; }
[ -x "$binary" ] || { echo "flamegraphs: $binary is not an executable" >&2; exit 66; }
case $repeat in '' | *[!0-9]* | 0) echo "flamegraphs: --repeat takes a positive number" >&2; exit 64 ;; esac
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
work=$(cd "$work" 2>/dev/null && pwd) || {
  echo "flamegraphs: no bench work folder $work: run 'swift run -c release healthpipe-bench --only ingest,clean,aggregate,pipeline --keep' first" >&2
  exit 66
}
if [ -z "$rev" ]; then
  rev=$(git -C "$(dirname "$binary")" rev-parse --short HEAD 2>/dev/null || true)
fi
mkdir -p "$outdir" ${folded:+"$folded"}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The arguments of one stage; `WORK/` and `TMP/` in them name the two folders (the title
# shows them so, the command gets the real paths).
stage_args() {
  case $1 in
    ingest) echo "ingest WORK/inputs/$input/export.xml --out TMP/samples.hpt --quiet" ;;
    clean) echo "clean WORK/runs/$input/samples.hpt --out TMP/clean.hpt --rejects TMP/rejects.hpt --quiet" ;;
    aggregate) echo "aggregate WORK/runs/$fiveyear/clean.hpt --out TMP/aggregate --as-of 2026-11-15 --quiet" ;;
    run) echo "run TMP/nightly.pipeline --force --quiet" ;;
    *) echo "flamegraphs: unknown stage $1 (ingest, clean, aggregate, run)" >&2; return 64 ;;
  esac
}

# The bench's five-year pipeline, with its work folder, report and database moved into the
# scratch folder so that recording never touches the bench's own outputs.
copy_pipeline() {
  local src=$work/runs/$fiveyear/nightly.pipeline
  [ -f "$src" ] || { echo "flamegraphs: no $src (the bench's pipeline section makes it)" >&2; return 66; }
  if grep -Eq '^[[:space:]]*inputs[[:space:]]*=[[:space:]]*[^/~[:space:]]' "$src"; then
    echo "flamegraphs: $src has relative inputs; it must be the bench's (absolute paths)" >&2
    return 65
  fi
  awk -v d="$scratch" '
    /^[[:space:]]*work[[:space:]]*=/ { print "work = " d "/pipeline-work"; next }
    /^[[:space:]]*out[[:space:]]*=/ { print "out = " d "/report.html"; next }
    /^[[:space:]]*sqlite[[:space:]]*=/ { print "sqlite = " d "/health.sqlite"; next }
    { print }' "$src" >"$scratch/nightly.pipeline"
}

IFS=, read -r -a wanted <<<"$stages"
for stage in "${wanted[@]}"; do
  shown=$(stage_args "$stage")
  [ "$stage" = run ] && copy_pipeline
  read -r -a args <<<"${shown//WORK/$work}"
  for i in "${!args[@]}"; do args[$i]=${args[$i]//TMP/$scratch}; done
  for a in "${args[@]}"; do
    case $a in "$work"/*) [ -e "$a" ] || { echo "flamegraphs: no $a (run the bench with --keep first)" >&2; exit 66; } ;; esac
  done
  : >"$scratch/$stage.txt"
  for n in $(seq "$repeat"); do
    perf record -q -F "$freq" -g -o "$scratch/$stage-$n.data" -- "$binary" "${args[@]}" >/dev/null
    perf script -i "$scratch/$stage-$n.data" >>"$scratch/$stage.txt" 2>/dev/null
  done
  svg=$outdir/$stage-$label.svg
  python3 "$here/flamegraph.py" "$scratch/$stage.txt" -o "$svg" \
    ${folded:+--folded "$folded/$stage-$label.folded"} \
    --title "$stage: healthpipe $shown" \
    --subtitle "$label${rev:+ ($rev)}, $repeat runs at $freq Hz; WORK = the bench's work folder"
  echo "$svg: $(wc -c <"$svg") bytes"
done
