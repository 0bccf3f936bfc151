#!/usr/bin/env bash
# Builds the fuzz targets and runs each for a bounded time with libFuzzer (see docs/fuzzing.md).
#
# Usage: scripts/fuzz/run.sh [seconds-per-target] [target ...]
#   seconds-per-target  default 20; every target in scripts/fuzz/targets/ unless targets are named
# Environment:
#   FATHOM_FUZZ_TIMEOUT    seconds one input may take before it counts as a hang (default 5)
#   FATHOM_FUZZ_ARTIFACTS  where crashing/hanging inputs are saved (default .build/fuzz/crashes/<target>/)
#
# Seeds are written by Fathom's own writers (each target's seeds(), into .build/fuzz/seeds/<target>/);
# the corpus grown by earlier runs (.build/fuzz/corpus/<target>/) is reused. Exits non-zero when any
# target crashed, hung (libFuzzer -timeout), ran out of memory or threw an untyped error; the input is
# saved and its path printed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
seconds="${1:-20}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in scripts/fuzz/targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi

scripts/fuzz/build.sh "${targets[@]}"

out="$root/.build/fuzz"
# Scratch files on tmpfs when there is one: the zip and stream targets write one file per input.
shm=/dev/shm; [ -d "$shm" ] && [ -w "$shm" ] || shm="${TMPDIR:-/tmp}"
scratch="$(mktemp -d "$shm/fathom-fuzz-XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
# Swift's own crash backtracer would hold the process after libFuzzer's report; let ASan/libFuzzer report.
export SWIFT_BACKTRACE=enable=no
# Leaks count as failures (a long-running server reads these files); -malloc_limit_mb catches huge
# allocations before they happen.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export FATHOM_FUZZ_SCRATCH="$scratch"
export TMPDIR="$scratch"

failed=()
printf '%-10s %12s %10s %8s  %s\n' target inputs inputs/s corpus result
for t in "${targets[@]}"; do
    exe="$out/bin/fuzz-$t"
    seeds="$out/seeds/$t"
    corpus="$out/corpus/$t"
    artifacts="${FATHOM_FUZZ_ARTIFACTS:-$out/crashes}/$t"
    log="$out/logs/$t.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    rm -rf "$seeds"
    # Seeds are written with ZIPFoundation (zips), which leaks a little on Linux: no leak check there.
    FATHOM_FUZZ_WRITE_SEEDS="$seeds" ASAN_OPTIONS=detect_leaks=0 "$exe" >/dev/null 2>&1 || { echo "$t: cannot write seeds" >&2; exit 1; }
    rc=0
    timeout --kill-after=10 $((seconds + 60)) "$exe" "$corpus" "$seeds" \
        -max_total_time="$seconds" -timeout="${FATHOM_FUZZ_TIMEOUT:-5}" -rss_limit_mb=2048 \
        -malloc_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 || rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    size=$(find "$corpus" -type f | wc -l)
    if [ "$rc" -eq 0 ]; then
        result=ok
    else
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        result="FAILED (exit $rc) ${artifact:-see $log}"
        failed+=("$t")
    fi
    printf '%-10s %12s %10s %8s  %s\n' "$t" "${runs:-?}" "${speed:-?}" "$size" "$result"
    if [ "$rc" -ne 0 ]; then
        grep -E "ERROR: (AddressSanitizer|libFuzzer)|FATHOM FUZZ FAILURE|Fatal error|SUMMARY" "$log" | head -5 >&2 || true
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]} (logs in $out/logs/)" >&2
    exit 1
fi
