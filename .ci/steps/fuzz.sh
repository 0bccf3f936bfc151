#!/usr/bin/env bash
# CI: fuzz every reader briefly with libFuzzer (scripts/fuzz/run.sh, docs/fuzzing.md). Fails when an
# input crashes a reader, hangs it (> 5 s), exhausts memory or draws an untyped error; the input is
# kept under .build/fuzz/crashes/ and printed in base64 in the log. Budget: ~75 s build from scratch
# + 5 s per FathomIO target (8 targets) ≈ 2.5 min on an idle machine (measured here, load 4-7: 4.6 min with
# 10 s per target, 3 min of it building). The importers' targets (roomplan, stray, record3d,
# arkit-logger) need FathomPlan and its dependencies built for fuzzing (~4 min more on 2 cores), so CI
# leaves them out unless FATHOM_FUZZ_TARGETS names them. Needs only the Swift toolchain (its clang
# runtime ships libFuzzer) and zlib (zlib1g-dev, as for the main build).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${FATHOM_FUZZ_SECONDS:-5}"
read -r -a targets <<<"${FATHOM_FUZZ_TARGETS:-ply xyz png netpbm exr json zip streams}"
if ! scripts/fuzz/run.sh "$seconds" "${targets[@]}"; then
    for f in .build/fuzz/crashes/*/*; do
        [ -f "$f" ] || continue
        echo "== failing input $f (base64)"
        head -c 4096 "$f" | base64
    done
    exit 1
fi
