#!/usr/bin/env bash
# Renders the sample report and screenshots it in Debian's headless chromium at a phone
# width (390 px) and a desktop width (1280 px), light and dark.
#
#   scripts/screenshot-report.sh [AGGREGATE_DIR]
#
# Without AGGREGATE_DIR it runs the README's main command (Pipelines/nightly.pipeline on
# SampleData/, as of the last day with data) in a temporary copy and uses its aggregate
# folder; with DAYS=N it makes a longer (or shorter) history instead: `healthpipe sample
# --days N --seed SEED` (default 42), then ingest, clean and aggregate as of its last day.
# Writes docs/report-{390,1280}-{light,dark}.png (the top of the page) and
# docs/report-{390,1280}-charts-{light,dark}.png (from the trend charts down), HEIGHT_390 /
# HEIGHT_1280 px tall (the whole page with FULL=1).
# Environment: WINDOW (7, 30, 90, 6m or 1y; default 30), OUT_DIR (default docs), DAYS and
# SEED (above).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
aggregate="${1:-}"
window="${WINDOW:-30}"
out_dir="${OUT_DIR:-docs}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! command -v chromium >/dev/null 2>&1; then
  echo "installing chromium (Debian package)" >&2
  apt-get install -y -qq chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }
fi

swift build --product healthpipe >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
bin="$(swift build --show-bin-path)/healthpipe"
if [ -z "$aggregate" ] && [ -n "${DAYS:-}" ]; then
  sample="$work/sample"
  "$bin" sample --days "$DAYS" --seed "${SEED:-42}" --out "$sample" --quiet
  mkdir -p "$work/w"
  # export.xml holds the same records as export.zip: read the zip and the other formats.
  "$bin" ingest "$sample"/export.zip "$sample"/HealthAutoExport-* "$sample"/Workouts-* \
    "$sample"/ring-* --out "$work/w/samples.hpt" --quiet
  "$bin" clean "$work/w/samples.hpt" --out "$work/w/clean.hpt" --quiet
  "$bin" aggregate "$work/w/clean.hpt" --out "$work/w/aggregate" --as-of latest --quiet
  aggregate="$work/w/aggregate"
elif [ -z "$aggregate" ]; then
  mkdir -p "$work/repo/Pipelines"
  cp Pipelines/nightly.pipeline "$work/repo/Pipelines/"
  ln -s "$root/SampleData" "$work/repo/SampleData"
  (cd "$work/repo" && "$bin" run Pipelines/nightly.pipeline --quiet)
  aggregate="$work/repo/.healthpipe/nightly/aggregate"
fi
"$bin" report "$aggregate" --out "$work/report.html" --window "$window" --quiet

mkdir -p "$out_dir"
# A copy without the sections above the trend charts, for the chart screenshots (a
# headless screenshot always starts at the top of the page).
hide='section[aria-labelledby="hero-title"],section[aria-labelledby="pinned-title"],'
hide+='section[aria-labelledby="week-title"],section[aria-labelledby="long-title"],'
hide+='section.habits{display:none}'
sed "s|</style>|$hide</style>|" "$work/report.html" >"$work/charts.html"
shoot() { # name width height page extra-flags...
  local name="$1" width="$2" height="$3" page="$4"
  shift 4
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile-$name" --window-size="$width,$height" \
    --screenshot="$out_dir/$name.png" "$@" "file://$work/$page" >/dev/null 2>&1
  echo "wrote $out_dir/$name.png" >&2
}
h390="${HEIGHT_390:-2000}"
h1280="${HEIGHT_1280:-1500}"
if [ "${FULL:-0}" = 1 ]; then
  h390=16000
  h1280=9000
fi
dark=(--force-dark-mode --blink-settings=preferredColorScheme=0)
shoot report-390-light 390 "$h390" report.html
shoot report-390-dark 390 "$h390" report.html "${dark[@]}"
shoot report-1280-light 1280 "$h1280" report.html
shoot report-1280-dark 1280 "$h1280" report.html "${dark[@]}"
shoot report-390-charts-light 390 "$h390" charts.html
shoot report-390-charts-dark 390 "$h390" charts.html "${dark[@]}"
shoot report-1280-charts-light 1280 "$h1280" charts.html
shoot report-1280-charts-dark 1280 "$h1280" charts.html "${dark[@]}"
