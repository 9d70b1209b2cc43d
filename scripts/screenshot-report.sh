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
# SEED (above); END (the generated history's last day, `healthpipe sample --end`) and
# AS_OF (the aggregate's as-of date; default its last day with data: a later date makes a
# stale export); FORMATS (`healthpipe sample --formats`); NAME (the file names' prefix,
# default `report`: NAME=report-new-user writes docs/report-new-user-390-light.png ...);
# ONLY=top (just the top of the page, no chart screenshots); EMAIL=1 (also the weekly
# e-mail's HTML part at 390 px, as mail apps show it: docs/NAME-email-390-light.png and,
# darkened as Chromium's automatic dark mode does it, -dark.png).
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
  extra=()
  [ -n "${END:-}" ] && extra+=(--end "$END")
  [ -n "${FORMATS:-}" ] && extra+=(--formats "$FORMATS")
  "$bin" sample --days "$DAYS" --seed "${SEED:-42}" --out "$sample" --quiet "${extra[@]}"
  mkdir -p "$work/w"
  # export.xml holds the same records as export.zip: read the zip and the other formats.
  shopt -s nullglob
  "$bin" ingest "$sample"/export.zip "$sample"/HealthAutoExport-* "$sample"/Workouts-* \
    "$sample"/ring-* --out "$work/w/samples.hpt" --quiet
  shopt -u nullglob
  "$bin" clean "$work/w/samples.hpt" --out "$work/w/clean.hpt" --quiet
  "$bin" aggregate "$work/w/clean.hpt" --out "$work/w/aggregate" --as-of "${AS_OF:-latest}" \
    --quiet
  aggregate="$work/w/aggregate"
elif [ -z "$aggregate" ]; then
  mkdir -p "$work/repo/Pipelines"
  cp Pipelines/nightly.pipeline "$work/repo/Pipelines/"
  ln -s "$root/SampleData" "$work/repo/SampleData"
  (cd "$work/repo" && "$bin" run Pipelines/nightly.pipeline --quiet)
  aggregate="$work/repo/.healthpipe/nightly/aggregate"
fi
"$bin" report "$aggregate" --out "$work/report.html" --window "$window" --quiet
name="${NAME:-report}"

mkdir -p "$out_dir"
# A copy without the sections above the trend charts, for the chart screenshots (a
# headless screenshot always starts at the top of the page).
hide='section[aria-labelledby="hero-title"],section[aria-labelledby="pinned-title"],'
hide+='section[aria-labelledby="week-title"],section[aria-labelledby="long-title"]{display:none}'
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
shoot "$name-390-light" 390 "$h390" report.html
shoot "$name-390-dark" 390 "$h390" report.html "${dark[@]}"
if [ "${ONLY:-}" != top ]; then
  shoot "$name-1280-light" 1280 "$h1280" report.html
  shoot "$name-1280-dark" 1280 "$h1280" report.html "${dark[@]}"
  shoot "$name-390-charts-light" 390 "$h390" charts.html
  shoot "$name-390-charts-dark" 390 "$h390" charts.html "${dark[@]}"
  shoot "$name-1280-charts-light" 1280 "$h1280" charts.html
  shoot "$name-1280-charts-dark" 1280 "$h1280" charts.html "${dark[@]}"
fi
if [ "${EMAIL:-0}" = 1 ]; then
  # The e-mail's HTML part with its images written beside it (as a mail app shows it), at
  # a phone's width without the <style> block (as Gmail and Outlook strip it), light and
  # darkened by Chromium's automatic dark mode (as Gmail's apps darken a light message).
  SOURCE_DATE_EPOCH=1794812400 "$bin" report "$aggregate" --format email --out "$work/week.eml" \
    --to you@example.com --quiet
  python3 - "$work/week.eml" "$work/email.html" <<'PY'
import email, os, re, sys
from email import policy
msg = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=policy.default)
out = os.path.dirname(sys.argv[2]); html = ""; images = {}
for p in msg.walk():
    if p.is_multipart() or p.get_content_disposition() == "attachment": continue
    if p.get_content_type() == "text/html": html = p.get_content()
    if p.get_content_type() == "image/png":
        cid = p["Content-ID"].strip("<>"); name = re.sub(r"[^A-Za-z0-9.-]", "_", cid) + ".png"
        open(os.path.join(out, name), "wb").write(p.get_content()); images[cid] = name
html = re.sub(r'src="cid:([^"]+)"', lambda m: 'src="%s"' % images[m.group(1)], html)
html = re.sub(r"<style[^>]*>.*?</style>", "", html, flags=re.S)
open(sys.argv[2], "w", encoding="utf-8").write(html)
PY
  shoot "$name-email-390-light" 390 "${HEIGHT_EMAIL:-2600}" email.html
  shoot "$name-email-390-dark" 390 "${HEIGHT_EMAIL:-2600}" email.html \
    --blink-settings=forceDarkModeEnabled=true
fi
