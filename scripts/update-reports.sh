#!/usr/bin/env bash
# Regenerates the example reports in Reports/sample/ from SampleData/ by the default run
# (Pipelines/nightly.pipeline) at a fixed as-of date, so the committed files are
# reproducible byte for byte. A test (Tests/EndToEndTests/ReportsUpToDateTests.swift) runs
# this script into a temporary folder and fails when Reports/sample/ differs.
#
#   scripts/update-reports.sh            # rebuilds and rewrites Reports/sample/
#   HEALTHPIPE_BIN=path OUT_DIR=dir scripts/update-reports.sh   # what the test does
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
as_of="2026-11-15"   # the last day of SampleData/
out_dir="${OUT_DIR:-$root/Reports/sample}"
bin="${HEALTHPIPE_BIN:-}"
if [ -z "$bin" ]; then
  swift build --product healthpipe >/dev/null
  bin="$(swift build --show-bin-path)/healthpipe"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The default run, in a copy laid out like the repository so the pipeline's relative paths
# hold: Pipelines/nightly.pipeline reads ../SampleData and writes ../Reports/latest.
mkdir -p "$work/Pipelines"
cp Pipelines/nightly.pipeline "$work/Pipelines/"
ln -s "$root/SampleData" "$work/SampleData"
(cd "$work" && "$bin" run Pipelines/nightly.pipeline --as-of "$as_of" --quiet)

agg="$work/.healthpipe/nightly/aggregate"
mkdir -p "$out_dir/markdown"
# Charts come and go with the data: start the Markdown folder's SVGs afresh.
find "$out_dir/markdown" -name '*.svg' -delete
cp "$work/Reports/latest/nightly.html" "$out_dir/nightly.html"
"$bin" report "$agg" --format markdown --out "$out_dir/markdown/nightly.md" --as-of "$as_of" \
  --window 30 --quiet
# The 12-month view (monthly means).
"$bin" report "$agg" --out "$out_dir/year.html" --as-of "$as_of" --window 1y --quiet
# The e-mail's Date is the time it is made; a fixed clock (Mon 16 Nov 2026 07:00 UTC, the
# morning after the as-of day) keeps the example reproducible. Its attachment is the 30-day
# report, so it equals nightly.html byte for byte.
SOURCE_DATE_EPOCH=1794812400 "$bin" report "$agg" --format email --out "$out_dir/weekly.eml" \
  --as-of "$as_of" --window 30 --to you@example.com --from healthpipe@localhost --quiet
# Manifests hold timings; they are not part of the examples.
find "$out_dir" -name '*.manifest.json' -delete
echo "wrote $out_dir" >&2
