#!/usr/bin/env python3
"""Open3D's FPFH + RANSAC + ICP on the same relocalization cases, as a peer for Fathom's figures.

Runs the pipeline of Open3D's global-registration tutorial (voxel downsampling, normals, FPFH,
`registration_ransac_based_on_feature_matching` with edge-length and distance checkers, then point-to-plane
ICP) on every case of a case folder (`cases.json` in the layout of shared/data/validation/relocalization/ or of
`fathom-bench --reports --filter reloc/export`). Open3D gives no trust verdict; a result counts as "accepted"
when its ICP fitness reaches --accept-fitness (default 0.3), so that wrong rooms can be counted as false
accepts on the same footing. Times are the process's CPU time per case with one thread
(OMP_NUM_THREADS=1 is set before Open3D loads).

Exits 0 with a message when open3d is not installed.

Usage: scripts/open3d-relocalization.py CASES_DIR [--voxel M] [--accept-fitness F] [--group G] [--limit N]
"""
import argparse
import json
import math
import os
import statistics
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
try:
    import numpy as np
    import open3d as o3d
except ImportError:
    print("open3d is not installed (pip install open3d): skipping the peer comparison")
    sys.exit(0)


def preprocess(pcd, voxel):
    down = pcd.voxel_down_sample(voxel)
    down.estimate_normals(o3d.geometry.KDTreeSearchParamHybrid(radius=voxel * 2, max_nn=30))
    fpfh = o3d.pipelines.registration.compute_fpfh_feature(
        down, o3d.geometry.KDTreeSearchParamHybrid(radius=voxel * 5, max_nn=100))
    return down, fpfh


def register(source, target, voxel, seed):
    o3d.utility.random.seed(seed)
    s, sf = preprocess(source, voxel)
    t, tf = preprocess(target, voxel)
    distance = voxel * 1.5
    reg = o3d.pipelines.registration
    ransac = reg.registration_ransac_based_on_feature_matching(
        s, t, sf, tf, True, distance, reg.TransformationEstimationPointToPoint(False), 3,
        [reg.CorrespondenceCheckerBasedOnEdgeLength(0.9), reg.CorrespondenceCheckerBasedOnDistance(distance)],
        reg.RANSACConvergenceCriteria(100000, 0.999))
    icp = reg.registration_icp(s, t, voxel * 0.4, ransac.transformation, reg.TransformationEstimationPointToPlane())
    return icp


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases")
    parser.add_argument("--voxel", type=float, default=0.15,
                        help="voxel edge, metres (default 0.15: the best hand-picked value on sparse feature maps)")
    parser.add_argument("--accept-fitness", type=float, default=0.3)
    parser.add_argument("--group")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    o3d.utility.set_verbosity_level(o3d.utility.VerbosityLevel.Error)
    with open(os.path.join(args.cases, "cases.json")) as f:
        cases = json.load(f)["cases"]
    if args.group:
        cases = [c for c in cases if c.get("group") == args.group]
    if args.limit:
        cases = [c for c in cases if c["kind"] == "same-room"][: args.limit] + [
            c for c in cases if c["kind"] != "same-room"][: args.limit]
    rows = []
    for case in cases:
        source = o3d.io.read_point_cloud(os.path.join(args.cases, case["source"]))
        target = o3d.io.read_point_cloud(os.path.join(args.cases, case["target"]))
        start = time.process_time()
        result = register(source, target, args.voxel, args.seed)
        ms = (time.process_time() - start) * 1e3
        accepted = result.fitness >= args.accept_fitness
        row = {"id": case["id"], "kind": case["kind"], "ms": ms, "accepted": accepted, "fitness": result.fitness}
        if case["targetFromSource"] is not None:
            truth = np.array(case["targetFromSource"]).reshape(4, 4).T
            found = np.asarray(result.transformation)
            t = float(np.linalg.norm(found[:3, 3] - truth[:3, 3]))
            c = (np.trace(found[:3, :3].T @ truth[:3, :3]) - 1) / 2
            r = math.degrees(math.acos(max(-1.0, min(1.0, c))))
            row.update(metres=t, degrees=r, correct=t <= 0.03 and r <= 1.0)
        rows.append(row)
        print(f"{case['id']:>24} {case['kind']:>10} {('ok' if row.get('correct') else 'WRONG') if 'correct' in row else '-':>5} "
              f"fitness {result.fitness:.3f} {ms:8.1f} ms", flush=True)
    same = [r for r in rows if r["kind"] == "same-room"]
    wrong = [r for r in rows if r["kind"] != "same-room"]
    print()
    print(f"| Open3D FPFH+RANSAC+ICP (voxel {args.voxel} m) | correct (<= 3 cm, <= 1 deg) | correct and accepted "
          f"| wrong rooms accepted (fitness >= {args.accept_fitness}) | median ms (CPU) |")
    print("|---|---|---|---|---|")
    print(f"| {len(same)} same + {len(wrong)} wrong | {sum(r['correct'] for r in same)}/{len(same)} "
          f"| {sum(r['correct'] and r['accepted'] for r in same)}/{len(same)} | {sum(r['accepted'] for r in wrong)}/{len(wrong)} "
          f"| {statistics.median([r['ms'] for r in rows]):.1f} |")


if __name__ == "__main__":
    main()
