#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for a bounded time.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS per target (default 60). TARGETs (default all): apple-xml zip hae-json hae-csv
# long-csv vendor-csv fit vendor-text habit-journal loop-zip table table-stages pipeline. `table` and `table-stages` recompute every CRC-32
# of the fuzzed table, so the decoders (and, for table-stages, clean, aggregate and the
# reports) see values behind valid checksums. Environment: FUZZ_JOBS (parallel targets, default 1; the
# machine has 2 shared cores), FUZZ_BUILD (build folder, default .build/fuzz).
#
# The module sources are compiled straight with swiftc -sanitize=fuzzer,address (SwiftPM
# has no libFuzzer mode), one static library per module, rebuilt only when a source is
# newer. Seeds are cut from SampleData/, ../shared/data/real (read in place) and
# Tests/Corpus/ at run time into FUZZ_BUILD/seeds; the growing working corpus lives in
# FUZZ_BUILD/corpus (never committed). A crash, hang (>10 s), leak-free OOM (>2 GB) or a
# broken oracle (see Fuzz/Support) stops the target; its input is saved under
# FUZZ_BUILD/artifacts/<target>/ and the script exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_EACH=${1:-60}
shift || true
ALL=(apple-xml zip hae-json hae-csv long-csv vendor-csv fit vendor-text habit-journal loop-zip table table-stages pipeline)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL[@]}")
BUILD=${FUZZ_BUILD:-$ROOT/.build/fuzz}
JOBS=${FUZZ_JOBS:-1}
mkdir -p "$BUILD"

# -package-name: SwiftPM's name for this package, so `package` declarations (HealthSystem's
# platform shim) are visible across the modules as in `swift build`.
FLAGS=(-O -g -sanitize=fuzzer,address -use-ld=lld -swift-version 6 -package-name healthpipe
  -I "$BUILD" -I "$ROOT/Sources/CZlib" -I "$ROOT/Sources/CSQLite")

# build_module NAME SOURCE_FOLDER [DEPENDENCY...]: one static library per module, rebuilt when
# one of its sources or a dependency's library is newer.
build_module() {
  local name=$1 dir=$2
  shift 2
  local lib="$BUILD/lib$name.a" stale=0 dep
  if [ ! -f "$lib" ] || [ -n "$(find "$dir" -name '*.swift' -newer "$lib" | head -1)" ]; then
    stale=1
  fi
  for dep in "$@"; do [ "$BUILD/lib$dep.a" -nt "$lib" ] && stale=1; done
  [ $stale = 0 ] && return
  echo "fuzz: compiling module $name" >&2
  # shellcheck disable=SC2046
  swiftc -module-name "$name" -parse-as-library -wmo "${FLAGS[@]}" \
    -emit-module -emit-module-path "$BUILD/$name.swiftmodule" \
    -emit-library -static -o "$lib.tmp" $(find "$dir" -name '*.swift' | sort)
  mv "$lib.tmp" "$lib"
}

target_file() {
  case $1 in
    apple-xml) echo AppleXMLFuzz ;;
    zip) echo ZipFuzz ;;
    hae-json) echo AutoExportJSONFuzz ;;
    hae-csv) echo AutoExportCSVFuzz ;;
    long-csv) echo LongCSVFuzz ;;
    vendor-csv) echo VendorCSVFuzz ;;
    fit) echo FITFuzz ;;
    vendor-text) echo VendorTextFuzz ;;
    habit-journal) echo HabitJournalFuzz ;;
    loop-zip) echo LoopZipFuzz ;;
    table) echo TableFileFuzz ;;
    table-stages) echo TableStagesFuzz ;;
    pipeline) echo PipelineFileFuzz ;;
    *) echo "unknown fuzz target '$1' (targets: ${ALL[*]})" >&2; exit 64 ;;
  esac
}

dictionary() {
  case $1 in
    apple-xml | zip) echo "$ROOT/Fuzz/Dictionaries/xml.dict" ;;
    hae-json | vendor-text) echo "$ROOT/Fuzz/Dictionaries/json.dict" ;;
    hae-csv | long-csv | vendor-csv | habit-journal | loop-zip) echo "$ROOT/Fuzz/Dictionaries/csv.dict" ;;
    pipeline) echo "$ROOT/Fuzz/Dictionaries/pipeline.dict" ;;
    *) echo "" ;;
  esac
}

build_module HealthModel Sources/HealthModel
build_module HealthSystem Sources/HealthSystem HealthModel
build_module HealthCore Sources/HealthCore HealthModel HealthSystem
build_module Ingest Sources/Ingest HealthModel HealthSystem HealthCore
# Test helpers the table targets use: MemorySink, and the generated cleaned tables of
# table-stages' good aggregate folder.
build_module TestSupport Tests/TestSupport HealthModel HealthSystem HealthCore
need_stages=0
need_pipeline=0
for t in "${TARGETS[@]}"; do
  [ "$t" = pipeline ] && need_pipeline=1 && need_stages=1
  [ "$t" = table-stages ] && need_stages=1
done
if [ $need_stages = 1 ]; then
  build_module Exports Sources/Exports HealthModel HealthSystem HealthCore
  build_module Clean Sources/Clean HealthModel HealthSystem HealthCore
  build_module Aggregate Sources/Aggregate HealthModel HealthSystem HealthCore Exports
  build_module Report Sources/Report HealthModel HealthSystem HealthCore
fi
if [ $need_pipeline = 1 ]; then
  build_module Interop Sources/Interop HealthModel HealthSystem HealthCore Exports
  build_module Pipeline Sources/Pipeline HealthModel HealthSystem HealthCore Ingest Clean Aggregate Report Interop
fi

for t in "${TARGETS[@]}"; do
  file=$(target_file "$t")
  exe="$BUILD/fuzz-$t"
  libs=(-lHealthCore -lHealthSystem -lHealthModel)
  extra=()
  case $t in
    table)
      libs=(-lTestSupport -lHealthCore -lHealthSystem -lHealthModel)
      extra=("$ROOT/Fuzz/Support/TableCRCFixer.swift")
      ;;
    table-stages)
      libs=(-lReport -lAggregate -lExports -lClean -lTestSupport -lHealthCore -lHealthSystem -lHealthModel)
      extra=("$ROOT/Fuzz/Support/TableCRCFixer.swift")
      ;;
    pipeline) libs=(-lPipeline -lInterop -lReport -lAggregate -lExports -lClean -lIngest -lHealthCore -lHealthSystem -lHealthModel -lsqlite3) ;;
    *) libs=(-lIngest -lHealthCore -lHealthSystem -lHealthModel); extra=("$ROOT/Fuzz/Support/IngestFuzzSupport.swift") ;;
  esac
  if [ ! -f "$exe" ] || [ -n "$(find "$ROOT/Fuzz" "$BUILD" -maxdepth 3 \( -name '*.swift' -o -name '*.a' \) -newer "$exe" | head -1)" ]; then
    echo "fuzz: linking $t" >&2
    swiftc -parse-as-library "${FLAGS[@]}" -L "$BUILD" "${libs[@]}" -lz \
      "$ROOT/Fuzz/Targets/$file.swift" "$ROOT/Fuzz/Support/FuzzSupport.swift" "${extra[@]}" \
      -o "$exe"
  fi
done

# Table seeds: small tables of every kind written by healthpipe itself (for both table
# targets).
make_table_seeds() {
  local out="$BUILD/seeds/table" bin work
  mkdir -p "$out"
  bin=$(find "$ROOT/.build" -maxdepth 3 -type f -name healthpipe -perm -u+x 2>/dev/null | head -1)
  if [ -z "$bin" ]; then
    swift build --product healthpipe >/dev/null
    bin="$ROOT/.build/debug/healthpipe"
  fi
  work=$(mktemp -d)
  "$bin" sample --days 21 --seed 7 --out "$work/in" >/dev/null 2>&1
  # Samples and rejects from two days of the ring CSV (small), the window tables from all 21.
  head -n 40 "$work/in/"ring-*.csv >"$work/ring-short.csv"
  "$bin" ingest "$work/ring-short.csv" --out "$work/short/samples.hpt" --quiet >/dev/null 2>&1 || true
  "$bin" clean "$work/short/samples.hpt" --out "$work/short/clean.hpt" \
    --rejects "$work/short/rejects.hpt" --quiet >/dev/null 2>&1 || true
  "$bin" ingest "$work/in/ring-"*.csv --out "$work/samples.hpt" --quiet >/dev/null 2>&1 || true
  "$bin" clean "$work/samples.hpt" --out "$work/clean.hpt" --rejects "$work/rejects.hpt" \
    --quiet >/dev/null 2>&1 || true
  "$bin" aggregate "$work/clean.hpt" --out "$work/agg" --quiet >/dev/null 2>&1 || true
  for f in $(find "$work" -name '*.hpt' -size -64k); do
    cp "$f" "$out/$(basename "$(dirname "$f")")-$(basename "$f")"
  done
  rm -rf "$work"
  mkdir -p "$BUILD/seeds/table-stages"
  cp "$out"/* "$BUILD/seeds/table-stages/"
}

rm -rf "$BUILD/seeds"
if command -v python3 >/dev/null 2>&1; then
  python3 "$ROOT/Fuzz/make_seeds.py" "$ROOT" "$BUILD/seeds"
else
  echo "fuzz: no python3: fuzzing from the working corpus and the dictionaries only" >&2
fi
table_seeds=0
for t in "${TARGETS[@]}"; do [ "$t" = table ] || [ "$t" = table-stages ] && table_seeds=1; done
[ $table_seeds = 1 ] && make_table_seeds

run_target() {
  local t=$1 exe="$BUILD/fuzz-$t" dict
  local corpus="$BUILD/corpus/$t" artifacts="$BUILD/artifacts/$t/"
  mkdir -p "$corpus" "$artifacts" "$BUILD/seeds/$t"
  dict=$(dictionary "$t")
  local args=(-max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=65536
    -artifact_prefix="$artifacts" -print_final_stats=1)
  [ -n "$dict" ] && args+=(-dict="$dict")
  echo "fuzz: running $t for ${SECONDS_EACH}s" >&2
  local status=0
  ASAN_OPTIONS=detect_leaks=0 "$exe" "${args[@]}" "$corpus" "$BUILD/seeds/$t" \
    >"$BUILD/$t.log" 2>&1 || status=$?
  local runs
  runs=$(grep -E 'stat::number_of_executed_units' "$BUILD/$t.log" | awk '{print $2}')
  # One line per run, kept across runs: the fuzzing hours in docs/reliability.md add these up.
  printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$t" "$SECONDS_EACH" \
    "${runs:-0}" "$([ $status = 0 ] && echo ok || echo finding)" >>"$BUILD/history.tsv"
  if [ $status = 0 ]; then
    echo "fuzz: $t ok (${runs:-0} runs)" >&2
    return 0
  fi
  echo "fuzz: $t FOUND A PROBLEM; log: $BUILD/$t.log, input: $(ls -t "$artifacts" | head -1)" >&2
  grep -E 'FUZZ FINDING|ERROR: AddressSanitizer|ERROR: libFuzzer|Fatal error|deadly signal' \
    "$BUILD/$t.log" | head -5 >&2
  return 1
}

status=0
running=0
pids=()
for t in "${TARGETS[@]}"; do
  run_target "$t" &
  pids+=($!)
  running=$((running + 1))
  if [ $running -ge "$JOBS" ]; then
    for p in "${pids[@]}"; do wait "$p" || status=1; done
    pids=()
    running=0
  fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
