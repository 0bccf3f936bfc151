#!/usr/bin/env bash
# Opens a demo report from its file URL in headless Chromium and checks that the 3D view drew the
# fused cloud and that the page logged nothing to the console.
# Usage: .ci/steps/report-browser.sh DEMO_OUTPUT_DIR
set -euo pipefail
report="$1/report.html"
test -s "$report" || { echo "no report at $report"; exit 1; }
if ! command -v chromium >/dev/null 2>&1; then echo "chromium absent: report check skipped"; exit 0; fi
profile=$(mktemp -d)
dom=$(timeout 120 chromium --headless --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 --virtual-time-budget=8000 \
    --dump-dom "file://$(cd "$(dirname "$report")" && pwd)/report.html" 2>"$profile/stderr")
canvas=$(grep -o '<canvas id="fused-cloud"[^>]*>' <<<"$dom" || true)
echo "report canvas: $canvas"
grep -q 'data-status="drawn"' <<<"$canvas" || { echo "the 3D view did not draw"; exit 1; }
pixels=$(sed -n 's/.*data-drawn-pixels="\([0-9]*\)".*/\1/p' <<<"$canvas")
[ "${pixels:-0}" -gt 5000 ] || { echo "the 3D view drew only ${pixels:-0} pixels"; exit 1; }
if grep -E ':CONSOLE|Uncaught' "$profile/stderr"; then echo "the report logged to the console"; exit 1; fi
rm -rf "$profile"
echo "report 3D view: drawn, $pixels pixels, no console messages"
