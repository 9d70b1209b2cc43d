#!/usr/bin/env bash
# Times two (or more) healthpipe binaries on the same command, interleaved (a, b, a, b, ...)
# so a change of load on the shared machine touches all alike, and prints each binary's best
# wall time, best CPU time (user + system, all threads) and largest peak RSS. For the
# before/after figures in docs/performance.md; the bench (healthpipe-bench) is the reference.
#
#   scripts/speed-ab.sh N BIN_A BIN_B [BIN...] -- ARGS...
#
# ARGS are healthpipe's arguments; `OUT` in them is replaced by a scratch folder per binary,
# e.g.  scripts/speed-ab.sh 5 /tmp/hp-old .build/release/healthpipe -- \
#         ingest .build/bench-work/inputs/apple-200mb-zip-s42/export.xml --out OUT/s.hpt --quiet
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,11p' "$0" >&2; exit 64; }
n=$1
shift
bins=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  bins+=("$1")
  shift
done
[ "${1:-}" = -- ] || { echo "speed-ab: missing -- before the arguments" >&2; exit 64; }
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for i in "${!bins[@]}"; do mkdir -p "$scratch/out-$i"; : >"$scratch/times-$i"; done
for _ in $(seq "$n"); do
  for i in "${!bins[@]}"; do
    args=()
    for a in "$@"; do args+=("${a//OUT/$scratch/out-$i}"); done
    /usr/bin/time -f "%e %U %S %M" -a -o "$scratch/times-$i" "${bins[$i]}" "${args[@]}" >/dev/null
  done
done
for i in "${!bins[@]}"; do
  awk -v b="${bins[$i]}" -v n="$n" '{ w = $1; c = $2 + $3
      if (NR == 1 || w < bw) bw = w; if (NR == 1 || c < bc) bc = c; if ($4 > m) m = $4 }
    END { printf "%s: best of %d: wall %.2f s, CPU %.2f s, peak RSS %.1f MB\n", b, n, bw, bc, m / 1024 }' \
    "$scratch/times-$i"
done
