#!/usr/bin/env bash
# Renders the HTML report and screenshots it in Debian's headless chromium, light and dark.
#
#   scripts/screenshot-report.sh [AGGREGATE_DIR]
#
# Without AGGREGATE_DIR it uses the hand-built demo folder of the report tests
# (Tests/ReportTests/Support/ReportFixture.swift). Writes docs/report-light.png,
# docs/report-dark.png and docs/report-full-light.png (the whole page).
# Environment: WINDOW (7, 30 or 90; default 30), OUT_DIR (default docs), WIDTH (default 1100).
set -euo pipefail
cd "$(dirname "$0")/.."
aggregate="${1:-}"
window="${WINDOW:-30}"
out_dir="${OUT_DIR:-docs}"
width="${WIDTH:-1100}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! command -v chromium >/dev/null 2>&1; then
  echo "installing chromium (Debian package)" >&2
  apt-get install -y -qq chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }
fi

if [ -z "$aggregate" ]; then
  aggregate="$work/aggregate"
  mkdir -p "$aggregate"
  REPORT_DEMO_DIR="$aggregate" swift test --filter 'ReportTests.DemoFixtureTests' >"$work/fixture.log" 2>&1 \
    || { cat "$work/fixture.log" >&2; exit 1; }
fi
swift build --product healthpipe >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
bin="$(swift build --show-bin-path)/healthpipe"
"$bin" report "$aggregate" --out "$work/report.html" --window "$window" --quiet

mkdir -p "$out_dir"
shoot() { # name height extra-flags...
  local name="$1" height="$2"
  shift 2
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile-$name" --window-size="$width,$height" \
    --screenshot="$out_dir/$name.png" "$@" "file://$work/report.html" >/dev/null 2>&1
  echo "wrote $out_dir/$name.png" >&2
}
shoot report-light 1800
shoot report-dark 1800 --force-dark-mode --blink-settings=preferredColorScheme=0
shoot report-full-light "${FULL_HEIGHT:-8700}"
