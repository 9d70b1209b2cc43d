#!/usr/bin/env bash
# Screenshots the report's Habits section (docs/report.md, "Habits") in Debian's headless
# chromium at 390 and 1280 px, light and dark: the README's main command on SampleData/ (or
# the given aggregate folder), then the report with every other section hidden.
#
#   scripts/screenshot-habits.sh [AGGREGATE_DIR]
#
# Writes docs/report-{390,1280}-habits-{light,dark}.png (OUT_DIR to choose another folder).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
aggregate="${1:-}"
out_dir="${OUT_DIR:-docs}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

command -v chromium >/dev/null 2>&1 || apt-get install -y -qq chromium >/dev/null
swift build --product healthpipe >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
bin="$(swift build --show-bin-path)/healthpipe"
if [ -z "$aggregate" ]; then
  mkdir -p "$work/repo/Pipelines"
  cp Pipelines/nightly.pipeline "$work/repo/Pipelines/"
  ln -s "$root/SampleData" "$work/repo/SampleData"
  (cd "$work/repo" && "$bin" run Pipelines/nightly.pipeline --quiet)
  aggregate="$work/repo/.healthpipe/nightly/aggregate"
fi
"$bin" report "$aggregate" --out "$work/report.html" --quiet
# The page's header and the Habits section only (a headless screenshot starts at the top).
hide='main>section:not(.habits),main>div,footer{display:none}'
sed "s|</style>|$hide</style>|" "$work/report.html" >"$work/habits.html"
mkdir -p "$out_dir"
shoot() { # name width height extra-flags...
  local name="$1" width="$2" height="$3"
  shift 3
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile-$name" --window-size="$width,$height" \
    --screenshot="$out_dir/$name.png" "$@" "file://$work/habits.html" >/dev/null 2>&1
  echo "wrote $out_dir/$name.png" >&2
}
dark=(--force-dark-mode --blink-settings=preferredColorScheme=0)
shoot report-390-habits-light 390 "${HEIGHT_390:-1500}"
shoot report-390-habits-dark 390 "${HEIGHT_390:-1500}" "${dark[@]}"
shoot report-1280-habits-light 1280 "${HEIGHT_1280:-820}"
shoot report-1280-habits-dark 1280 "${HEIGHT_1280:-820}" "${dark[@]}"
