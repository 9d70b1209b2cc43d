#!/usr/bin/env bash
# Screenshots Datasette serving the sample data's SQLite database (the README's Datasette
# one-liner) in Debian's headless chromium: docs/datasette-daily-wide.png.
#
#   scripts/screenshot-datasette.sh
#
# Runs the README's main command (Pipelines/nightly.pipeline on SampleData/, whose [export]
# step writes Reports/latest/health.sqlite) in a temporary copy, serves that database with
# `datasette health.sqlite -m health.metadata.json` on a free loopback port, and shoots the
# daily_wide view. Needs datasette (pip install datasette==0.65.5) and chromium.
# Environment: OUT_DIR (default docs), WIDTH (1280), HEIGHT (900), PAGE (the path to shoot).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
out_dir="${OUT_DIR:-docs}"
work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

python3 -c "import datasette" 2>/dev/null || { echo "needs datasette: pip install datasette==0.65.5" >&2; exit 1; }
command -v chromium >/dev/null 2>&1 || { echo "needs chromium (apt-get install chromium)" >&2; exit 1; }

swift build --product healthpipe >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
bin="$(swift build --show-bin-path)/healthpipe"
mkdir -p "$work/repo/Pipelines"
cp Pipelines/nightly.pipeline "$work/repo/Pipelines/"
ln -s "$root/SampleData" "$work/repo/SampleData"
(cd "$work/repo" && "$bin" run Pipelines/nightly.pipeline --as-of 2026-11-15 --quiet)
db="$work/repo/Reports/latest/health.sqlite"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m datasette serve "$db" -m "$work/repo/Reports/latest/health.metadata.json" \
  -h 127.0.0.1 -p "$port" >"$work/datasette.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/-/versions.json')" 2>/dev/null; then break; fi
  sleep 0.2
done
page="${PAGE:-/health/daily_wide}"
mkdir -p "$out_dir"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$work/profile" --window-size="${WIDTH:-1280},${HEIGHT:-900}" \
  --screenshot="$out_dir/datasette-daily-wide.png" "http://127.0.0.1:$port$page" >/dev/null 2>&1
echo "wrote $out_dir/datasette-daily-wide.png" >&2
