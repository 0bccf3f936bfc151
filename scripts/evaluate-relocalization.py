#!/usr/bin/env python3
"""Runs `fathom register` on every case of a relocalization case folder and reports success, trust and time.

A case folder holds `cases.json` (a list `cases` of {id, kind, source, target, targetFromSource}, the
transform as 16 numbers, column-major, `null` for wrong-room pairs) and the PLY clouds it names; the
validation set in shared/data/validation/relocalization/ has this layout, and so has what
`fathom-bench --export-relocalization DIR` writes.

Success for a same-room case: translation error at the source origin <= 3 cm, rotation error <= 1 degree,
and trusted. A wrong-room case must not be trusted. Times are the command's own `cpuMilliseconds`
(the registering thread's CPU time, file reading excluded: robust on a shared machine); build fathom in release for meaningful times.

Usage: scripts/evaluate-relocalization.py CASES_DIR [--fathom PATH] [--baseline PATH] [--voxel M] [--general] [--json OUT]
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys


def rotation_angle_degrees(a, b):
    """Angle of R_a^T R_b, degrees (matrices column-major, 16 numbers)."""
    ra = [[a[c * 4 + r] for c in range(3)] for r in range(3)]
    rb = [[b[c * 4 + r] for c in range(3)] for r in range(3)]
    trace = sum(ra[k][i] * rb[k][i] for i in range(3) for k in range(3))
    return math.degrees(math.acos(max(-1.0, min(1.0, (trace - 1) / 2))))


def errors(found, truth):
    """Translation error at the source origin (metres) and rotation error (degrees)."""
    t = math.dist(found[12:15], truth[12:15])
    return t, rotation_angle_degrees(found, truth)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases")
    parser.add_argument("--fathom", default=".build/release/fathom")
    parser.add_argument("--voxel", type=float)
    parser.add_argument("--general", action="store_true", help="6-DoF search instead of gravity-aligned")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", help="write every case's row here")
    parser.add_argument("--limit", type=int, help="only the first N cases of each kind")
    parser.add_argument("--baseline", help="another fathom binary run on every case too, alternating with --fathom "
                        "(the code before a change, timed in the same session); verdict changes are flagged")
    parser.add_argument("--group", help="only cases of this group (sparse, general, dense) in exported folders")
    args = parser.parse_args()

    with open(os.path.join(args.cases, "cases.json")) as f:
        cases = json.load(f)["cases"]
    if args.group:
        cases = [c for c in cases if c.get("group") == args.group]
    if args.limit:
        cases = [c for c in cases if c["kind"] == "same-room"][: args.limit] + [
            c for c in cases if c["kind"] != "same-room"][: args.limit]
    rows = []
    baseline_rows = []
    for number, case in enumerate(cases):
        if args.baseline:
            # Alternate which binary runs first, so that load drifts hit both alike.
            if number % 2 == 0:
                baseline_rows.append(run(args.baseline, case, args))
                rows.append(run(args.fathom, case, args))
            else:
                rows.append(run(args.fathom, case, args))
                baseline_rows.append(run(args.baseline, case, args))
        else:
            rows.append(run(args.fathom, case, args))
        row = rows[-1]
        mark = ("ok" if row.get("correct") else "WRONG") if "correct" in row else "-"
        line = (f"{case['id']:>22} {case['kind']:>10} {mark:>5} trusted={row['trusted']!s:5} "
                f"{row.get('metres', float('nan')):7.3f} m {row.get('degrees', float('nan')):6.2f} deg "
                f"{row['ms']:7.1f} ms  {row['reason'] or ''}")
        if args.baseline:
            b = baseline_rows[-1]
            same_verdict = b["trusted"] == row["trusted"] and b.get("correct") == row.get("correct")
            line += f"  | baseline {b['ms']:7.1f} ms{'' if same_verdict else '  VERDICT CHANGED: trusted=' + str(b['trusted']) + ' correct=' + str(b.get('correct'))}"
        print(line, flush=True)
    print()
    summarize(rows, "fathom" if args.baseline else None)
    if args.baseline:
        summarize(baseline_rows, "baseline")
        ratios = sorted(r["ms"] / b["ms"] for r, b in zip(rows, baseline_rows) if b["ms"] > 0)
        changed = sum(r["trusted"] != b["trusted"] or r.get("correct") != b.get("correct")
                      for r, b in zip(rows, baseline_rows))
        print(f"\nmedian ms fathom / baseline: {statistics.median(r['ms'] for r in rows) / statistics.median(b['ms'] for b in baseline_rows):.3f}; "
              f"median of per-case ratios {statistics.median(ratios):.3f}; verdicts changed: {changed}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


def run(fathom, case, args):
    """One case through `fathom register`: the row of figures."""
    command = [fathom, "register", os.path.join(args.cases, case["source"]),
               os.path.join(args.cases, case["target"]), "--json", "--seed", str(args.seed)]
    if not args.general and case.get("mode", "gravityAligned") == "gravityAligned":
        command.append("--gravity-aligned")
    if args.voxel:
        command += ["--voxel", str(args.voxel)]
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode != 0:
        print(f"{case['id']}: fathom failed: {out.stderr.strip()}", file=sys.stderr)
        sys.exit(1)
    report = json.loads(out.stdout)
    row = {"id": case["id"], "kind": case["kind"], "trusted": report["trusted"],
           "reason": report.get("reason"), "wallMs": report["elapsedMilliseconds"],
           "ms": report.get("cpuMilliseconds", report["elapsedMilliseconds"]),
           "fitness": report["fitness"], "rmse": report["rmse"], "overlap": report["overlap"],
           "runnerUp": report.get("runnerUpRatio"), "constraint": report.get("constraint"),
           "voxel": report.get("voxel"), "inliers": report["inliers"], "sourcePoints": report["sourcePoints"]}
    if case["targetFromSource"] is not None:
        t, r = errors(report["targetFromSource"], case["targetFromSource"])
        row.update(metres=t, degrees=r, correct=t <= 0.03 and r <= 1.0)
    return row


def summarize(rows, label):
    """Prints the summary table row of `rows`."""
    same = [r for r in rows if r["kind"] == "same-room"]
    wrong = [r for r in rows if r["kind"] != "same-room"]
    correct = sum(r["correct"] for r in same)
    success = sum(r["correct"] and r["trusted"] for r in same)
    trusted_wrong_answer = sum(r["trusted"] and not r["correct"] for r in same)
    false_accepts = sum(r["trusted"] for r in wrong)
    times = [r["ms"] for r in rows]
    print("| cases | correct (<= 3 cm, <= 1 deg) | correct and trusted | trusted but wrong | wrong rooms trusted "
          "| median ms (CPU) | p90 ms |")
    print("|---|---|---|---|---|---|---|")
    p90 = sorted(times)[int(0.9 * (len(times) - 1))] if times else float("nan")
    print(f"| {label + ': ' if label else ''}{len(same)} same + {len(wrong)} wrong | {correct}/{len(same)} | {success}/{len(same)} "
          f"| {trusted_wrong_answer} | {false_accepts}/{len(wrong)} | {statistics.median(times):.1f} | {p90:.1f} |")


if __name__ == "__main__":
    main()
