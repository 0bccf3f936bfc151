#!/usr/bin/env python3
"""Per-walk pose errors of the independent room cases: the recorded odometry and the refined poses
(`fathom plan --poses`) against the true poses, at the end of the walk, at most and as the median over
frames (evaluate.py prints the end and the maximum; this helper adds the median and a per-frame trace).

    python3 scripts/independent-rooms/pose-errors.py --work WORK [--cases a,b] [--trace DIR]

WORK holds `cases/<case>/` (the generated case: `stray/odometry.csv`, `truth.json`) and
`<case>/poses.json` (the refined poses), as `evaluate.py --work` leaves them. Errors are the camera
position's distance (cm) and the heading's difference (degrees, the view direction's turn about the
vertical). `--trace DIR` writes `DIR/<case>.csv` (frame, recorded and refined position and heading
error per frame) for looking at where the refinement moves away from the truth.

    python3 scripts/independent-rooms/pose-errors.py --package DIR --poses A.json [B.json …]

compares refined poses with the recorded poses of a scan package directory (`arkitData.json`), such as
the simulator's packages that `fathom-bench` writes under `$TMPDIR/fathom-bench-plan/` (true-pose walks
record the exact pose, so the difference is the refinement's own error), and prints where the largest
error occurs. Needs numpy (exits 0 with a message without it).
"""
import argparse
import json
import os
import sys

try:
    import numpy as np
except ImportError:  # pragma: no cover
    print("pose-errors: numpy is not installed; skipping (pip install numpy)")
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import evaluate  # noqa: E402
import generate  # noqa: E402

CASES = ["empty-1001", "empty-1002", "empty-1003", "empty-1004", "furnished-2001", "furnished-2002",
         "furnished-2003", "furnished-2004", "drifting-3001", "drifting-3002", "drifting-3003", "drifting-3004"]


def refined_poses(path):
    """Frame number → (position, view direction) of `fathom plan --poses` (ARKit: forward is −z)."""
    out = {}
    if os.path.exists(path):
        for e in json.load(open(path)).get("poses", []):
            m = np.array(e["worldFromCamera"], float).reshape(4, 4).T  # column-major
            out[int(e["frameNumber"])] = (m[:3, 3], -m[:3, 2])
    return out


def errors(poses, true):
    """Per frame (in frame order) shared by both: (frame, position error m, heading error degrees)."""
    frames = sorted(set(poses) & set(true))
    rows = []
    for i in frames:
        dp = float(np.linalg.norm(poses[i][0] - true[i][0]))
        dy = abs((evaluate._yaw(poses[i][1]) - evaluate._yaw(true[i][1]) + 180) % 360 - 180)
        rows.append((i, dp, dy))
    return rows


def recorded_poses(package):
    """Frame number → (position, view direction) of a scan package's recorded poses (`arkitData.json`)."""
    out = {}
    for f in json.load(open(os.path.join(package, "arkitData.json")))["frames"]:
        m = np.array(f["cameraTransform"], float).reshape(4, 4).T  # column-major
        out[int(f["frameNumber"])] = (m[:3, 3], -m[:3, 2])
    return out


def package_errors(package, poses_files):
    """Prints each refined pose file's errors against the package's recorded poses."""
    true = recorded_poses(package)
    print("| poses | end | max (where: frame, x, z) | median |")
    print("| --- | --- | --- | --- |")
    for path in poses_files:
        rows = errors(refined_poses(path), true)
        s = summary(rows)
        if s is None:
            print(f"| {path} | – | – | – |")
            continue
        worst = max(rows, key=lambda r: r[1])
        at = true[worst[0]][0]
        print(f"| {path} | {s['end'][0] * 100:.2f} cm / {s['end'][1]:.3f}° | {s['max'][0] * 100:.2f} cm / {s['max'][1]:.3f}° "
              f"(frame {worst[0]}, {at[0]:.2f}, {at[2]:.2f}) | {s['median'][0] * 100:.2f} cm / {s['median'][1]:.3f}° |")


def summary(rows):
    if not rows:
        return None
    dp = np.array([r[1] for r in rows])
    dy = np.array([r[2] for r in rows])
    return {"end": (dp[-1], dy[-1]), "max": (dp.max(), dy.max()), "median": (float(np.median(dp)), float(np.median(dy)))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default=None)
    ap.add_argument("--package", default=None, help="a scan package directory whose recorded poses are the truth")
    ap.add_argument("--poses", nargs="*", default=[], help="refined poses (`fathom plan --poses`) for --package")
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--trace", default=None, help="directory for per-frame CSV traces")
    a = ap.parse_args()
    if a.package:
        package_errors(a.package, a.poses)
        return
    if not a.work:
        ap.error("--work or --package is needed")
    print("| case | recorded end / max / median | refined end | refined max | refined median |")
    print("| --- | --- | --- | --- | --- |")
    for case in a.cases.split(","):
        cdir = os.path.join(a.work, "cases", case)
        truth = json.load(open(os.path.join(cdir, "truth.json")))
        true = {i: (p, f) for i, p, f in generate.true_poses(truth["kind"], truth["seed"])}
        rec = errors(evaluate._read_odometry(os.path.join(cdir, "stray", "odometry.csv")), true)
        ref = errors(refined_poses(os.path.join(a.work, case, "poses.json")), true)
        r, f = summary(rec), summary(ref)

        def cm(s, k):
            return "–" if s is None else f"{s[k][0] * 100:.1f} cm / {s[k][1]:.2f}°"

        rtext = "–" if r is None else f"{r['end'][0] * 100:.1f} / {r['max'][0] * 100:.1f} / {r['median'][0] * 100:.1f} cm"
        print(f"| {case} | {rtext} | {cm(f, 'end')} | {cm(f, 'max')} | {cm(f, 'median')} |")
        if a.trace:
            os.makedirs(a.trace, exist_ok=True)
            recd = {i: (dp, dy) for i, dp, dy in rec}
            with open(os.path.join(a.trace, f"{case}.csv"), "w") as out:
                out.write("frame,recordedPosition,recordedYawDegrees,refinedPosition,refinedYawDegrees\n")
                for i, dp, dy in ref:
                    rp, ry = recd.get(i, (float("nan"), float("nan")))
                    out.write(f"{i},{rp:.4f},{ry:.3f},{dp:.4f},{dy:.3f}\n")


if __name__ == "__main__":
    main()
